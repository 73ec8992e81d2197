// How a job's unique addresses are split between the service's ways of
// checking: multi checks (with single checks in the spare slots where that
// saves a round trip) for small lists, bulk tasks for large ones, each task
// within the service's line and file-size limits.
import type { JobProduct } from '../../common/model';

export type { JobProduct } from '../../common/model';

/** A half-open range of unique-address indexes. */
export interface Range {
  start: number;
  end: number;
}

export interface BulkLimits {
  minLines: number;
  maxLines: number;
  maxFileBytes: number;
}

export const SYNC_LIMIT = 999;
export const MULTI_SIZE = 100;
/** Five requests in flight, one of them the multi check: four single checks beside it. */
export const SPARE_SLOTS = 4;

export function bulkLimits(product: JobProduct): BulkLimits {
  return {
    minLines: 1_000,
    maxLines: product === 'avatar' ? 100_000 : 500_000,
    // The service's default; a task stays a little under it to leave room for the form.
    maxFileBytes: 20 * 1024 * 1024 - 64 * 1024,
  };
}

export interface SyncSchedule {
  /** Multi checks, sent one after another. */
  multis: Range[];
  /** Sent as single checks, at the same time as the multi checks. */
  singles: Range | null;
}

/**
 * The fewest round trips for `count` addresses: r rounds of one multi check
 * (100) and four single checks each. Single checks are used only for what the
 * multi checks cannot take in r rounds, so a list of 1–100 is one multi check.
 */
export function syncSchedule(range: Range): SyncSchedule {
  const count = range.end - range.start;
  if (count <= 0) return { multis: [], singles: null };
  const rounds = Math.ceil(count / (MULTI_SIZE + SPARE_SLOTS));
  const singleCount = Math.max(0, count - rounds * MULTI_SIZE);
  const multiEnd = range.end - singleCount;
  const multis: Range[] = [];
  for (let start = range.start; start < multiEnd; start += MULTI_SIZE) {
    multis.push({ start, end: Math.min(multiEnd, start + MULTI_SIZE) });
  }
  return { multis, singles: singleCount > 0 ? { start: multiEnd, end: range.end } : null };
}

export interface JobPlan {
  bulk: Range[];
  /** The addresses checked synchronously: a small list, or the remainder of a large one. */
  sync: Range | null;
}

/**
 * `lineBytes(i)` is the size of address i's line in a task file. Tasks are cut
 * at maxLines or maxFileBytes, whichever comes first, and evened out so no task
 * ends up under the minimum where the count allows; what cannot make a task of
 * its own (under 1,000) goes through multi checks.
 */
export function planJob(
  unique: number,
  product: JobProduct,
  lineBytes: (index: number) => number,
): JobPlan {
  if (unique <= SYNC_LIMIT)
    return { bulk: [], sync: unique > 0 ? { start: 0, end: unique } : null };
  const limits = bulkLimits(product);
  // First cut greedily by both limits.
  const cuts: Range[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < unique; i++) {
    const size = lineBytes(i);
    if (i - start >= limits.maxLines || bytes + size > limits.maxFileBytes) {
      cuts.push({ start, end: i });
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  cuts.push({ start, end: unique });
  const last = cuts[cuts.length - 1] as Range;
  if (cuts.length > 1 && last.end - last.start < limits.minLines) {
    // Borrow from the task before, when it can spare the lines and stay valid.
    const before = cuts[cuts.length - 2] as Range;
    const need = limits.minLines - (last.end - last.start);
    if (before.end - before.start - need >= limits.minLines) {
      let moved = 0;
      for (let i = before.end - 1; i >= before.end - need; i--) moved += lineBytes(i);
      let lastBytes = 0;
      for (let i = last.start; i < last.end; i++) lastBytes += lineBytes(i);
      if (lastBytes + moved <= limits.maxFileBytes) {
        before.end -= need;
        last.start -= need;
      }
    }
  }
  const bulk = cuts.filter((c) => c.end - c.start >= limits.minLines);
  const rest = cuts.find((c) => c.end - c.start < limits.minLines);
  return { bulk, sync: rest ?? null };
}

/**
 * How a send list divides (money/settle.ts), in its order: addresses sent
 * with the job's product (for Email + avatar, at covered domains), those at
 * domains not known yet (Email + avatar), and those checked with Email (an
 * Email + avatar job's addresses outside coverage, by the user's choice).
 */
export interface SendParts {
  main: number;
  unknown: number;
  email: number;
}

/** A bulk task of a plan; `product` when not the job's. */
export interface PlannedTask extends Range {
  product?: JobProduct;
}

/** A range checked synchronously with a product of its own. */
export interface SyncPart extends Range {
  product: JobProduct;
}

export interface SendPlan {
  bulk: PlannedTask[];
  /** Checked synchronously with the job's product. */
  sync: Range | null;
  /** Checked synchronously after `sync`, each with its product. */
  syncParts: SyncPart[];
}

/**
 * The plan of a send list by its parts: the main part as planJob cuts it;
 * the addresses at domains not known yet by synchronous checks only (an
 * avatar bulk file holding one uncovered address is refused whole), after
 * the main part's remainder; those checked with Email as planJob cuts them
 * for Email.
 */
export function planSend(
  parts: SendParts,
  product: JobProduct,
  lineBytes: (position: number) => number,
): SendPlan {
  const main = planJob(parts.main, product, lineBytes);
  const bulk: PlannedTask[] = [...main.bulk];
  const syncParts: SyncPart[] = [];
  let sync = main.sync;
  const unknownEnd = parts.main + parts.unknown;
  if (parts.unknown > 0) {
    // Right after the main part's remainder (always its last cut): one range for both.
    if (sync === null || sync.end === parts.main) {
      sync = { start: sync?.start ?? parts.main, end: unknownEnd };
    } else syncParts.push({ start: parts.main, end: unknownEnd, product });
  }
  if (parts.email > 0) {
    const email = planJob(parts.email, 'email', (p) => lineBytes(unknownEnd + p));
    const shift = (r: Range): Range => ({ start: r.start + unknownEnd, end: r.end + unknownEnd });
    for (const task of email.bulk) bulk.push({ ...shift(task), product: 'email' });
    if (email.sync) syncParts.push({ ...shift(email.sync), product: 'email' });
  }
  return { bulk, sync, syncParts };
}
