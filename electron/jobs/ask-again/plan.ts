// Who is asked again: an unknown this job was given by the service and not
// charged for (42200 on a single check, `exists: false` in a multi check),
// never one found here or reused, never one the service judged invalid
// (40002, marked "x" in the outcome log), and only for Email jobs: an avatar
// product's unknown at a provider it does not cover stays "no result".
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { OutcomeTable } from '../storage/outcomes';

/** Positions (as the run counts them) the service judged invalid, from the log's "x" marks. */
export async function invalidMarks(
  logPath: string,
  sent: Uint32Array | null,
): Promise<Set<number>> {
  const marked = new Set<number>();
  const lines = createInterface({ input: createReadStream(logPath, 'utf8'), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const fields = line.split('\t');
      if (fields[1] === '?' && fields[5] === 'x') marked.add(Number(fields[0]));
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!sent || marked.size === 0) return marked;
  const positions = new Set<number>();
  for (let p = 0; p < sent.length; p++) if (marked.has(sent[p] as number)) positions.add(p);
  return positions;
}

/** The positions of the run's table that may be asked again now. */
export function askable(outcomes: OutcomeTable, invalid: ReadonlySet<number>): number[] {
  const positions: number[] = [];
  for (let p = 0; p < outcomes.size; p++) {
    const o = outcomes.get(p);
    if (o?.status === 'unknown' && (o.origin ?? 'paid') === 'paid' && !invalid.has(p)) {
      positions.push(p);
    }
  }
  return positions;
}
