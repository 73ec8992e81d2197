// A job as this process holds it (its record, list and outcomes, its lock,
// who waits for it to end), and what every part of the jobs shares: the
// options, the store, the prices, the jobs held and the queue. Loading,
// saving and announcing a held job are here, since every part does them.
import type { MailDomainCheckOptions } from '../checks/dns';
import type { JobProduct, ServiceProduct } from '../common/model';
import type { TeamNoticeListener } from '../coordination/notices';
import type { AccountSharing } from '../coordination/sharing';
import type { OutcomeMemory } from '../memory/outcome-memory';
import { english, message, type Translate } from '../common/i18n/message';
import type { JobView } from '../common/views/views';
import { AppError } from '../lib/app-error';
import type { ImportedList } from '../lists/types';
import type { ServiceClient } from '../service/client';
import type { TeamStore } from '../team/store';
import type { TeamSummaries } from '../history/summaries';
import type { TeamMemory } from '../memory/team/team-memory';
import type { AccountSuppression } from '../suppression/account';
import { openAddressBook, type AddressBook } from './storage/address-book';
import type { Disk } from './storage/disk';
import { importedListSchema } from './storage/list-schema';
import type { JobLock, LockHolder } from './lock/lock';
import { loadOutcomes, type OutcomeTable } from './storage/outcomes';
import { readSendList } from './run/send-list';
import type { PriceBook } from './money/prices';
import type { JobRecord } from './storage/record';
import type { JobStore } from './storage/store';
import { jobView } from './view';
import { DEFAULT_PATIENCE_MS, type WaitPolicy } from './waits/refusals';

export interface JobsOptions {
  dataDir: string;
  /**
   * The app's own data folder, where the user's rules and each account's
   * suppression list live (the demo's jobs keep a folder of their own inside
   * it); default: dataDir.
   */
  userDataDir?: string;
  /** The client of the current account; throws when there is none. */
  client(): ServiceClient;
  /** Called whenever a job's view changes. */
  onChange?(view: JobView): void;
  /** Jobs run at the same time; the rest wait as queued. */
  concurrency?: number;
  /**
   * The service forgets everything when this process ends (the demo's
   * sandbox): tasks sent before are sent again on resume, under new keys.
   */
  ephemeralService?: boolean;
  /** The service's price list, when the app knows it (the demo's): estimates need no first charge. */
  knownPrices?: Partial<Record<ServiceProduct, number>>;
  /**
   * The service's providers and the domains each serves, when the app knows
   * them (the demo's sandbox, common/catalogs/providers.ts): an avatar review knows
   * these domains before any answer taught them (jobs/coverage/rule.ts).
   */
  knownProviders?: Readonly<Record<string, readonly string[]>>;
  /** Who runs the jobs, in words another process shows its user ("the List Cleaner app"). */
  runner?: string;
  /** How often a job run by another process is read again from disk. */
  followIntervalMs?: number;
  /**
   * How an import asks the DNS which domains receive mail (servers, canary,
   * timeouts; tests point it at a loopback server); false asks nothing.
   * Default: the system's resolver, the cache in dataDir.
   */
  mailDomains?: MailDomainCheckOptions | false;
  /**
   * Whose memory of paid answers the jobs use (a fingerprint of the key, or
   * "demo"); false: none (every address is paid for, nothing is kept).
   */
  memory?: { account: string | (() => string | null) } | false;
  /**
   * The team store the account's answers, claims, limits and history are
   * shared through (electron/team/), or null when there is none: everything
   * then stays on this computer. Never asked for the demo's account.
   */
  team?: () => Promise<TeamStore | null>;
  /**
   * Told, once each time, when the team store cannot be reached (jobs go on
   * with this computer's memory, their answers wait on disk) and when it is
   * reached again.
   */
  onTeamNotice?: TeamNoticeListener;
  /** For tests: the backoff between pushes while the team store cannot be reached. */
  teamRetry?: { firstMs: number; maxMs: number };
  /** The unit prices the user entered from their plan, until the service's are learned. */
  enteredPrices?: () => Partial<Record<JobProduct, number | null>>;
  /** For tests: free space, the outcome log's file, and how long failed writes are retried. */
  disk?: Partial<Disk>;
  /**
   * How long a refusal of the service is waited out before a job pauses for
   * the user (a setting; --patience on the command line). Six hours by default.
   */
  patienceMs?: number | (() => number);
  /** For tests: how soon tries come after a refusal (refusals.ts). */
  waitPolicy?: WaitPolicy;
  /**
   * The language of whoever reads the job views (the window's, the command
   * line's): what job.json keeps in words (a failure, a hold, a wait) is said
   * in it. English without one.
   */
  words?: () => Translate;
  /**
   * When a finished job's unknowns are asked again, in seconds after its
   * answers were all in (a setting; --ask-again); empty: never. Default
   * 30 minutes, 4 hours and 24 hours (jobs/ask-again/schedule.ts).
   */
  askAgainDelays?: () => readonly number[];
}

export interface Live {
  record: JobRecord;
  list: ImportedList;
  outcomes: OutcomeTable;
  nextChecks: Map<number, number>;
  running: boolean;
  resumed: boolean;
  waiters: ((view: JobView) => void)[];
  /** The unique addresses, read once when first needed (see address-book.ts). */
  book: Promise<AddressBook> | null;
  /** Held from the moment this process queues the job until its run ends. */
  lock: JobLock | null;
  /** Another process runs it: this one only follows its progress from disk. */
  elsewhere: LockHolder | null;
  /** The positions of the addresses sent, once planned (send-list.ts); null: all, in order. */
  sent: Uint32Array | null;
  /** Aborted by Stop: the run sends nothing new, and what was sent is waited for. */
  halt: AbortController | null;
}

/** What the parts of openJobs share. */
export interface Shared {
  options: JobsOptions;
  store: JobStore;
  disk: Disk;
  prices: PriceBook;
  /** The jobs this process holds, by id. */
  live: Map<string, Live>;
  /** Jobs waiting for a free slot, first come first run (see queue.ts). */
  queue: string[];
  /** Jobs queued by this process: their tasks are known to an ephemeral service. */
  sentHere: Set<string>;
  /** The account's memory of paid answers, opened on first use. */
  memory(): Promise<OutcomeMemory>;
  /**
   * The account's slots and claims shared with its other processes (the team
   * store's, or this data folder's); null for the demo or without an account.
   */
  sharing(): AccountSharing | null;
  /** Finished jobs' summaries for the team store, kept on disk until it has them. */
  team: TeamSummaries;
  /**
   * The account's memory shared through the team store (memory/team/team-memory.ts),
   * or null when there is no store (or no memory account, or the demo's).
   */
  teamMemory(): Promise<TeamMemory | null>;
  /** The account's suppression list (suppression/account.ts), opened on first use. */
  suppression(): Promise<AccountSuppression>;
}

export const now = (): string => new Date().toISOString();

/** Running, or waiting in the queue, in this process. */
export const runsHere = (s: Shared, l: Live): boolean => l.running || s.queue.includes(l.record.id);

/** How long this process waits out a refusal of the service before a job pauses. */
export function patienceOf(s: Shared): number {
  const p = s.options.patienceMs;
  return (typeof p === 'function' ? p() : p) ?? DEFAULT_PATIENCE_MS;
}

export const view = (s: Shared, l: Live): JobView =>
  jobView(
    l,
    s.prices,
    s.queue.includes(l.record.id),
    patienceOf(s),
    s.options.words?.() ?? english.t,
  );

export const announce = (s: Shared, l: Live): void => s.options.onChange?.(view(s, l));

export async function save(s: Shared, l: Live): Promise<void> {
  l.record.updatedAt = now();
  await s.store.save(l.record);
  announce(s, l);
}

/** Tells whoever waits for the job to end how it stands now. */
export function settle(s: Shared, l: Live): void {
  const v = view(s, l);
  for (const w of l.waiters.splice(0)) w(v);
}

/** The job's send list, as its plan counts it. */
export async function loadSent(s: Shared, record: JobRecord): Promise<Uint32Array | null> {
  const sent = record.plan?.sent;
  if (sent === undefined) return null;
  // A missing or damaged list is told when the job would run (execute.ts), not here.
  return readSendList(s.store.paths(record.id).sendList, sent).catch(() => null);
}

/** Keeps a job in memory with its list and the outcomes it has so far. */
export async function track(s: Shared, record: JobRecord, list: ImportedList): Promise<Live> {
  const outcomes = await loadOutcomes(s.store.paths(record.id).outcomes, record.unique);
  const l: Live = {
    record,
    list,
    outcomes,
    nextChecks: new Map(),
    running: false,
    resumed: false,
    waiters: [],
    book: null,
    lock: null,
    elsewhere: null,
    halt: null,
    sent: await loadSent(s, record),
  };
  s.live.set(record.id, l);
  return l;
}

/** The job held, or read from its folder and held from now on. */
export async function load(s: Shared, id: string): Promise<Live> {
  const known = s.live.get(id);
  if (known) return known;
  let record: JobRecord;
  try {
    record = await s.store.load(id);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError('invalid_input', message('error.job.noSuchJob', { id }));
    }
    throw new AppError('internal', message('error.job.damaged', { id }));
  }
  return track(s, record, importedListSchema.parse(await s.store.loadList(id)));
}

export function addressBook(l: Live): Promise<AddressBook> {
  l.book ??= openAddressBook(l.list.addressesPath);
  l.book.catch(() => (l.book = null));
  return l.book;
}

/** Lets the job's address file go (before it is read again, or the job removed). */
export async function closeBook(l: Live): Promise<void> {
  const book = l.book;
  l.book = null;
  (await book?.catch(() => null))?.close();
}

/** Choosing the column and starting are for a job not started yet. */
export function requireDraft(l: Live, action: 'sample' | 'sheet' | 'column' | 'start'): void {
  if (l.record.state !== 'draft') {
    throw new AppError('invalid_input', message('error.job.alreadyStarted', { action }));
  }
}
