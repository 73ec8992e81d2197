// The avatar products' coverage of a job's addresses, by the one rule
// (rule.ts) over what the account learned (its memory's facts) and, for the
// demo, the sandbox's table: each domain judged once, each address by its
// domain.
import type { AddressBook } from '../storage/address-book';
import type { Shared } from '../live';
import { domainIndex } from '../results/domains';
import { coverageOf, tableOf, type Coverage, type Knowledge } from './rule';

/** Coverage as kept per address: a byte, an index into this list. */
export const COVERAGES: readonly Coverage[] = ['unknown', 'covered', 'outside'];

/** What the rule reads for the jobs of the account in use. */
export async function knowledgeOf(s: Shared): Promise<Knowledge> {
  const { facts } = await s.memory();
  const table = tableOf(s.options.knownProviders);
  return {
    domain: (name) => facts.domain(name),
    provider: (code) => facts.provider(code),
    table,
  };
}

/** Each unique address's coverage, as an index into COVERAGES. */
export function addressCoverage(book: AddressBook, known: Knowledge): Uint8Array {
  const index = domainIndex(book);
  const byDomain = Uint8Array.from(index.names, (name) =>
    COVERAGES.indexOf(coverageOf(name, known)),
  );
  const out = new Uint8Array(book.count);
  for (let i = 0; i < book.count; i++) out[i] = byDomain[index.idOf[i] as number] as number;
  return out;
}
