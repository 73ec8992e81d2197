// Which service the command line talks to, with which key: the environment
// (LIST_CLEANER_BASE_URL, LIST_CLEANER_API_KEY) first, then the app's saved
// settings and keychain; or, with --demo, a sandbox in this process. Like
// the app, it keeps the demo's jobs apart, and names whose memory of paid
// answers the jobs use, so the app and the command line reuse each other's.
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { registerSecret } from '../lib/log';
import { hostOf, isLoopbackUrl, originOf, serviceUrlMessage } from '../common/urls/service-url';
import { defaultService, keyMayGo, provenAddress } from '../account/key-origin';
import { openKeyStore, type KeyStore } from '../secrets/key-store';
import { DEFAULT_BASE_URL, openSettingsStore } from '../settings/settings';
import { MAX_POLL_SECONDS, MIN_LOOPBACK_POLL_SECONDS, MIN_POLL_SECONDS } from '../common/limits';
import type { JobProduct } from '../common/model';
import { createServiceClient, type ServiceClient } from '../service/client';
import { DEMO_MEMORY, memoryAccountOf } from '../lib/account-name';
import { currentTeamStore } from '../team/current';
import { keyLimiter } from '../coordination/slots';
import { tellClockSkew } from '../coordination/notices';
import type { TeamStore } from '../team/store';
import { demoDataDir } from '../jobs/workspace';
import { namedTeam } from './team-store';
import type { CostDefaults } from './args/cost-options';
import { DEFAULT_WAIT_POLICY, type WaitPolicy } from '../jobs/waits/refusals';

export interface Connection {
  client: ServiceClient;
  /** The demo's sandbox, whose jobs and answers are kept apart (jobs/workspace.ts). */
  demo: boolean;
  /** The app's data folder, which the jobs are opened from (openAccountJobs). */
  appDataDir: string;
  /** The folder the jobs are kept in (the demo keeps its own). */
  dataDir: string;
  label: string;
  /** Unit prices the user entered in the app from their plan (a real account's only). */
  enteredPrices?: Partial<Record<JobProduct, number | null>>;
  /**
   * Whose memory of paid answers the jobs use: the key's fingerprint, or the
   * demo's, as the app names them (memory-account.ts).
   */
  memoryAccount: string;
  /** The reuse window and the spending limit set in the app, for flags not given. */
  costDefaults: CostDefaults;
  /** How long a job waits out the service's refusals: the app's setting, for --patience not given. */
  patienceMs: number;
  /** When finished jobs' unknowns are asked again: the app's setting, for --ask-again not given. */
  askAgainDelays: readonly number[];
  /** The expected hard-bounce percent past which a chosen export warns (the app's setting); null: never. */
  bounceGatePercent: number | null;
  /**
   * How soon a job tries again after a refusal: the usual pace, or, for a
   * service on this computer, LIST_CLEANER_WAIT_SECONDS (the tests' pace).
   */
  waitPolicy: WaitPolicy;
  /** The team store this command shares through (cli/team-store.ts); absent for the demo. */
  team?: () => Promise<TeamStore | null>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  demo: boolean;
  env?: NodeJS.ProcessEnv;
  /** Tests pass a key store of their own; the command opens the app's keychain entry. */
  keyStore?: () => Promise<KeyStore>;
}

function envBaseUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.LIST_CLEANER_BASE_URL?.trim();
  if (!value) return null;
  try {
    new URL(value);
  } catch {
    // Not echoed: what was set there may be anything, a key pasted in the wrong place too.
    throw new AppError('invalid_input', message('error.cli.baseUrlNotAddress'));
  }
  const problem = serviceUrlMessage(value, 'LIST_CLEANER_BASE_URL');
  if (problem) throw new AppError('invalid_input', problem);
  return value;
}

/**
 * The key and the address it goes to. A key from the environment given with
 * LIST_CLEANER_BASE_URL is the user's explicit choice. Otherwise a key goes
 * only where a key was proven (account/key-origin.ts): the app's saved key to
 * the origin it was proven against, a key from the environment to that origin
 * too, or, with no proven origin, to the default service address.
 */
async function keyAndAddress(
  env: NodeJS.ProcessEnv,
  savedAddress: string,
  openStore: () => Promise<KeyStore>,
): Promise<{ apiKey: string; baseUrl: string }> {
  const envKey = env.LIST_CLEANER_API_KEY?.trim() || null;
  const envUrl = envBaseUrl(env);
  if (envKey) registerSecret(envKey);
  if (envKey && envUrl) return { apiKey: envKey, baseUrl: envUrl };
  const saved = await openStore()
    .then((store) => store.get())
    .catch(() => null);
  const proven = saved ? provenAddress(saved) : null;
  if (envKey) {
    if (proven !== null) return { apiKey: envKey, baseUrl: proven };
    if (defaultService(savedAddress)) return { apiKey: envKey, baseUrl: savedAddress };
    throw new AppError(
      'key_unconfirmed',
      message('error.cli.envKeyElsewhere', {
        defaultHost: hostOf(DEFAULT_BASE_URL),
        savedHost: hostOf(savedAddress),
        origin: originOf(savedAddress) ?? savedAddress,
      }),
    );
  }
  if (!saved || proven === null) {
    throw new AppError('no_account', message('error.cli.noApiKey'));
  }
  const baseUrl = envUrl ?? savedAddress;
  if (!keyMayGo(baseUrl, proven)) {
    const host = hostOf(baseUrl);
    throw new AppError(
      'key_unconfirmed',
      saved.provenBaseUrl === null
        ? message('error.cli.keyNeverProven', { server: host })
        : message('error.cli.keyProvenElsewhere', { proven: hostOf(proven), server: host }),
    );
  }
  return { apiKey: saved.apiKey, baseUrl };
}

/**
 * The pace of tries after a refusal: the usual one, or LIST_CLEANER_WAIT_SECONDS
 * for every wait (backoff, balance, orders) when the service is on this
 * computer (the sandbox): tests wait seconds, never a real service's pace.
 */
function waitPolicyFor(env: NodeJS.ProcessEnv, loopback: boolean): WaitPolicy {
  const seconds = Number(env.LIST_CLEANER_WAIT_SECONDS);
  if (!loopback || !Number.isFinite(seconds) || seconds <= 0) return DEFAULT_WAIT_POLICY;
  const ms = Math.min(seconds, MAX_POLL_SECONDS) * 1_000;
  return { baseMs: ms, capMs: ms * 4, fundsEveryMs: ms, ordersEveryMs: ms };
}

/**
 * The poll interval asked for: LIST_CLEANER_POLL_SECONDS, else the app's
 * setting; never faster than the service allows (a service on this computer
 * may go faster) and never longer than an hour, so a huge value cannot
 * overflow the wait into a spin.
 */
function pollSeconds(env: NodeJS.ProcessEnv, setting: number, fast: boolean): number {
  const wanted = Number(env.LIST_CLEANER_POLL_SECONDS ?? setting);
  const asked = Number.isFinite(wanted) && wanted > 0 ? wanted : MIN_POLL_SECONDS;
  const floor = fast ? MIN_LOOPBACK_POLL_SECONDS : MIN_POLL_SECONDS;
  return Math.min(MAX_POLL_SECONDS, Math.max(floor, asked));
}

export async function connect(dataDir: string, options: ConnectOptions): Promise<Connection> {
  const env = options.env ?? process.env;
  // The app's settings apply to the demo as well, as in the app.
  const settings = await openSettingsStore(dataDir);
  const { reuseDays, maxSpendMicros, patienceHours, askAgainDelays, bounceGatePercent } =
    settings.get();
  const costDefaults = { reuseDays, maxSpendMicros };
  const patienceMs = patienceHours * 3_600_000;
  if (options.demo) {
    // The sandbox (a whole service, and its upload parser) is loaded for --demo only.
    const { startDemoService } = await import('../account/demo');
    const demo = await startDemoService();
    return {
      client: demo.client,
      demo: true,
      appDataDir: dataDir,
      dataDir: demoDataDir(dataDir),
      label: 'the demo sandbox',
      memoryAccount: DEMO_MEMORY,
      costDefaults,
      patienceMs,
      askAgainDelays,
      bounceGatePercent,
      waitPolicy: waitPolicyFor(env, true),
      close: () => demo.stop(),
    };
  }
  const { apiKey, baseUrl } = await keyAndAddress(
    env,
    settings.get().baseUrl,
    options.keyStore ?? (() => openKeyStore({ quiet: Boolean(env.LIST_CLEANER_API_KEY?.trim()) })),
  );
  registerSecret(apiKey);
  // A service on this machine is a sandbox or a developer's: it may be polled faster.
  const fast = isLoopbackUrl(baseUrl);
  const team = currentTeamStore({
    saved: () => namedTeam(env, settings),
    onClockSkew: tellClockSkew,
  });
  return {
    client: createServiceClient({
      baseUrl,
      apiKey,
      // Its requests take their slots with the app and every other process of the account.
      limiter: keyLimiter(apiKey, { dataDir, team: () => team.get() }),
      allowFastPolling: fast,
      pollIntervalSeconds: pollSeconds(env, settings.get().pollIntervalSeconds, fast),
    }),
    demo: false,
    appDataDir: dataDir,
    dataDir,
    label: hostOf(baseUrl),
    enteredPrices: settings.get().enteredPrices,
    memoryAccount: memoryAccountOf(apiKey),
    costDefaults,
    patienceMs,
    askAgainDelays,
    bounceGatePercent,
    waitPolicy: waitPolicyFor(env, fast),
    team: () => team.get(),
    close: () => team.close(),
  };
}
