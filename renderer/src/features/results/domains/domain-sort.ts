// The per-domain table's order: by any column, most first for a count and A
// to Z for the domain on the first click, the other way on the next. Ties go
// to the domain with more addresses, then by name, so an order never depends
// on how the rows came. "Other domains" is never sorted: it stays last.
import type { DomainCounts, DomainStats } from '../../../../../electron/common/views/views';

export type FindingKey = keyof DomainCounts['findings'];
export type DomainSortKey =
  'domain' | 'addresses' | 'deliverable' | 'undeliverable' | 'unknown' | 'skipped' | FindingKey;

export interface DomainSort {
  key: DomainSortKey;
  /** As aria-sort says it. */
  dir: 'ascending' | 'descending';
}

/** How main sends the table: most addresses first. */
export const DEFAULT_DOMAIN_SORT: DomainSort = { key: 'addresses', dir: 'descending' };

const FINDING_KEYS: ReadonlySet<string> = new Set<FindingKey>([
  'role',
  'free',
  'disposable',
  'typo',
  'noMail',
]);
const isFinding = (key: DomainSortKey): key is FindingKey => FINDING_KEYS.has(key);

/** A domain's count in a column (the domain column has none). */
export function countIn(d: DomainCounts, key: Exclude<DomainSortKey, 'domain'>): number {
  return isFinding(key) ? d.findings[key] : d[key];
}

/** A click on a column's header: the same column turns round; another starts its natural way. */
export function nextSort(current: DomainSort, key: DomainSortKey): DomainSort {
  if (current.key === key) {
    return { key, dir: current.dir === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, dir: key === 'domain' ? 'ascending' : 'descending' };
}

export function sortDomains(top: readonly DomainStats[], sort: DomainSort): DomainStats[] {
  const sign = sort.dir === 'ascending' ? 1 : -1;
  const byName = (a: DomainStats, b: DomainStats) => a.domain.localeCompare(b.domain);
  return [...top].sort((a, b) => {
    if (sort.key === 'domain') return sign * byName(a, b);
    return (
      sign * (countIn(a, sort.key) - countIn(b, sort.key)) ||
      b.addresses - a.addresses ||
      byName(a, b)
    );
  });
}
