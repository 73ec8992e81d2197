// The results' filter (outcome, provider, domain, findings, risk) as a test of one
// row, and the rows of a job it passes: the rows table pages through them and
// an export asked for "the rows I see" keeps exactly them. A row passes a facet
// when it has any of the facet's values, and the filter when it passes every
// facet; an empty facet asks nothing.
import type { RowFilter } from '../../common/views/views';
import type { ImportedList, JobOutcome } from '../../lists/types';
import { grown } from '../../lib/grown';
import { rowRisk } from '../../lists/judge/row-risk';
import {
  day,
  FLAG_BITS,
  rowFacts,
  type OutcomeLookup,
  type RowFacts,
} from '../../lists/judge/row-facts';
import { eachRowChunk } from '../../lists/read/row-index';
import type { AddressBook } from '../storage/address-book';
import { domainIndex, type DomainIndex } from './domains';
import { readFlags } from '../money/free-split';

/** A provider as the summary names it (outcomes.ts): null was not reported, '' is not registered. */
export function providerKey(outcome: JobOutcome | undefined): string | null {
  if (!outcome) return null;
  if (outcome.provider == null) return 'not reported';
  return outcome.provider === '' ? 'not registered' : outcome.provider;
}

export interface RowTestSources {
  domains: DomainIndex;
  /** The free checks' byte of each unique address. */
  flags: Uint8Array;
  /** When the job's own answers were given (ISO), for a row's risk; the moment risk is judged at. */
  checkedOn?: string | null;
  now?: number;
}

/** What the test (and the per-domain table) reads of each unique address: its domain and findings. */
export async function rowTestSources(
  list: Pick<ImportedList, 'findings'>,
  book: AddressBook,
  checkedOn?: string | null,
): Promise<RowTestSources> {
  return {
    domains: domainIndex(book),
    flags: await readFlags(list.findings?.findingsPath, book.count),
    checkedOn: checkedOn ?? null,
    now: Date.now(),
  };
}

export function rowTest(filter: RowFilter, sources: RowTestSources): (row: RowFacts) => boolean {
  const outcomes = new Set<string>(filter.outcomes);
  const providers = new Set(filter.providers);
  // Domains no address is at pass no row: the set stays, empty of ids.
  const domainIds = new Set(
    filter.domains.flatMap((d) => {
      const id = sources.domains.find(d.trim());
      return id === undefined ? [] : [id];
    }),
  );
  // Reused is not a free check's bit: it is the outcome's origin.
  const bits = FLAG_BITS.reduce(
    (all, [bit, f]) => (filter.findings.includes(f) ? all | bit : all),
    0,
  );
  const reused = filter.findings.includes('reused');
  const risks = new Set(filter.risks ?? []);
  const checkedOn = day(sources.checkedOn);
  const now = sources.now ?? Date.now();
  return (row) => {
    if (outcomes.size > 0 && !outcomes.has(row.status)) return false;
    const i = row.addressIndex;
    if (providers.size > 0) {
      const key = providerKey(row.outcome);
      if (key === null || !providers.has(key)) return false;
    }
    if (filter.domains.length > 0 && (i < 0 || !domainIds.has(sources.domains.idOf[i] as number))) {
      return false;
    }
    if (filter.findings.length > 0) {
      const f = i >= 0 ? (sources.flags[i] ?? 0) : 0;
      if ((f & bits) === 0 && !(reused && row.outcome?.origin === 'reused')) return false;
    }
    if (risks.size > 0) {
      const flags = i >= 0 ? (sources.flags[i] ?? 0) : 0;
      if (!risks.has(rowRisk({ ...row, flags, checkedOn }, now).level)) return false;
    }
    return true;
  };
}

/**
 * The rows `test` passes, in the file's order: their positions (0-based) in
 * the row index and their entries. The index is read a chunk at a time, so
 * what is held is what passes.
 */
export async function matchingRows(
  rowIndexPath: string,
  outcomeOf: OutcomeLookup,
  test: (row: RowFacts) => boolean,
): Promise<{ positions: Int32Array; entries: Int32Array }> {
  const factsOf = rowFacts(outcomeOf, {});
  let positions = new Int32Array(4096);
  let entries = new Int32Array(4096);
  let n = 0;
  await eachRowChunk(rowIndexPath, (chunk, first) => {
    for (let k = 0; k < chunk.length; k++) {
      const entry = chunk[k] as number;
      if (!test(factsOf(entry))) continue;
      if (n === positions.length) {
        positions = grown(positions);
        entries = grown(entries);
      }
      positions[n] = first + k;
      entries[n] = entry;
      n += 1;
    }
  });
  return { positions: positions.slice(0, n), entries: entries.slice(0, n) };
}
