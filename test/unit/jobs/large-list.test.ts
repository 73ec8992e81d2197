// A list past the old cap of 3,000,000 different addresses, imported as a job
// end to end (copy, read, repeats found on disk past the in-memory table, free
// checks, the memory's dates, the print): every row counted, every address
// numbered in first-seen order, and the estimate in as many bulk tasks as the
// service's file limits make. The ten-million-row run, checked and exported,
// is in the benchmark (npm run bench -- jobs).
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJobs } from '../../../electron/jobs/jobs';
import { setup } from './support';

const ROWS = 3_100_000;
/** Row i's address: every 100th row repeats the one 50 rows before it, every 1,000th is no address. */
const cellOf = (i: number): string =>
  i % 1_000 === 999
    ? `person ${i}`
    : i % 100 === 50
      ? `Person${i - 50}@Example.com`
      : `person${i}@example.com`;

async function writeRows(path: string): Promise<void> {
  const handle = await open(path, 'w');
  try {
    let text = 'email,n\n';
    for (let i = 0; i < ROWS; i++) {
      text += `${cellOf(i)},${i}\n`;
      if (text.length > 1 << 22) {
        await handle.write(text);
        text = '';
      }
    }
    await handle.write(text);
  } finally {
    await handle.close();
  }
}

describe('a list of more than 3,000,000 different addresses', () => {
  it('is imported, counted and numbered in first-seen order', { timeout: 120_000 }, async () => {
    const bench = await setup({ checkLedger: false });
    const path = join(bench.dir, 'big.csv');
    await writeRows(path);
    const client = bench.client();
    const jobs = await openJobs({
      dataDir: bench.dataDir,
      client: () => client,
      mailDomains: false,
      memory: { account: 'large' },
    });
    try {
      const { job, list } = await jobs.importFile(path);
      const invalid = Math.floor(ROWS / 1_000);
      const duplicates = Math.floor(ROWS / 100);
      expect(list.counts).toMatchObject({ rows: ROWS, invalid, duplicates, empty: 0 });
      expect(job.unique).toBe(ROWS - invalid - duplicates);
      expect(job.unique).toBeGreaterThan(3_000_000);

      const book = await jobs.addressBook(job.id);
      expect(book.count).toBe(job.unique);
      // Numbered in first-seen order, far past the in-memory table: row i's
      // address is the (i - repeats and invalid rows before it)-th.
      const numberOf = (i: number) => i - Math.floor(i / 1_000) - Math.floor((i + 49) / 100);
      for (const i of [0, 49, 51, 262_143, 2_999_998, 3_000_051, ROWS - 2]) {
        expect(book.at(numberOf(i)), `row ${i}`).toBe(`person${i}@example.com`);
      }
      // Rows are counted from 1 in the table: the 3,000,051st repeats the 3,000,001st.
      const page = await jobs.rows(job.id, 3_000_040, 20);
      const repeat = page.rows.find((r) => r.row === 3_000_051);
      expect(repeat).toMatchObject({ address: 'person3000000@example.com', status: 'duplicate' });

      const estimate = await jobs.estimate(job.id, 'email');
      expect(estimate.toSend).toBe(job.unique);
      expect(estimate.bulkTasks).toBe(7);
    } finally {
      await jobs.stop();
    }
  });
});
