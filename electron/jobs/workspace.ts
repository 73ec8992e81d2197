// The jobs of the account in use: real jobs in the data folder, demo jobs in a
// folder of their own (a real resume must never reach a sandbox, nor a demo
// job the real service). Opening it resumes every unfinished job; a finished
// job is announced to the shell, which may show a notification.
import { join } from 'node:path';
import type { Account } from '../account/account';
import { DEMO_PRICES, DEMO_PROVIDERS } from '../account/demo';
import type { JobView } from '../common/views';
import type { EventBus } from '../common/events';
import { log } from '../lib/log';
import type { SettingsStore } from '../settings/settings';
import type { TeamStore } from '../team/store';
import type { TeamNoticeListener } from '../coordination/notices';
import { openJobs, type Jobs } from './jobs';
import type { WaitPolicy } from './waits/refusals';
import type { Translate } from '../common/i18n/message';

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
      jobs = openJobs({
        dataDir: mode === 'demo' ? join(options.dataDir, 'demo') : options.dataDir,
        userDataDir: options.dataDir,
        client: () => account.client(),
        onChange,
        runner: 'the List Cleaner app',
        // The demo's sandbox starts afresh with the app: its old tasks are gone.
        ephemeralService: mode === 'demo',
        ...(mode === 'demo' ? { knownPrices: DEMO_PRICES, knownProviders: DEMO_PROVIDERS } : {}),
        // Each key's answers apart, and the demo's apart from every key's.
        memory: { account: () => account.memoryAccount() },
        enteredPrices: () => (mode === 'demo' ? {} : options.settings.get().enteredPrices),
        patienceMs: () =>
          options.waits?.patienceMs?.() ?? options.settings.get().patienceHours * 3_600_000,
        ...(options.waits?.policy ? { waitPolicy: options.waits.policy } : {}),
        // The demo keeps its answers to itself.
        ...(mode === 'key' && options.team ? { team: options.team } : {}),
        ...(mode === 'key' && options.onTeamNotice ? { onTeamNotice: options.onTeamNotice } : {}),
        ...(options.words ? { words: options.words } : {}),
      }).then(async (j) => {
        const resumed = await j.resume().catch((err: unknown) => {
          log.warn('jobs: unfinished jobs could not be resumed', err);
          return [];
        });
        if (resumed.length > 0) log.info(`jobs: resumed ${resumed.length} unfinished job(s)`);
        ready.add(j);
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
      for (const jobs of opened.values()) await (await jobs).stop();
    },
  };
}
