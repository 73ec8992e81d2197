// What the domain table leaves out so it can be read at a glance: the columns
// that are empty for every domain shown (a column of zeros says nothing), and
// the domains with a single address each, folded into one row the user may
// open (a list of 400 one-off company domains would otherwise bury the few
// domains that matter). Pure functions: the table only draws what they say.
import type { DomainCounts, DomainStats } from '../../../../../electron/common/views/views';
import { countIn, type DomainSortKey } from './domain-sort';

export type CountKey = Exclude<DomainSortKey, 'domain' | 'addresses'>;

/** The columns with a count above zero in at least one of the rows shown, in their order. */
export function columnsWithCounts<K extends CountKey>(
  columns: readonly K[],
  rows: readonly DomainCounts[],
): K[] {
  return columns.filter((key) => rows.some((d) => countIn(d, key) > 0));
}

/** Below this many single-address domains there is nothing worth folding. */
export const FOLD_AT_LEAST = 2;

export interface FoldedDomains {
  /** Domains with more than one address, in the order given. */
  many: DomainStats[];
  /** Domains with one address each, in the order given; empty when not folded. */
  singles: DomainStats[];
  /** The singles' counts summed, for the folded row; null when not folded. */
  singlesSum: DomainCounts | null;
}

export function foldSingles(rows: readonly DomainStats[]): FoldedDomains {
  const singles = rows.filter((d) => d.addresses === 1);
  if (singles.length < FOLD_AT_LEAST) return { many: [...rows], singles: [], singlesSum: null };
  return {
    many: rows.filter((d) => d.addresses !== 1),
    singles,
    singlesSum: sumCounts(singles),
  };
}

export function sumCounts(rows: readonly DomainCounts[]): DomainCounts {
  const sum: DomainCounts = {
    addresses: 0,
    deliverable: 0,
    undeliverable: 0,
    unknown: 0,
    skipped: 0,
    findings: { role: 0, free: 0, disposable: 0, typo: 0, noMail: 0 },
  };
  for (const d of rows) {
    sum.addresses += d.addresses;
    sum.deliverable += d.deliverable;
    sum.undeliverable += d.undeliverable;
    sum.unknown += d.unknown;
    sum.skipped += d.skipped;
    for (const key of Object.keys(sum.findings) as (keyof DomainCounts['findings'])[]) {
      sum.findings[key] += d.findings[key];
    }
  }
  return sum;
}
