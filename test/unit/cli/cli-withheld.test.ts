// The suppression list and the rules from the command line: `suppress add`
// and `rules add` before a `clean`, which applies both by default, counts
// each kind in --json, names them in its lines, and never sends (so never
// charges) what they leave out; `--ignore` sends them after all.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, setup, type Bench } from '../jobs/support';

const BOUNCES = fileURLToPath(
  new URL('../../fixtures/suppression/mailchimp-cleaned.csv', import.meta.url),
);

/** Two addresses of the Mailchimp fixture, two of a competitor, four others. */
const LIST = [
  'deliverable+1@gmail.com',
  'gone.away@example.com',
  'no-mailbox@example.org',
  'spy@competitor.test',
  'deliverable+2@competitor.test',
  'deliverable+3@outlook.com',
  'undeliverable+1@gmail.com',
  'deliverable+4@yahoo.com',
];

const envOf = (b: Bench) => ({ ...b.env(), LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9' });

async function listFile(b: Bench): Promise<string> {
  const path = join(b.dir, 'news.csv');
  await writeFile(path, `email\n${LIST.join('\n')}\n`);
  return path;
}

async function run(b: Bench, args: string[]) {
  const result = await cli(args, envOf(b));
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('clean with a suppression list and rules', () => {
  it('leaves them out, counts each kind in --json, and the ledger charges only what was sent', async () => {
    const b = await setup();
    await run(b, ['suppress', 'add', BOUNCES]);
    await run(b, ['rules', 'add', '*@competitor.test', '--block']);
    const out = join(b.dir, 'clean.csv');
    const result = await run(b, ['clean', await listFile(b), '--json', '--flags', '--out', out]);
    const summary = JSON.parse(result.stdout) as Record<string, number | null>;
    expect(summary).toMatchObject({ unique: 8, suppressed: 2, blocked: 2, paid: 4 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(4_000);
    expect(summary.charged_micros).toBe(4_000);
    // The lines before the start say what was left out and why.
    expect(result.stderr).toMatch(
      /2 addresses are on your suppression list \(2 hard bounces\): not sent, nothing charged\./,
    );
    expect(result.stderr).toMatch(
      /2 addresses are blocked by your rules \(\*@competitor\.test: 2\)/,
    );
    const rows = (await readFile(out, 'utf8')).trim().split(/\r?\n/);
    const gone = rows.find((r) => r.startsWith('gone.away@example.com')) ?? '';
    expect(gone.split(',')[1]).toBe('suppressed');
    expect(gone).toMatch(/,[^,]*\bhard_bounce\b[^,]*,/);
    const spy = rows.find((r) => r.startsWith('spy@competitor.test')) ?? '';
    expect(spy.split(',')[1]).toBe('blocked');
    expect(spy).toContain('blocked_by:*@competitor.test');
  });

  it('--ignore sends what the list and the rules would leave out', async () => {
    const b = await setup();
    await run(b, ['suppress', 'add', BOUNCES]);
    await run(b, ['rules', 'add', '*@competitor.test', '--block']);
    const result = await run(b, [
      'clean',
      await listFile(b),
      '--json',
      '--ignore',
      'suppression,rules',
      '--out',
      join(b.dir, 'all.csv'),
    ]);
    const summary = JSON.parse(result.stdout) as Record<string, number | null>;
    expect(summary).toMatchObject({ suppressed: 0, blocked: 0 });
    expect(summary.paid).toBe(b.sandbox.ledger.spent(b.key) / 1_000);
    expect(summary.paid).toBeGreaterThan(4);
  });
});
