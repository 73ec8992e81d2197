// The results' filter against a job run on the sandbox over real HTTP: the
// rows table's pages hold exactly the rows each filter passes, numbered as in
// the file, and an export asked for "the rows I see" (CSV or workbook) holds
// exactly the same rows. One test per facet, and facets combined.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RowFilter } from '../../../../electron/common/views/views';
import type { Jobs } from '../../../../electron/jobs/jobs';
import { cell, cellsOf, part, unzip } from '../../sheets/xlsx-read';
import { runJob, setup, writeList, type Bench } from '../support';

const LIST = [
  'deliverable+1@gmail.com',
  'info@acme.example',
  'undeliverable+1@gmail.com',
  'not an address',
  'deliverable+2@acme.example',
  'deliverable+1@gmail.com',
  'undetermined+1@yahoo.com',
  'sales@yahoo.com',
  'undeliverable+2@acme.example',
];

const none: RowFilter = { outcomes: [], providers: [], domains: [], findings: [] };

async function done(): Promise<{ bench: Bench; jobs: Jobs; id: string }> {
  const bench = await setup();
  const job = await runJob(bench, await writeList(bench, 'people.csv', LIST));
  expect(job.state).toBe('done');
  return { bench, jobs: await bench.jobs(), id: job.id };
}

/** Every row a filter passes, through the table's pages of 3. */
async function shown(jobs: Jobs, id: string, filter: RowFilter) {
  const rows: { row: number; address: string | null; status: string }[] = [];
  for (let offset = 0; ; offset += 3) {
    const page = await jobs.rows(id, offset, 3, filter);
    rows.push(...page.rows.map(({ row, address, status }) => ({ row, address, status })));
    if (offset + 3 >= page.total) {
      expect(rows).toHaveLength(page.total);
      return rows;
    }
  }
}

describe('the rows filter', () => {
  it('passes rows by outcome, domain, finding and provider, each row numbered as in the file', async () => {
    const { jobs, id } = await done();
    expect(await shown(jobs, id, { ...none, outcomes: ['undeliverable', 'invalid'] })).toEqual([
      { row: 3, address: 'undeliverable+1@gmail.com', status: 'undeliverable' },
      { row: 4, address: null, status: 'invalid' },
      { row: 9, address: 'undeliverable+2@acme.example', status: 'undeliverable' },
    ]);
    // A repeat is at its address's domain; the domain is matched whatever its case.
    expect(
      (await shown(jobs, id, { ...none, domains: ['GMAIL.com'] })).map((r) => [r.row, r.status]),
    ).toEqual([
      [1, 'deliverable'],
      [3, 'undeliverable'],
      [6, 'duplicate'],
    ]);
    expect((await shown(jobs, id, { ...none, findings: ['role'] })).map((r) => r.row)).toEqual([
      2, 8,
    ]);
    // Across facets every one must pass: role addresses at yahoo.com.
    expect(
      (await shown(jobs, id, { ...none, findings: ['role'], domains: ['yahoo.com'] })).map(
        (r) => r.address,
      ),
    ).toEqual(['sales@yahoo.com']);
    // A domain no address is at passes nothing.
    expect((await jobs.rows(id, 0, 10, { ...none, domains: ['nowhere.example'] })).total).toBe(0);
    // The providers the summary names are the ones a row is filtered by.
    const summary = await jobs.outcomes(id);
    const [provider] = Object.keys(summary.providers()).filter((p) => p !== 'not reported');
    // Synchronous checks name the provider of each address.
    expect(provider).toBeDefined();
    const rows = await shown(jobs, id, { ...none, providers: [provider as string] });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const page = await jobs.rows(id, r.row - 1, 1);
      expect(page.rows[0]?.provider).toBe(provider === 'not registered' ? '' : provider);
    }
    // No filter: every row, as before.
    expect((await jobs.rows(id, 0, 100, none)).total).toBe(LIST.length);
  });

  it('an export of the rows I see holds exactly the rows the table shows, as CSV and as a workbook', async () => {
    const { bench, jobs, id } = await done();
    const filter: RowFilter = {
      ...none,
      outcomes: ['deliverable', 'duplicate', 'undeliverable'],
      domains: ['gmail.com', 'acme.example'],
    };
    const expected = (await shown(jobs, id, filter)).map((r) => r.row);
    // info@ is a role address, checked (role addresses are paid for unless the user says not).
    expect(expected).toEqual([1, 2, 3, 5, 6, 9]);

    const csv = join(bench.dir, 'seen.csv');
    const written = await jobs.export(id, { destPath: csv, filter, format: 'csv' });
    expect(written).toMatchObject({ rowsWritten: 6, rowsTotal: LIST.length });
    const lines = (await readFile(csv, 'utf8')).trim().split('\n').slice(1);
    expect(lines.map((l) => l.split(',')[0])).toEqual(expected.map((r) => LIST[r - 1]));

    const xlsx = join(bench.dir, 'seen.xlsx');
    await jobs.export(id, { destPath: xlsx, filter, format: 'xlsx' });
    // Read by yauzl and the SpreadsheetML itself, not by the app's own reader.
    const cells = cellsOf(part(await unzip(xlsx), 'xl/worksheets/sheet1.xml'));
    expect(expected.map((_, k) => cell(cells, `A${k + 2}`).text)).toEqual(
      expected.map((r) => LIST[r - 1]),
    );
    expect(cells.has(`A${expected.length + 2}`)).toBe(false);
  });
});
