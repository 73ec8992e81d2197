// A job as the window and the command line show it: its counts, money,
// state and tasks, built by jobs/view.ts. Types only (see views.ts).
import type { PlatformId } from '../catalogs/platforms';
import type { JobProduct, JobStateName } from '../model';
import type { WaitReason } from '../schedules/waits';

/** A job as the UI and the command line show it. Money is in micros of USD. */
export interface JobView {
  id: string;
  fileName: string;
  sourcePath: string;
  product: JobProduct | null;
  state: JobStateName;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Picked up again after the app or the command line stopped mid-way. */
  resumed: boolean;
  /** Is it being worked on in this process right now. */
  running: boolean;
  /**
   * Who runs it when another process does ("the list-cleaner command", "the
   * List Cleaner app"): this one only follows its progress from disk.
   */
  elsewhere: string | null;
  /** Unfinished, and run by no one: it carries on when resumed. */
  paused: boolean;
  rows: number;
  invalid: number;
  empty: number;
  duplicates: number;
  /** Unique valid addresses: what is sent and paid for. */
  unique: number;
  /** Addresses with an outcome so far. */
  checked: number;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  /** Not paid for by the user's choice: throw-away domains, role addresses. */
  disposable: number;
  role: number;
  /** Email + avatar: at providers the avatar check does not cover; not sent, nothing charged. */
  notCovered: number;
  /** On the account's suppression list: not sent, nothing charged. */
  suppressed: number;
  /** Decided by a block rule: not sent, nothing charged. */
  blocked: number;
  /** Undeliverable, found for free: their domain takes no mail. */
  noMail: number;
  /** Taken from the memory of answers already paid for. */
  reused: number;
  /** Of those, other vendors' verdicts imported into the memory. */
  reusedFromVendors: number;
  /** Paid for: outcomes the service determined for this job. */
  paid: number;
  /**
   * Of `paid`, those answered by the Email product in an Email + avatar job:
   * addresses outside the avatar check's providers, checked with Email by choice.
   */
  paidAsEmail: number;
  /** The job's spending limit in micros, when it has one. */
  limitMicros: number | null;
  /**
   * Why an unfinished job waits for the user: stopped from the window, or
   * stopped before a request that would go over its limit. Continue carries on.
   */
  hold: { reason: 'stopped' | 'limit' | 'patience'; message: string } | null;
  /**
   * Waiting out a refusal of the service: why (in words), since when, when it
   * tries next, and until when it keeps trying before it pauses for the user.
   */
  wait: {
    reason: WaitReason;
    words: string;
    since: string;
    nextTryAt: string;
    patienceEndsAt: string;
    /** A 42901 the last run's own checks (killed in flight) cause: not counted toward the patience. */
    expected: boolean;
  } | null;
  /** Sent again after their answer was lost on the way: if they had been checked, charged twice. */
  sentAgainAfterLoss: number;
  /**
   * Addresses checked again because their answer was lost, on the way or in
   * flight when a run was killed (or the power went): charged twice if the
   * service had checked them. `upToMicros`: at most what that cost; null
   * while the price is not known.
   */
  mayBeChargedTwice: {
    addresses: number;
    inFlightAtStop: number;
    lostOnTheWay: number;
    stops: number;
    upToMicros: number | null;
  };
  /** Bulk tasks: id, when sent, and when the next poll is due (null when not waiting). */
  tasks: { id: string | null; submittedAt: string | null; status: string }[];
  nextCheckAt: string | null;
  unitPriceMicros: number | null;
  /** For a done job: what the determined outcomes cost, where the unit price is known. */
  chargedMicros: number | null;
  failure: {
    code: string;
    message: string;
    charged: 'no' | 'unknown';
    /** Trying again can help without the user changing anything first. */
    retry: boolean;
    outsideCoverage?: number;
  } | null;
  /** The earlier job this list was recognised as, when it came in (see SeenBeforeView). */
  repeatOf: RepeatOf | null;
  /** The platform list the rows were read from; null for a file or a paste. */
  source: { platform: PlatformId; listName: string } | null;
  /** Its unknowns asked again, free, on a schedule; null when none were left to ask. */
  askAgain: AskAgainView | null;
}

/**
 * Asking a finished job's unknowns again: `asked` could be asked when its
 * answers were in, `left` of them are still unknown; `round` of `rounds`
 * done; the next at `nextAt`, or `ended` and why.
 */
export interface AskAgainView {
  state: 'waiting' | 'asking' | 'ended';
  round: number;
  rounds: number;
  nextAt: string | null;
  asked: number;
  left: number;
  resolved: { deliverable: number; undeliverable: number };
  ended: 'schedule' | 'none-left' | 'turned-off' | null;
}

/** How a list was recognised as one checked before. */
export interface RepeatOf {
  jobId: string;
  /** 'same-file': the very same bytes; 'same-addresses': mostly the same addresses. */
  how: 'same-file' | 'same-addresses';
  /** Share of this list's addresses that the earlier one had (1 for the same file). */
  overlap: number;
}
