// A risk for every row and the bounces to expect, from the command line
// against the sandbox over HTTP: `--risk` adds the two columns, `--keep low`
// saves the low-risk rows only, a choice of rows is said with the hard
// bounces to expect, and a warning comes first when that is over the 2%
// limit. The results' filter keeps rows by risk the same way.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, setup, writeList } from '../jobs/support';

const LIST = [
  'deliverable+1@provider1.test', // low: business
  'deliverable+2@gmail.com', // low: free webmail
  'undeliverable+3@provider1.test', // high
  'undetermined+4@provider1.test', // medium: unknown
  'deliverable+5@gmail.con', // medium: a likely typo
  'info@provider2.test', // medium: a role address, not checked by choice
  'not-an-address', // high: invalid
  'deliverable+1@provider1.test', // high: a duplicate
];
/** Role addresses are not paid for here, so row 6 is "not checked". */
const SKIP = ['--skip', 'role,disposable,no-mail-server', '--ask-again', 'none'];

/** The saved file as records of its header's names. */
async function records(path: string): Promise<Array<Record<string, string>>> {
  const [head, ...lines] = (await readFile(path, 'utf8')).trim().split('\n');
  const names = (head as string).split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((n, k) => [n, cells[k] ?? '']));
  });
}

describe('clean --risk and --keep low', () => {
  it('saves only the low-risk rows, each with its risk and reasons, and the bounces to expect', async () => {
    const b = await setup();
    const file = await writeList(b, 'risky.csv', LIST);
    const run = await cli(['clean', file, '--keep', 'low', '--risk', ...SKIP], b.env());
    expect(run.code, run.stderr).toBe(0);
    const rows = await records(join(b.dir, 'risky.cleaned.csv'));
    expect(rows.map((r) => [r['email'], r['email_risk'], r['email_risk_reasons']])).toEqual([
      ['deliverable+1@provider1.test', 'low', 'business'],
      ['deliverable+2@gmail.com', 'low', 'free_mail'],
    ]);
    expect(run.stdout).toContain(
      'Expected hard bounces if the 2 saved rows are sent now: 0.2–1% (default rates by verdict and age of the answer)',
    );
    expect(run.stderr).not.toContain('Warning');
  });

  it('writes every row’s risk with --risk alone, and says no forecast for the whole list', async () => {
    const b = await setup();
    const file = await writeList(b, 'all.csv', LIST);
    const run = await cli(['clean', file, '--risk', ...SKIP], b.env());
    expect(run.code, run.stderr).toBe(0);
    const rows = await records(join(b.dir, 'all.cleaned.csv'));
    expect(rows.map((r) => `${r['email_risk']} ${r['email_risk_reasons']}`)).toEqual([
      'low business',
      'low free_mail',
      'high undeliverable business',
      'medium unknown business',
      'medium typo business',
      'medium not_checked role business',
      'high invalid',
      'high duplicate business',
    ]);
    // Every row with its status is a report to sort, not a list to send as it is.
    expect(run.stdout).not.toContain('Expected hard bounces');
  });

  it('warns before saving a choice of rows expected to bounce over 2%, and gives the figures in --json', async () => {
    const b = await setup();
    const file = await writeList(b, 'mixed.csv', LIST);
    const run = await cli(
      ['clean', file, '--keep', 'deliverable,unknown', '--json', ...SKIP],
      b.env(),
    );
    expect(run.code, run.stderr).toBe(0);
    // 3 fresh deliverable (0.2–1%) and 1 unknown (5–30%): 1.4–8.3%.
    expect(run.stderr).toContain(
      'Warning: up to 8.3% is over your 2% limit. Brevo suspends campaigns over 2% hard bounces, and HubSpot says mailbox providers prefer under 2%. 2 rows are low risk: to save only those, run the command again with --keep low.',
    );
    const summary = JSON.parse(run.stdout) as { expected_bounce: unknown; rows_written: number };
    expect(summary.rows_written).toBe(4);
    expect(summary.expected_bounce).toEqual({
      rows: 4,
      low: 1.4,
      high: 8.3,
      basis: 'defaults',
      classes: [
        { class: 'D0', rows: 3, low: 0.2, high: 1 },
        { class: 'U', rows: 1, low: 5, high: 30 },
      ],
      limit: 2,
      over: true,
      risk: { low: 2, medium: 3, high: 3 },
      low_risk_only: { rows: 2, low: 0.2, high: 1 },
    });
  });

  it('takes the limit from the app’s setting, and none when it is off', async () => {
    const b = await setup();
    const { writeFile, mkdir } = await import('node:fs/promises');
    await mkdir(b.dataDir, { recursive: true });
    await writeFile(
      join(b.dataDir, 'settings.json'),
      JSON.stringify({ version: 1, bounceGatePercent: null }),
    );
    const file = await writeList(b, 'mixed.csv', LIST);
    const run = await cli(['clean', file, '--keep', 'unknown', '--json', ...SKIP], b.env());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Warning');
    expect(JSON.parse(run.stdout)).toMatchObject({
      expected_bounce: { rows: 1, low: 5, high: 30, limit: null, over: false },
    });
  });

  it('refuses a risk level it does not know, before anything is charged', async () => {
    const b = await setup();
    const file = await writeList(b, 'list.csv', LIST);
    const run = await cli(['clean', file, '--keep', 'lowest'], b.env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('risks (low, medium, high)');
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });
});

describe('the results’ filter by risk', () => {
  it('keeps the rows of the levels asked, with the other facets', async () => {
    const b = await setup();
    const file = await writeList(b, 'risky.csv', LIST);
    const run = await cli(['clean', file, ...SKIP], b.env());
    expect(run.code, run.stderr).toBe(0);
    const jobs = await b.jobs();
    const [job] = await jobs.list();
    if (!job) throw new Error('the clean made no job');
    const filter = { outcomes: [], providers: [], domains: [], findings: [] };
    const rowsOf = async (f: Parameters<typeof jobs.rows>[3]) =>
      (await jobs.rows(job.id, 0, 50, f)).rows.map((r) => r.row);
    expect(await rowsOf({ ...filter, risks: ['medium'] })).toEqual([4, 5, 6]);
    expect(await rowsOf({ ...filter, risks: ['low', 'medium'] })).toEqual([1, 2, 4, 5, 6]);
    expect(await rowsOf({ ...filter, risks: ['high'] })).toEqual([3, 7, 8]);
    expect(await rowsOf({ ...filter, outcomes: ['deliverable'], risks: ['medium'] })).toEqual([5]);
    expect((await jobs.forecast(job.id, { ...filter, risks: ['low'] }, 2)).kept).toMatchObject({
      rows: 2,
      high: 1,
    });
  });
});
