// What the window is shown of the watches (lists kept clean on a schedule):
// each watch with its schedule, next run, last run and health per run, and
// the OS scheduler's entry behind "Run watches when List Cleaner is closed".
// A hot folder is shown by its folder's name only: the window never hands a
// path back, so it needs none.
import type { JobProduct } from '../model';
import type { PlatformId, VerdictStatus } from '../catalogs/platforms';

export type WatchOutcome = 'done' | 'needs-answer' | 'capped' | 'failed';

export type WatchSourceView =
  | { kind: 'platform'; platform: PlatformId; listName: string }
  | { kind: 'folder'; folderName: string; outName: string };

/** One run of a watch, as its report shows it. */
export interface WatchRunView {
  id: string;
  watchId: string;
  trigger: 'schedule' | 'now';
  startedAt: string;
  finishedAt: string;
  outcome: WatchOutcome;
  /** Why it did not finish, in the window's language; null when it did. */
  why: string | null;
  counts: {
    read: number;
    new: number;
    paid: number;
    reused: number;
    written: number;
    unchanged: number;
    refused: number;
    retired: number;
  };
  changed: { from: VerdictStatus | 'none'; to: VerdictStatus; count: number }[];
  health: { deliverable: number; undeliverable: number; unknown: number; other: number };
  chargedMicros: number | null;
  question: { retire: number; of: number; ceilingBp: number } | null;
  /** The job that checked the members, if it is still kept (its results open from the report). */
  jobId: string | null;
  files: { cleaned: number; failed: number; already: number } | null;
}

/** A point of the health chart: the shares of one finished run. */
export interface WatchHealthPoint {
  runId: string;
  at: string;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  other: number;
}

export interface WatchView {
  id: string;
  name: string;
  source: WatchSourceView;
  product: JobProduct;
  every: { count: number; unit: 'days' | 'weeks' };
  at: string;
  recheckDays: number;
  state: 'active' | 'paused';
  retire: { mode: 'unsubscribe' | 'archive'; ceilingBp: number } | null;
  /** Epoch ms of the next scheduled run (in the past: due now). */
  nextRunAt: number;
  /** A run of it is under way in this app. */
  running: boolean;
  /** The monthly cap in micros of USD; null: none. */
  capMicros: number | null;
  capKind: 'account' | 'usd' | 'none';
  spentMicros: number;
  lastRun: WatchRunView | null;
  /** The newest finished runs' health, oldest first (at most 26). */
  health: WatchHealthPoint[];
  /** The share of the list that went bad per month, measured from the runs; null until known. */
  decayPerMonth: number | null;
  createdAt: string;
}

/** The OS scheduler's entry that runs due watches with the app closed. */
export interface WatchSchedulerView {
  on: boolean;
  kind: 'systemd' | 'launchd' | 'task';
  /** What was written, where (shown, never handed back). */
  files: string[];
}

/** What a finished platform job would become as a watch: shown in the "Keep this list clean" form. */
export interface WatchDraftView {
  jobId: string;
  platform: PlatformId;
  listName: string;
  /** The platform can unsubscribe or archive members (the retire choice is offered). */
  retireModes: ('unsubscribe' | 'archive')[];
  /** Members the job found undeliverable: what a first run would retire. */
  retirable: number;
  members: number;
  /** The re-check age to propose, and the longest allowed. */
  recheckDays: number;
  maxRecheckDays: number;
  /** Settings' spending limit, the cap "the account's limit" stands for; null: none. */
  accountLimitMicros: number | null;
}
