// Which service the command line talks to, with which key: the environment
// (LIST_CLEANER_BASE_URL, LIST_CLEANER_API_KEY) first, then the app's saved
// settings and keychain; or, with --demo, a sandbox in this process.
import { join } from 'node:path';
import { AppError } from '../lib/app-error';
import { registerSecret } from '../lib/log';
import { hostOf, isLoopbackUrl, originOf, serviceUrlProblem } from '../common/service-url';
import { openKeyStore, type KeyStore } from '../secrets/key-store';
import { openSettingsStore } from '../settings/settings';
import { MIN_POLL_SECONDS } from '../common/limits';
import type { ServiceProduct } from '../common/model';
import { createServiceClient, type ServiceClient } from '../service/client';
import { startDemoService } from '../account/demo';

export interface Connection {
  client: ServiceClient;
  /** The folder the jobs are kept in (the demo keeps its own). */
  dataDir: string;
  label: string;
  /** The service's price list, when the app knows it (the demo's). */
  knownPrices?: Partial<Record<ServiceProduct, number>>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  demo: boolean;
  env?: NodeJS.ProcessEnv;
  /** Tests pass a key store of their own; the command opens the app's keychain entry. */
  keyStore?: () => Promise<KeyStore>;
}

/** Demo jobs never mix with real ones: a real resume must never reach a sandbox. */
export const demoDataDir = (dataDir: string): string => join(dataDir, 'demo');

function envBaseUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.LIST_CLEANER_BASE_URL?.trim();
  if (!value) return null;
  try {
    new URL(value);
  } catch {
    throw new AppError('invalid_input', `LIST_CLEANER_BASE_URL is not a web address: ${value}`);
  }
  const problem = serviceUrlProblem(value, 'LIST_CLEANER_BASE_URL');
  if (problem) throw new AppError('invalid_input', problem);
  return value;
}

/**
 * The key and the address it goes to. A key from the environment given with
 * LIST_CLEANER_BASE_URL is the user's explicit choice. The app's saved key
 * goes only to the origin it was proven against, whatever the settings file
 * or the environment now say.
 */
async function keyAndAddress(
  env: NodeJS.ProcessEnv,
  savedAddress: string,
  openStore: () => Promise<KeyStore>,
): Promise<{ apiKey: string; baseUrl: string }> {
  const envKey = env.LIST_CLEANER_API_KEY?.trim() || null;
  const envUrl = envBaseUrl(env);
  if (envKey && envUrl) return { apiKey: envKey, baseUrl: envUrl };
  const saved = await openStore()
    .then((store) => store.get())
    .catch(() => null);
  // A key saved by an earlier version was proven against the address saved beside it.
  const proven = saved ? (saved.provenBaseUrl ?? savedAddress) : null;
  if (envKey) return { apiKey: envKey, baseUrl: proven ?? savedAddress };
  if (!saved || proven === null) {
    throw new AppError(
      'no_account',
      'No API key: set LIST_CLEANER_API_KEY, save a key in the List Cleaner app, or try --demo.',
    );
  }
  const baseUrl = envUrl ?? savedAddress;
  if (originOf(baseUrl) !== originOf(proven)) {
    throw new AppError(
      'key_unconfirmed',
      `The API key saved in List Cleaner was proven for ${hostOf(proven)}, not ${hostOf(baseUrl)}, and goes nowhere else. Confirm ${hostOf(baseUrl)} in the app’s Settings, or give its key in LIST_CLEANER_API_KEY together with LIST_CLEANER_BASE_URL. Nothing was sent or charged.`,
    );
  }
  return { apiKey: saved.apiKey, baseUrl };
}

export async function connect(dataDir: string, options: ConnectOptions): Promise<Connection> {
  const env = options.env ?? process.env;
  if (options.demo) {
    const demo = await startDemoService();
    return {
      client: demo.client,
      dataDir: demoDataDir(dataDir),
      label: 'the demo sandbox',
      knownPrices: demo.prices,
      close: () => demo.stop(),
    };
  }
  const settings = await openSettingsStore(dataDir);
  const { apiKey, baseUrl } = await keyAndAddress(
    env,
    settings.get().baseUrl,
    options.keyStore ?? (() => openKeyStore()),
  );
  registerSecret(apiKey);
  // A service on this machine is a sandbox or a developer's: it may be polled faster.
  const fast = isLoopbackUrl(baseUrl);
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
    label: hostOf(baseUrl),
    close: async () => undefined,
  };
}
