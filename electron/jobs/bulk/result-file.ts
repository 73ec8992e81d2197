// Reading a bulk task's result file into outcomes: one row per checked
// address (identifier, activated, and for avatar tasks avatar, avatar_url),
// matched to the task's addresses by the address itself, since the file's
// order is not promised. Addresses the file leaves out were not determined.
import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import type { OutcomeRecord } from '../storage/outcomes';

export interface ResultSummary {
  records: OutcomeRecord[];
  /** Rows that named an address of the task. */
  matched: number;
  /** Rows naming an address the task did not hold (ignored). */
  stray: number;
}

/**
 * `addresses` are the task's addresses in task order; `firstIndex` is the
 * unique-address index of the first. Every address gets a record: the file's
 * verdict, or unknown when the file does not mention it.
 */
export function readResultFile(
  path: string,
  addresses: readonly string[],
  firstIndex: number,
  avatarProduct: boolean,
): Promise<ResultSummary> {
  const position = new Map<string, number>();
  addresses.forEach((a, i) => position.set(a, i));
  const found: (OutcomeRecord | undefined)[] = new Array<OutcomeRecord | undefined>(
    addresses.length,
  );
  let matched = 0;
  let stray = 0;
  let header = true;
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(createReadStream(path, 'utf8') as unknown as File, {
      skipEmptyLines: true,
      chunk(results) {
        for (const row of results.data) {
          const identifier = (row[0] ?? '').trim().toLowerCase();
          if (header) {
            header = false;
            if (identifier === 'identifier') continue;
          }
          const at = position.get(identifier);
          if (at === undefined) {
            stray += 1;
            continue;
          }
          if (!found[at]) matched += 1;
          const activated = (row[1] ?? '').trim().toLowerCase() === 'true';
          found[at] = {
            index: firstIndex + at,
            status: activated ? 'deliverable' : 'undeliverable',
            // Bulk files carry no provider; avatars only where activated.
            provider: null,
            avatar: avatarProduct && activated ? (row[2] ?? '').trim() === 'true' : null,
            avatarUrl: avatarProduct && activated ? (row[3] ?? '').trim() : null,
          };
        }
      },
      complete() {
        const records = addresses.map(
          (_, i): OutcomeRecord => found[i] ?? { index: firstIndex + i, status: 'unknown' },
        );
        resolve({ records, matched, stray });
      },
      error: reject,
    });
  });
}
