// A job's unique addresses (the import's address file, one per line) held as
// one off-heap buffer with line offsets: a million addresses cost their bytes
// and 8 MB of offsets, not a million strings. Read once per job, and shared by
// the run (checks and task files), the plan (line sizes) and the rows table.
import { readFile } from 'node:fs/promises';

export interface AddressBook {
  count: number;
  at(index: number): string;
  /** Bytes of address `index`'s line in a task file, its line end included. */
  lineBytes(index: number): number;
  /** Addresses start..end as one newline-terminated block, as a task file holds them. */
  lines(start: number, end: number): Buffer;
}

export async function openAddressBook(path: string): Promise<AddressBook> {
  const bytes = await readFile(path);
  let count = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) count += 1;
  const starts = new Float64Array(count + 1);
  let line = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) starts[++line] = i + 1;
  const start = (index: number) => starts[index] as number;
  return {
    count,
    at: (index) => bytes.toString('utf8', start(index), start(index + 1) - 1),
    lineBytes: (index) => start(index + 1) - start(index),
    lines: (from, to) => bytes.subarray(start(from), start(to)),
  };
}
