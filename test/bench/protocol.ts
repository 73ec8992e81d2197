// Messages between a benchmark and its child processes (host.ts, loadgen.ts,
// and the children of the stepped suites: step-child.ts).
import type { SandboxConfig } from '../../electron/sandbox/config';
import type { ImportedList } from '../../electron/lists/types';
import type { ImportChecked } from './lists-memory';

/** What host.ts serves: the sandbox, or a bare node:http server as the baseline. */
export type HostStart =
  | {
      type: 'start';
      mode: 'sandbox';
      accounts: number;
      balanceMicros: number;
      config: Partial<SandboxConfig>;
    }
  | {
      type: 'start';
      mode: 'bare';
      /** Served at GET /file when given. */
      file?: string;
    };

export type HostCommand = HostStart | { type: 'stats' } | { type: 'ledger' } | { type: 'stop' };

/** What the sandbox's ledger says a key was charged for its bulk tasks (host.ts). */
export interface LedgerReport {
  type: 'ledger';
  /** Micros spent in all: reserved and not refunded. */
  spentMicros: number;
  /** Per bulk task (the ledger's ref): addresses reserved when it was made, and refunded after. */
  tasks: { ref: string; product: string; reserved: number; refunded: number }[];
}

export type HostEvent =
  | LedgerReport
  | {
      type: 'ready';
      url: string;
      keys: string[];
      /** RSS right after the server started, before any request. */
      idleRssBytes: number;
    }
  | {
      type: 'stats';
      /** Highest RSS seen by sampling every 50 ms since the server was ready. */
      peakRssBytes: number;
      rssBytes: number;
      /** The kernel's high-water mark (getrusage), startup included. */
      maxRssBytes: number;
      samples: number;
      /** The longest the event loop was blocked since the server was ready. */
      maxEventLoopDelayMs: number;
    };

export interface LoadRun {
  type: 'run';
  url: string;
  path: string;
  keys: string[];
  /** Requests in flight per key, each on its own keep-alive connection. */
  perKey: number;
  warmupMs: number;
  durationMs: number;
  /** Size of the fixed address mix the bodies cycle through. */
  addresses: number;
}

export type LoadCommand = LoadRun | { type: 'stop' };

export interface LoadResult {
  type: 'result';
  /** Answers finished inside the measured window: 200 or 422 (undetermined). */
  answered: number;
  /** Of those, 422 undetermined. */
  undetermined: number;
  /** 429 (42901) answers: the load went over the in-flight limit. */
  busy: number;
  /** Anything else: other statuses and network errors. */
  failed: number;
  windowMs: number;
  p50Ms: number;
  p99Ms: number;
  firstFailure: string | null;
}

export type LoadEvent = LoadResult;

/**
 * One measured step run in a fresh child (child-steps.ts starts it, and
 * step-child.ts answers in it), so that its peak RSS is the step's own.
 */
export interface StepCommand {
  type: 'run';
  step: string;
  /** The generated input: the list's CSV, or the workbook. */
  path: string;
  /** The import's folder (its copies of the list, addresses, row index). */
  workDir: string;
  /** Where the writing steps write their file. */
  destPath: string;
  /** The list the writing steps write (from an earlier import). */
  list?: ImportedList;
}

/** What a step's child answers with when the step is done. */
export interface StepResult {
  type: 'result';
  ms: number;
  rows: number;
  /** Sampled every 20 ms, and the kernel's high-water mark (step-child.ts: the child's own). */
  peakRssBytes: number;
  maxRssBytes: number;
  /** The highest RSS other than mapped files' pages (Linux's RssAnon; 0 elsewhere). */
  peakAnonBytes: number;
  /** The import's list, which the writing steps are given. */
  list?: ImportedList;
}

/**
 * A step's child's messages: ready for its command, then the result or why it
 * failed. A `{ type: 'stop' }` sent to it ends it.
 */
export type StepEvent<Result extends StepResult> =
  { type: 'ready' } | Result | { type: 'failed'; message: string };

/** One measured step of the lists benchmark (lists-child.ts). */
export interface ListsStep extends StepCommand {
  step:
    | 'bare'
    | 'bare-step'
    | 'import'
    | 'write'
    | 'remember'
    | 'seed-memory'
    | 'import-checked'
    | 'seed-suppression'
    | 'import-suppressed';
  /** The data folder of the full outcome memory (seed-memory fills it, import-checked reads it). */
  memoryDataDir?: string;
  /**
   * The share of the full sizes the step works at (1 unless given): the
   * answers remembered, the memory's and the suppression list's seeds are
   * scaled as the list is (lists.bench.ts), so every ratio compares alike.
   */
  scale?: number;
}

export interface ListsResult extends StepResult {
  /** The remember step: what it stored, the memory's file, and the entries' own cost. */
  remember?: { stored: number; fileBytes: number; sourceMs: number };
  /** The import-checked step: each part's time and what the memory knew of the list. */
  checked?: Omit<ImportChecked, 'ms' | 'rows'>;
  /** The seed-memory step: outcomes kept and the memory's file. */
  seeded?: { stored: number; fileBytes: number };
  /** The seed-suppression step: entries in the suppression list. */
  suppression?: { entries: number };
}

/** One measured step of the xlsx benchmark (xlsx-child.ts). */
export interface XlsxStep extends StepCommand {
  step: 'bare-read' | 'import' | 'bare-write' | 'export';
  /** The workbook's data rows, regenerated by bare-write. */
  rows: number;
}

export interface XlsxResult extends StepResult {
  /** The written workbook's size (the writing steps). */
  fileBytes?: number;
}
