// A platform's bounce report read into what matching needs: each address of
// the report once, with the kind of bounce that counts most for it. The file is
// streamed by the suppression list's reader (suppression/read.ts, which knows
// the platforms' exports by their columns and normalises addresses as the
// importer does); only the distinct addresses stay in memory, and a bounce
// report is small beside the lists it is matched to.
import { readSuppressionFile, type SuppressionFileRead } from '../suppression/read';
import type { SuppressionReason, SuppressionRow } from '../suppression/types';

/** Hard and soft bounces, bounces the report does not type (a plain list), complaints, unsubscribes. */
export type BounceKind = 'hard' | 'soft' | 'unspecified' | 'complaint' | 'unsubscribe';

export const KIND_OF: Record<SuppressionReason, BounceKind> = {
  hard_bounce: 'hard',
  soft_bounce: 'soft',
  complaint: 'complaint',
  unsubscribe: 'unsubscribe',
  manual: 'unspecified',
  other: 'unspecified',
};

// An address in several rows (soft bounces, then a hard one) is what counts
// most: a hard bounce is the evidence, and any bounce is more than a complaint.
const RANK: Record<BounceKind, number> = {
  hard: 4,
  soft: 3,
  unspecified: 2,
  complaint: 1,
  unsubscribe: 0,
};

export interface ReportEntry {
  kind: BounceKind;
  /** The row's reason, as the suppression list keeps it. */
  reason: SuppressionReason;
  /** The earliest date of its kind's rows (ISO 8601), or null when none is dated. */
  date: string | null;
  detail: string;
}

export interface BounceReport extends SuppressionFileRead {
  entries: Map<string, ReportEntry>;
}

function merge(known: ReportEntry | undefined, row: SuppressionRow): ReportEntry {
  const kind = KIND_OF[row.reason];
  if (known && RANK[known.kind] > RANK[kind]) return known;
  if (!known || RANK[kind] > RANK[known.kind]) {
    return { kind, reason: row.reason, date: row.date, detail: row.detail };
  }
  // The same kind again: the first date it happened, with that row's words.
  if (row.date !== null && (known.date === null || row.date < known.date)) {
    return { ...known, date: row.date, detail: row.detail || known.detail };
  }
  return known;
}

/** Reads the report; throws the reader's bad_file AppError when it holds no column of addresses. */
export async function readBounceReport(path: string): Promise<BounceReport> {
  const entries = new Map<string, ReportEntry>();
  const read = await readSuppressionFile(path, {
    onBatch(rows) {
      for (const row of rows) entries.set(row.address, merge(entries.get(row.address), row));
    },
  });
  return { ...read, entries };
}

/** Kinds the user would never mail again: they join the suppression list. */
export const SUPPRESSED_KINDS: ReadonlySet<BounceKind> = new Set([
  'hard',
  'complaint',
  'unsubscribe',
]);
