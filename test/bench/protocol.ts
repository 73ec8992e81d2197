// Messages between a benchmark and its child processes (host.ts, loadgen.ts).
import type { SandboxConfig } from '../../electron/sandbox/config';
import type { ImportedList } from '../../electron/lists/types';

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

export type HostCommand = HostStart | { type: 'stats' } | { type: 'stop' };

export type HostEvent =
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

/** One measured step of the lists benchmark, each in a fresh child (lists-child.ts). */
export type ListsCommand =
  | {
      type: 'run';
      step:
        'bare' | 'bare-step' | 'import' | 'write' | 'remember' | 'seed-memory' | 'import-checked';
      path: string;
      workDir: string;
      destPath: string;
      list?: ImportedList;
      /** The data folder of the full outcome memory (seed-memory fills it, import-checked reads it). */
      memoryDataDir?: string;
    }
  | { type: 'stop' };

export type ListsEvent =
  | { type: 'ready' }
  | {
      type: 'result';
      ms: number;
      rows: number;
      /** Sampled every 20 ms, and the kernel's high-water mark (getrusage). */
      peakRssBytes: number;
      maxRssBytes: number;
      /** The highest RSS other than mapped files' pages (Linux's RssAnon; 0 elsewhere). */
      peakAnonBytes: number;
      list?: ImportedList;
      /** The remember step: what it stored, the memory's file, and the entries' own cost. */
      remember?: { stored: number; fileBytes: number; sourceMs: number };
      /** The import-checked step: each part's time and what the memory knew of the list. */
      checked?: {
        importMs: number;
        freeChecksMs: number;
        recallMs: number;
        unique: number;
        knownEmail: number;
        knownAvatar: number;
      };
      /** The seed-memory step: outcomes kept and the memory's file. */
      seeded?: { stored: number; fileBytes: number };
    }
  | { type: 'failed'; message: string };
