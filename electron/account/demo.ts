// The demo account's service, started the same way by every shell: the app's
// "Try the demo account" and the command line's --demo each get a sandbox on
// loopback with the default play money, and a client that polls it at the
// demo's pace. One function, so the two demos never drift apart.
import { DEMO_POLL_SECONDS } from '../common/limits';
import { createServiceClient, type ServiceClient } from '../service/client';
import { DEFAULT_BALANCE_MICROS, newSandboxKey, startSandbox } from '../sandbox/server';

export interface DemoService {
  /** A client for the demo's own key, at the sandbox's address. */
  client: ServiceClient;
  /** Stops the sandbox; its balance and tasks are gone with it. */
  stop(): Promise<void>;
}

export async function startDemoService(): Promise<DemoService> {
  const key = newSandboxKey();
  const sandbox = await startSandbox({
    accounts: [{ key, balanceMicros: DEFAULT_BALANCE_MICROS }],
  });
  return {
    // Only the sandbox may be polled more often than every 30 s.
    client: createServiceClient({
      baseUrl: sandbox.url,
      apiKey: key,
      allowFastPolling: true,
      pollIntervalSeconds: DEMO_POLL_SECONDS,
    }),
    stop: () => sandbox.stop(),
  };
}
