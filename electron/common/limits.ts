// Limits the service sets that every process shares: main validates settings
// against them, and the window's settings form shows them. No dependencies,
// so the renderer can take them without pulling main's code (or zod) into
// the window's bundle.

/** The service asks to be polled no more often than this; only the sandbox may go faster. */
export const MIN_POLL_SECONDS = 30;

/** How long a job waits out the service's refusals before it pauses for the user, by default. */
export const DEFAULT_PATIENCE_HOURS = 6;
/** The longest patience Settings take: three days. */
export const MAX_PATIENCE_HOURS = 72;

/** The longest wait between two looks at a bulk task: an hour. */
export const MAX_POLL_SECONDS = 3600;

/** The shortest a service on this computer (the sandbox, a test) may be polled at. */
export const MIN_LOOPBACK_POLL_SECONDS = 0.01;

/**
 * How often the demo account polls its sandbox, in the app and on the command
 * line alike. The sandbox's bulk tasks finish in seconds: every 2 s keeps the
 * demo lively while its countdown ("next check in 2 s") can still be read.
 */
export const DEMO_POLL_SECONDS = 2;

/**
 * How long an outcome is reused, unless the user sets another window (0 turns
 * reuse off). A month, as NeverBounce and others reuse a recent result: a
 * mailbox is opened, filled up or closed over months, not within weeks, so a
 * month-old answer is still the answer, and a list cleaned every week or two
 * is paid for once a month at most.
 */
export const DEFAULT_REUSE_DAYS = 30;

/** A year: the memory of paid answers keeps nothing older. */
export const MAX_REUSE_DAYS = 365;
/** 1,000,000 USD: a spending limit is a guard, not a budget plan. */
export const MAX_SPEND_MICROS = 1_000_000 * 1_000_000;
/** 1 USD per address: no plan charges more, so a price typed in Settings with a slip is refused. */
export const MAX_UNIT_MICROS = 1_000_000;
/**
 * 20 million characters: a pasted list of some 700,000 addresses. Longer lists
 * are files, dropped or opened; the window says so before it sends more.
 */
export const MAX_PASTE_CHARS = 20_000_000;

/** The longest a re-verification reminder may wait, in days (ten years). */
export const MAX_RECHECK_DAYS = 3650;

/** The kinds of file List Cleaner reads a list from (the Open dialog's filter, and every grant). */
export const LIST_EXTENSIONS = ['csv', 'tsv', 'txt', 'xlsx', 'xlsm'] as const;

/**
 * 4 GiB: the largest list file taken. Ten million rows of a CSV list are
 * about 1 GB; a file four times that is not a list anyone exports.
 */
export const MAX_LIST_BYTES = 4 * 1024 ** 3;
