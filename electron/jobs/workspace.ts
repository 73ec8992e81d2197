// The one front door to an account's jobs, for every shell: a key's jobs in
// the data folder, the demo's in a folder of their own (a real resume must
// never reach a sandbox, nor a demo job the real service), each with its own
// memory of answers, the team only for a key. The app's workspace opens the
// jobs of the account in use through it, resumes every unfinished job and
// announces a finished one to the shell; the command line opens the jobs of
// its connection through it too.
import { startAskAgainTimer } from './ask-again/timer';
import { join } from 'node:path';
import type { Account } from '../account/account';
import type { JobView } from '../common/views/views';
import type { EventBus } from '../common/events';
import { log } from '../lib/log';
import type { SettingsStore } from '../settings/settings';
import type { TeamStore } from '../team/store';
import type { TeamNoticeListener } from '../coordination/notices';
import { openJobs, type Jobs } from './jobs';
import type { WaitPolicy } from './waits/refusals';
import type { Translate } from '../common/i18n/message';
import type { JobProduct } from '../common/model';
import type { ServiceClient } from '../service/client';

/** The demo's jobs, answers and prices, apart from every key's, in the app's data folder. */
export const demoDataDir = (dataDir: string): string => join(dataDir, 'demo');

/** What a shell says of the account whose jobs it opens; openAccountJobs decides what follows. */
export interface AccountJobsOptions {
  /** The app's data folder: a key's jobs are kept in it, the demo's in demoDataDir. */
  dataDir: string;
  /** The demo's sandbox: it forgets its tasks with the process, and shares nothing. */
  demo: boolean;
  client: () => ServiceClient;
  /** Whose memory of paid answers the jobs use (lib/account-name.ts). */
  memoryAccount: () => string | null;
  /** The unit prices the user entered from their plan (a key's only). */
  enteredPrices?: () => Partial<Record<JobProduct, number | null>>;
  patienceMs: number | (() => number);
  /** When finished jobs' unknowns are asked again (the setting; --ask-again). */
  askAgainDelays?: () => readonly number[];
  waitPolicy?: WaitPolicy;
  /** The team store a key's jobs share through; never asked for the demo's. */
  team?: () => Promise<TeamStore | null>;
  onTeamNotice?: TeamNoticeListener;
  onChange(view: JobView): void;
  /** Who runs the jobs, in words another process shows its user. */
  runner: string;
  words?: () => Translate;
}

export async function openAccountJobs(options: AccountJobsOptions): Promise<Jobs> {
  const { demo, dataDir } = options;
  // The sandbox's price list and providers are loaded for the demo only.
  const sandbox = demo ? await import('../account/demo') : null;
  return openJobs({
    dataDir: demo ? demoDataDir(dataDir) : dataDir,
    // The rules and the suppression list are the app's, the demo's jobs' too.
    userDataDir: dataDir,
    client: options.client,
    onChange: options.onChange,
    runner: options.runner,
    // The demo's sandbox starts afresh with its process: its old tasks are gone.
    ephemeralService: demo,
    ...(sandbox
      ? { knownPrices: sandbox.DEMO_PRICES, knownProviders: sandbox.DEMO_PROVIDERS }
      : {}),
    // Each key's answers apart, and the demo's apart from every key's.
    memory: { account: options.memoryAccount },
    ...(!demo && options.enteredPrices ? { enteredPrices: options.enteredPrices } : {}),
    patienceMs: options.patienceMs,
    ...(options.askAgainDelays ? { askAgainDelays: options.askAgainDelays } : {}),
    ...(options.waitPolicy ? { waitPolicy: options.waitPolicy } : {}),
    // The demo keeps its answers to itself.
    ...(!demo && options.team ? { team: options.team } : {}),
    ...(!demo && options.onTeamNotice ? { onTeamNotice: options.onTeamNotice } : {}),
    ...(options.words ? { words: options.words } : {}),
  });
}

export interface Workspace {
  /** The jobs of the current account (demo or real); throws when no account is set up. */
  jobs(): Promise<Jobs>;
  /** Is a job running or queued in this process (an update must not restart the app then). */
  busy(): boolean;
  dispose(): Promise<void>;
}

export interface WorkspaceOptions {
  dataDir: string;
  account: Account;
  /** For the unit prices the user entered from their plan. */
  settings: SettingsStore;
  events: EventBus;
  /** A job finished or failed: the shell may tell the user. */
  onFinished?(view: JobView): void;
  waits?: WaitOverrides;
  /** The team store lost or back, as a key's jobs noticed it. */
  onTeamNotice?: TeamNoticeListener;
  /** The team store a key's jobs share through (never the demo's), or null when none is set. */
  team?: () => Promise<TeamStore | null>;
  /** The window's language, which the jobs' kept words are said in (JobsOptions.words). */
  words?: () => Translate;
}

/** For tests: how soon jobs try again, and how long they wait out a refusal (null: Settings'). */
export interface WaitOverrides {
  policy?: WaitPolicy;
  patienceMs?: () => number | null;
}

export function openWorkspace(options: WorkspaceOptions): Workspace {
  const { account, events } = options;
  const opened = new Map<'demo' | 'key', Promise<Jobs>>();
  const ready = new Set<Jobs>();
  const lastState = new Map<string, string>();
  // Each account's clock for asking finished jobs' unknowns again.
  const timers: { stop(): void }[] = [];

  const onChange = (view: JobView) => {
    events.emit('job:changed', view);
    const before = lastState.get(view.id);
    lastState.set(view.id, view.state);
    if (before && before !== view.state && (view.state === 'done' || view.state === 'failed')) {
      options.onFinished?.(view);
    }
  };

  const open = (mode: 'demo' | 'key'): Promise<Jobs> => {
    let jobs = opened.get(mode);
    if (!jobs) {
      jobs = openAccountJobs({
        dataDir: options.dataDir,
        demo: mode === 'demo',
        client: () => account.client(),
        memoryAccount: () => account.memoryAccount(),
        enteredPrices: () => options.settings.get().enteredPrices,
        patienceMs: () =>
          options.waits?.patienceMs?.() ?? options.settings.get().patienceHours * 3_600_000,
        askAgainDelays: () => options.settings.get().askAgainDelays,
        ...(options.waits?.policy ? { waitPolicy: options.waits.policy } : {}),
        ...(options.team ? { team: options.team } : {}),
        ...(options.onTeamNotice ? { onTeamNotice: options.onTeamNotice } : {}),
        onChange,
        runner: 'the List Cleaner app',
        ...(options.words ? { words: options.words } : {}),
      }).then(async (j) => {
        const resumed = await j.resume().catch((err: unknown) => {
          log.warn('jobs: unfinished jobs could not be resumed', err);
          return [];
        });
        if (resumed.length > 0) log.info(`jobs: resumed ${resumed.length} unfinished job(s)`);
        ready.add(j);
        timers.push(startAskAgainTimer(j));
        return j;
      });
      opened.set(mode, jobs);
    }
    return jobs;
  };

  const current = () => {
    const mode = account.status().mode;
    if (mode === 'none') {
      // Asking the account for its client throws the "set up an account" error.
      account.client();
    }
    return open(mode === 'demo' ? 'demo' : 'key');
  };

  // Pick up unfinished jobs as soon as the app opens, not when the UI first asks.
  if (account.status().mode !== 'none') void current().catch(() => undefined);

  return {
    jobs: current,
    busy: () => [...ready].some((j) => j.busy()),
    async dispose() {
      for (const timer of timers.splice(0)) timer.stop();
      for (const jobs of opened.values()) await (await jobs).stop();
    },
  };
}
