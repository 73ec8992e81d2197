// Unknowns asked again from the command line: `clean --ask-again <delays>`
// stays through the schedule and saves the list when it ends, with what
// resolved; without it, `clean` saves at once and says when it asks next,
// and `resume` run after that time asks, says how many resolved and saves
// the file again. The sandbox answers "undetermined" to each address's
// first check (nothing charged), as a greylisting server does; the ledger
// is checked after each test.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, readRecord, setup, writeList } from '../jobs/support';

const LIST = [
  'deliverable+1@provider1.test',
  'deliverable+2@provider2.test',
  'deliverable+3@provider1.test',
  'undeliverable+4@provider1.test',
  'undetermined+5@provider1.test',
];

const rowsOf = async (path: string) =>
  (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0])
    .sort();

describe('clean --ask-again', () => {
  it('asks the unknowns again on its schedule and saves the list when it ends', async () => {
    const b = await setup();
    b.sandbox.faults.undetermineFirst(2);
    const file = await writeList(b, 'greylisted.csv', LIST);
    const run = await cli(
      ['clean', file, '--ask-again', '1s,2s', '--keep', 'deliverable'],
      b.env(),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/5 unknown: asking again at \d\d:\d\d(:\d\d)? \(ask 1 of 2, free\)/);
    expect(run.stdout).toContain(
      'Asked again: 4 of 5 unknown resolved (3 deliverable, 1 undeliverable), 1 still unknown',
    );
    expect(await rowsOf(join(b.dir, 'greylisted.cleaned.csv'))).toEqual([
      'deliverable+1@provider1.test',
      'deliverable+2@provider2.test',
      'deliverable+3@provider1.test',
    ]);
  });

  it('`none` saves at the first answers and plans no ask', async () => {
    const b = await setup();
    b.sandbox.faults.undetermineFirst(1);
    const file = await writeList(b, 'greylisted.csv', LIST);
    const run = await cli(['clean', file, '--ask-again', 'none', '--json'], b.env());
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as { unknown: number; ask_again: unknown };
    expect(summary.unknown).toBe(5);
    expect(summary.ask_again).toMatchObject({
      asked: 5,
      left: 5,
      next_at: null,
      ended: 'turned-off',
    });
  });

  it('refuses delays it cannot use, before anything is read or charged', async () => {
    const b = await setup();
    const file = await writeList(b, 'list.csv', LIST);
    const run = await cli(['clean', file, '--ask-again', '2m,1m'], b.env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--ask-again takes 1 to 6 increasing delays');
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });
});

describe('resume after clean', () => {
  it('asks the unknowns whose time has come, says how many resolved and saves the file again', async () => {
    const b = await setup();
    b.sandbox.faults.undetermineFirst(1);
    // The app's setting: ask again one second after the answers are in.
    await mkdir(b.dataDir, { recursive: true });
    await writeFile(
      join(b.dataDir, 'settings.json'),
      JSON.stringify({ version: 1, askAgainDelays: [1] }),
    );
    const file = await writeList(b, 'greylisted.csv', LIST);
    const first = await cli(['clean', file, '--keep', 'deliverable'], b.env());
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/5 unknown: asking again at/);
    const out = join(b.dir, 'greylisted.cleaned.csv');
    expect(await rowsOf(out)).toEqual([]);

    const [job] = JSON.parse((await cli(['jobs', '--json'], b.env())).stdout) as { id: string }[];
    const record = await readRecord(b.dataDir, job?.id ?? '');
    const due = Date.parse(record.askAgain?.nextAt ?? '');
    // Waits for the ask's time (one second after the answers), not for any outcome.
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 50));

    const resumed = await cli(['resume'], b.env());
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(
      'Asked again: 4 of 5 unknown resolved (3 deliverable, 1 undeliverable), 1 still unknown',
    );
    expect(await rowsOf(out)).toEqual([
      'deliverable+1@provider1.test',
      'deliverable+2@provider2.test',
      'deliverable+3@provider1.test',
    ]);
  });

  it('resume <id> --ask-again replaces the rest of a finished job’s schedule; none ends it', async () => {
    const b = await setup();
    b.sandbox.faults.undetermineFirst(1);
    const file = await writeList(b, 'greylisted.csv', LIST);
    expect((await cli(['clean', file], b.env())).code).toBe(0);
    const [job] = JSON.parse((await cli(['jobs', '--json'], b.env())).stdout) as { id: string }[];
    const id = job?.id ?? '';

    const moved = await cli(['resume', id, '--ask-again', '2h'], b.env());
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/5 unknown: asking again at .+ \(ask 1 of 1, free\)/);
    const record = await readRecord(b.dataDir, id);
    expect(record.askAgain?.delays).toEqual([7_200]);

    const ended = await cli(['resume', id, '--ask-again', 'none'], b.env());
    expect(ended.code, ended.stderr).toBe(0);
    expect((await readRecord(b.dataDir, id)).askAgain).toMatchObject({
      nextAt: null,
      ended: { reason: 'turned-off' },
    });
  });
});
