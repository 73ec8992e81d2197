// The one entry the shells use: createCore opens everything the product does
// (the account, the jobs, settings, file grants) and wires it behind the
// handler table and the event bus, without Electron. The Electron main process
// (main.ts) and the e2e test bridge (test/e2e/fixtures.ts) are thin shells
// around it. The command line has no window to serve: it opens the jobs and
// the service client it needs itself (cli/).
import { mkdir } from 'node:fs/promises';
import { join, posix, win32 } from 'node:path';
import { openAccount, type Account } from './account/account';
import { createHandlers } from './ipc/handlers';
import type { ShellHooks } from './ipc/shell-hooks';
import { languageOf } from './ipc/settings/handlers';
import type { EventBus, JobView } from './ipc/contract';
import { openWorkspace, type WaitOverrides, type Workspace } from './jobs/workspace';
import { translatorFollowing } from './common/i18n/catalogs';
import { say, type Translate } from './common/i18n/message';
import { createEventBus, createHandlerRegistry, type HandlerRegistry } from './ipc/registry';
import {
  createMemoryKeyStore,
  openKeyStore,
  type KeyStore,
  type KeyStoreOptions,
} from './secrets/key-store';
import { openTeamConnection, savedTeam, TEAM_KEYCHAIN_ACCOUNT } from './team/connection';
import { currentTeamStore } from './team/current';
import { keyLimiter } from './coordination/slots';
import { onTeamNotice, teamNoticeGate, tellClockSkew } from './coordination/notices';
import { openTeamHistory } from './history/views';
import { whoRunsHere } from './history/summaries';
import { openOutbox } from './memory/team/outbox';
import { openSettingsStore, type SettingsStore } from './settings/settings';
import { createFileGrants, type FileGrants } from './files/grants';
import { fileGrantRoute, type FileGrantRoute } from './ipc/file-grant';
import { noConsent } from './lib/consent';
import { redactSecrets } from './lib/redact-secrets';
import { openAppPlatforms, type AppPlatformsOptions } from './connectors/app';
import type { WatchRunView } from './common/views/watch-views';
import { openAppRunner, type AppRunner } from './watches/app-runner';
import { runView } from './watches/views';
import type { SchedulerHost } from './watches/scheduler/install';
import { schedulerHostOf } from './watches/scheduler/host';

export interface CoreOptions {
  /** The app's data folder (Electron's userData in the app). */
  dataDir: string;
  keychain?: KeyStoreOptions;
  /** Tests may pass a ready key store; the app always opens the real keychain. */
  keyStore?: KeyStore;
  /** Native dialogs and the file manager; without a shell, exports go next to the input. */
  shell?: Partial<ShellHooks> & {
    notify?(view: JobView): void;
    /** A watch's run could not go on: said in a notification (shell/native.ts). */
    notifyWatch?(name: string, run: WatchRunView): void;
  };
  /**
   * The watches the open app runs: how often it looks for due ones (null: only
   * when asked, for tests), and this computer's scheduler with the command its
   * entry runs (by default the running executable with --run-due-watches).
   */
  watches?: {
    everyMs?: number | null;
    scheduler?: { host(): SchedulerHost; command(): readonly string[] };
  };
  /**
   * Whether an output or event payload that breaks the contract is an error
   * (see ContractChecks in ipc/registry.ts); by default, strictContract().
   */
  strictContract?: boolean;
  /** For tests: a faster pace of tries, and a patience of their own, instead of Settings'. */
  waits?: WaitOverrides;
  /** For tests: the platforms' fakes (their addresses, a key store, short waits). */
  platforms?: Pick<AppPlatformsOptions, 'urls' | 'keys' | 'http'>;
  /** For tests: the team store password's key store, and how long to wait to reach a store. */
  team?: { keys?: KeyStore; connectTimeoutMs?: number };
}

export interface Core {
  registry: HandlerRegistry;
  events: EventBus;
  account: Account;
  workspace: Workspace;
  /** What the user set; main reads when to remind of a list to check again. */
  settings: SettingsStore;
  /** Files the user chose by a gesture; the shells register drops here. */
  files: FileGrants;
  /** The route of the preload's grant channel (a dropped file's path), outside window.api. */
  fileGrant: FileGrantRoute;
  /** The watches this app runs while open (a headless start sweeps once and quits). */
  watches: AppRunner;
  dispose(): Promise<void>;
}

/**
 * Strict everywhere but in an installed build: in development, under Vitest
 * and in the e2e suite a handler's output or an event's payload that breaks
 * its schema is an error; in an installed build it is logged and passed on.
 * An installed build is Electron's app.isPackaged, worked out without
 * Electron as Electron does: the app runs from its own executable, not one
 * named electron. NODE_ENV=production turns it off anywhere; a test run
 * (Vitest, a Playwright worker) is always strict.
 */
export function strictContract(
  env: Record<string, string | undefined> = process.env,
  runtime: { electron?: string; execPath: string; platform: string } = {
    electron: process.versions.electron,
    execPath: process.execPath,
    platform: process.platform,
  },
): boolean {
  if (env.VITEST || env.TEST_WORKER_INDEX !== undefined) return true;
  if (env.NODE_ENV === 'production') return false;
  if (runtime.electron === undefined) return true;
  const windows = runtime.platform === 'win32';
  const executable = (windows ? win32 : posix).basename(runtime.execPath).toLowerCase();
  return executable === (windows ? 'electron.exe' : 'electron');
}

/** The open app's runner of due watches, over the account in use's jobs and connectors. */
function appWatches(
  options: CoreOptions,
  c: {
    account: Account;
    workspace: Workspace;
    platforms: ReturnType<typeof openAppPlatforms>;
    settings: SettingsStore;
    events: EventBus;
    words: () => Translate;
  },
): AppRunner {
  const notifyWatch = options.shell?.notifyWatch;
  return openAppRunner({
    dataDir: options.dataDir,
    ready: () => c.account.status().mode !== 'none',
    deps: async () => ({
      jobs: await c.workspace.jobs(),
      connectors: await c.platforms.connectors(),
      accountLimitMicros: c.settings.get().maxSpendMicros,
    }),
    changed: (watchId) => c.events.emit('watch:changed', { watchId }),
    ...(notifyWatch
      ? { notify: (watch, run) => notifyWatch(watch.name, runView(run, c.words())) }
      : {}),
    ...(options.watches?.everyMs === undefined ? {} : { everyMs: options.watches.everyMs }),
  });
}

export async function createCore(options: CoreOptions): Promise<Core> {
  await mkdir(options.dataDir, { recursive: true });
  const strict = options.strictContract ?? strictContract();
  const events = createEventBus({ strict });
  const settings = await openSettingsStore(options.dataDir);
  const keyStore = options.keyStore ?? (await openKeyStore(options.keychain));
  // Without a shell there is no one to ask, and the answer is no.
  const consent = options.shell?.consent ?? noConsent;
  // Opened when first needed; a test that passes its own key store keeps the password in memory too.
  let teamKeys: Promise<KeyStore> | null = null;
  const openTeamKeys = () =>
    (teamKeys ??=
      options.team?.keys !== undefined
        ? Promise.resolve(options.team.keys)
        : options.keyStore !== undefined
          ? Promise.resolve(createMemoryKeyStore(null))
          : openKeyStore({ ...options.keychain, account: TEAM_KEYCHAIN_ACCOUNT }));
  const teamStore = currentTeamStore({
    saved: () => savedTeam(settings.get().teamUrl, openTeamKeys, settings.get().teamRootCert),
    onClockSkew: tellClockSkew,
    ...(options.team?.connectTimeoutMs === undefined
      ? {}
      : { connectTimeoutMs: options.team.connectTimeoutMs }),
  });
  // The window's language: its errors and the jobs' kept words are said in it.
  const windowWords = translatorFollowing(() =>
    languageOf(options.shell ?? {}, settings.get().language),
  );
  const words = () => windowWords().t;
  const account = await openAccount({
    words,
    balanceFile: join(options.dataDir, 'balance.json'),
    keyStore,
    settings,
    events,
    consent,
    // A key's requests take their slots with every other process of the account.
    limiterFor: (apiKey) =>
      keyLimiter(apiKey, { dataDir: options.dataDir, team: () => teamStore.get() }),
  });
  const files = createFileGrants(process.platform);
  // The team store lost or back, said to the window once each time, whoever noticed, in its language.
  const teamNotice = teamNoticeGate((message, kind, said) =>
    events.emit('team:notice', {
      kind,
      // A store's own words may quote its address: never with a password.
      message: redactSecrets(said ? say(windowWords().t, said) : message),
    }),
  );
  const stopTeamNotices = onTeamNotice(teamNotice);
  const workspace = openWorkspace({
    team: () => teamStore.get(),
    onTeamNotice: teamNotice,
    dataDir: options.dataDir,
    account,
    settings,
    events,
    ...(options.shell?.notify ? { onFinished: options.shell.notify } : {}),
    ...(options.waits ? { waits: options.waits } : {}),
    words,
  });
  const shell: ShellHooks = {
    chooseOpenPath: options.shell?.chooseOpenPath ?? (async () => null),
    chooseSavePath: options.shell?.chooseSavePath ?? (async (path) => path),
    chooseFolder: options.shell?.chooseFolder ?? (async (path) => path),
    chooseCertificate: options.shell?.chooseCertificate ?? (async () => null),
    showInFolder: options.shell?.showInFolder ?? (() => undefined),
    consent,
    // Only a shell that shows notifications has a job clicked before a window listened.
    takePendingResults: options.shell?.takePendingResults ?? (() => null),
    // Without a shell's language, the chosen one, or English for the system's.
    ...(options.shell?.language ? { language: options.shell.language } : {}),
    ...(options.shell?.languageChanged ? { languageChanged: options.shell.languageChanged } : {}),
    updates: options.shell?.updates ?? {
      status: () => ({
        state: 'off',
        version: null,
        progress: null,
        message: words()('error.update.installedOnly'),
      }),
      restart: () => undefined,
    },
  };
  const platforms = openAppPlatforms({
    dataDir: options.dataDir,
    account,
    workspace,
    events,
    consent,
    words: () => windowWords().t,
    ...options.platforms,
  });
  const team = openTeamConnection({
    settings,
    keys: openTeamKeys,
    memoryAccount: () => account.memoryAccount(),
    waiting: (memoryAccount) => openOutbox(options.dataDir, memoryAccount).waiting(),
    consent,
    words: () => windowWords().t,
    ...(options.team?.connectTimeoutMs === undefined
      ? {}
      : { connectTimeoutMs: options.team.connectTimeoutMs }),
  });
  const teamHistory = openTeamHistory({
    store: () => teamStore.get(),
    account: () => account.memoryAccount(),
    who: whoRunsHere,
    beforeRead: async () => (await workspace.jobs()).shareSummaries(),
  });
  const watches = appWatches(options, {
    account,
    workspace,
    platforms,
    settings,
    events,
    words: () => windowWords().t,
  });
  const registry = createHandlerRegistry(
    createHandlers({
      account,
      files,
      settings,
      workspace,
      events,
      shell,
      platforms,
      team,
      teamHistory,
      dataDir: options.dataDir,
      watches,
      watchScheduler: options.watches?.scheduler ?? {
        host: () => schedulerHostOf(options.dataDir),
        command: () => [process.execPath, '--run-due-watches'],
      },
      words,
    }),
    { strict, words },
  );
  return {
    registry,
    events,
    account,
    workspace,
    settings,
    files,
    fileGrant: fileGrantRoute(files, words),
    watches,
    async dispose() {
      await watches.dispose();
      await platforms.dispose();
      await workspace.dispose();
      stopTeamNotices();
      await teamStore.close();
      await account.dispose();
    },
  };
}
