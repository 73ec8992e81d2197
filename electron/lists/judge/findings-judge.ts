// The free checks of a list's unique addresses, one at a time in list order
// (checks/findings.ts): a flag byte each, the typo suggestions, the counts,
// and the distinct domains as they are met, for the DNS. The import's worker
// judges each address as it writes the address file (classify-worker.ts), so
// the domains are looked up while the list is still being read; a list
// imported without it is judged from its address file (free-checks.ts).
import { createFindings, type Finding } from '../../checks/findings';
import { grown } from '../../lib/grown';
import type { ListFindings } from '../types';

/** Suggestions kept on the list for the review and the command line; all go to the file. */
export const SUGGESTIONS_KEPT = 20;

export interface JudgedFindings {
  /** ROLE | DISPOSABLE | FREE | TYPO per unique address, in list order. */
  flags: Uint8Array;
  /** Every suggestion, as [unique index, address meant]. */
  suggestions: Array<[number, string]>;
  kept: ListFindings['suggestions'];
  stats: { role: number; disposable: number; free: number; typo: number };
  /** The distinct domains, first met first. */
  domains: string[];
}

export function createFindingsJudge(capacity: number) {
  const seen = new Set<string>();
  const domains: string[] = [];
  let handedOut = 0;
  const findings = createFindings({
    onDomain: (domain) => {
      // Told again only after the findings' cache started again: rare.
      if (seen.has(domain)) return;
      seen.add(domain);
      domains.push(domain);
    },
  });
  let flags = new Uint8Array(Math.max(capacity, 16));
  const suggestions: Array<[number, string]> = [];
  const kept: ListFindings['suggestions'] = [];
  let count = 0;
  /** Keeps the next address's finding; its text is asked for only to show a suggestion. */
  const keep = (found: Finding | null, address: () => string): void => {
    if (count === flags.length) flags = grown(flags);
    const i = count;
    count += 1;
    if (found === null) return;
    flags[i] = found.flags;
    if (found.suggestion === null) return;
    suggestions.push([i, found.suggestion]);
    if (kept.length < SUGGESTIONS_KEPT)
      kept.push({ index: i, address: address(), suggestion: found.suggestion });
  };
  return {
    /** Judges the next unique address (normalized, as the address file holds it). */
    add(address: string): void {
      keep(findings.of(address), () => address);
    },
    /** add() for the address held as its UTF-8 bytes[start, end), as the worker writes it. */
    addBytes(bytes: Uint8Array, start: number, end: number): void {
      keep(findings.ofBytes(bytes, start, end), () =>
        Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8'),
      );
    },
    /** The domains met since the last call: those the DNS has not been asked about. */
    freshDomains(): string[] {
      const fresh = domains.slice(handedOut);
      handedOut = domains.length;
      return fresh;
    },
    done(): JudgedFindings {
      const { role, disposable, free, typo } = findings.stats();
      return {
        flags: flags.subarray(0, count),
        suggestions,
        kept,
        stats: { role, disposable, free, typo },
        domains,
      };
    },
  };
}
