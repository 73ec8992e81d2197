// Which service the command line talks to, with which key: the environment
// (LIST_CLEANER_BASE_URL, LIST_CLEANER_API_KEY) first, then the app's saved
// settings and keychain; or, with --demo, a sandbox in this process.
import { join } from 'node:path';
import { AppError } from '../lib/app-error';
import { registerSecret } from '../lib/log';
import { openKeyStore } from '../secrets/key-store';
import { openSettingsStore } from '../settings/settings';
import { createServiceClient, MIN_POLL_SECONDS, type ServiceClient } from '../service/client';
import { DEFAULT_BALANCE_MICROS, newSandboxKey, startSandbox } from '../sandbox/server';

export interface Connection {
  client: ServiceClient;
  /** The folder the jobs are kept in (the demo keeps its own). */
  dataDir: string;
  label: string;
  close(): Promise<void>;
}

/** A service on this machine is a sandbox or a developer's: it may be polled faster. */
export function isLoopback(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1';
}

export async function connect(
  dataDir: string,
  options: { demo: boolean; env?: NodeJS.ProcessEnv },
): Promise<Connection> {
  const env = options.env ?? process.env;
  if (options.demo) {
    const key = newSandboxKey();
    const sandbox = await startSandbox({
      accounts: [{ key, balanceMicros: DEFAULT_BALANCE_MICROS }],
    });
    return {
      client: createServiceClient({
        baseUrl: sandbox.url,
        apiKey: key,
        allowFastPolling: true,
        pollIntervalSeconds: 1,
      }),
      // Demo jobs never mix with real ones: a real resume must never reach a sandbox.
      dataDir: join(dataDir, 'demo'),
      label: 'the demo sandbox',
      close: () => sandbox.stop(),
    };
  }
  const settings = await openSettingsStore(dataDir);
  const baseUrl = env.LIST_CLEANER_BASE_URL ?? settings.get().baseUrl;
  try {
    new URL(baseUrl);
  } catch {
    throw new AppError('invalid_input', `LIST_CLEANER_BASE_URL is not a web address: ${baseUrl}`);
  }
  let apiKey = env.LIST_CLEANER_API_KEY?.trim() || null;
  if (!apiKey) {
    const store = await openKeyStore();
    apiKey = await store.get().catch(() => null);
  }
  if (!apiKey) {
    throw new AppError(
      'no_account',
      'No API key: set LIST_CLEANER_API_KEY, save a key in the List Cleaner app, or try --demo.',
    );
  }
  registerSecret(apiKey);
  const fast = isLoopback(baseUrl);
  const wanted = Number(env.LIST_CLEANER_POLL_SECONDS ?? settings.get().pollIntervalSeconds);
  const pollIntervalSeconds = Number.isFinite(wanted) && wanted > 0 ? wanted : MIN_POLL_SECONDS;
  return {
    client: createServiceClient({
      baseUrl,
      apiKey,
      allowFastPolling: fast,
      pollIntervalSeconds: fast
        ? pollIntervalSeconds
        : Math.max(MIN_POLL_SECONDS, pollIntervalSeconds),
    }),
    dataDir,
    label: new URL(baseUrl).host,
    close: async () => undefined,
  };
}
