// The demo account's service, started the same way by every shell: the app's
// "Try the demo account" and the command line's --demo each get a sandbox on
// loopback with the default play money, and a client that polls it at the
// demo's pace. One function, so the two demos never drift apart.
import { DEMO_POLL_SECONDS } from '../common/limits';
import type { ServiceProduct } from '../common/model';
import { sandboxProviderDomains } from '../common/catalogs/providers';
import { createServiceClient, type ServiceClient } from '../service/client';
import { defaultConfig } from '../sandbox/config';
import { DEFAULT_BALANCE_MICROS, newSandboxKey, startSandbox } from '../sandbox/server/server';

/**
 * What the demo's sandbox charges per address, in micros: the sandbox's own
 * prices, which the app sets, so every estimate on the demo is known before
 * the first check.
 */
export const DEMO_PRICES: Readonly<Record<ServiceProduct, number>> = defaultConfig().prices;

/**
 * The demo's sandbox's providers and their domains, which the app knows as it
 * knows its prices: an avatar review on the demo knows gmail.com and the rest
 * before any answer taught them.
 */
export const DEMO_PROVIDERS: Readonly<Record<string, readonly string[]>> = sandboxProviderDomains;

export interface DemoService {
  /** A client for the demo's own key, at the sandbox's address. */
  client: ServiceClient;
  /** Its price list (DEMO_PRICES), for the jobs' estimates. */
  prices: Readonly<Record<ServiceProduct, number>>;
  /** Its providers' domains (DEMO_PROVIDERS), for the avatar reviews. */
  providers: Readonly<Record<string, readonly string[]>>;
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
    prices: DEMO_PRICES,
    providers: DEMO_PROVIDERS,
    stop: () => sandbox.stop(),
  };
}
