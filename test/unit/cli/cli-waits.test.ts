// `list-cleaner clean` from a scheduler, with nobody watching: a maintenance
// window at the very start is waited out with a line per try (why, when the
// next try comes, until when it keeps trying), and the job finishes. Past
// --patience the job pauses, exits 1 with the command that carries it on,
// and that command, run exactly as printed, finishes it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addresses, cli, failureLines, setup, startCli, waitFor, writeList } from '../jobs/support';

const LIST = addresses(150, (i) => `deliverable+${i}@provider1.test`);

describe('a clean that meets a refusing service', () => {
  it('waits out a maintenance window at the start, saying so, and finishes', async () => {
    const b = await setup();
    b.sandbox.faults.maintenance(true);
    const file = await writeList(b, 'night.csv', LIST);
    const run = startCli(['clean', file], { ...b.env(), LIST_CLEANER_WAIT_SECONDS: '0.2' });
    await waitFor('a waiting line', () =>
      /waiting: The service is under maintenance/.test(run.stderr()),
    );
    b.sandbox.faults.maintenance(false);
    const { code } = await run.exited;
    expect(code, run.stderr()).toBe(0);
    const line =
      run
        .stderr()
        .split('\n')
        .find((l) => l.includes('waiting:')) ?? '';
    expect(line).toMatch(
      /^night\.csv: waiting: The service is under maintenance\. Next try at \d\d:\d\d:\d\d \(in \d+ s\); nothing refused is charged\. It keeps trying until \d\d:\d\d:\d\d \(--patience\), then pauses\.$/,
    );
    expect(run.stdout()).toMatch(/^night\.csv \[email\]: done: 150 deliverable/);
    expect((await readFile(join(b.dir, 'night.cleaned.csv'), 'utf8')).split('\n')).toHaveLength(
      152,
    );
  });

  it('past --patience it pauses, and the command it prints carries it on as written', async () => {
    const b = await setup();
    b.sandbox.faults.maintenance(true);
    const env = { ...b.env(), LIST_CLEANER_WAIT_SECONDS: '0.2' };
    const file = await writeList(b, 'night.csv', LIST);
    const paused = await cli(['clean', file, '--patience', '1s'], env);
    expect(paused.code).toBe(1);
    const [line] = failureLines(paused.stderr);
    expect(line).toMatch(
      /^list-cleaner: Paused: the service has refused for .* \(The service is under maintenance\)\. 0 of 150 addresses have an outcome and are kept; nothing was charged for what was refused\. Continue tries again\. Carry on with: list-cleaner resume [a-z0-9-]+$/,
    );
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);

    b.sandbox.faults.maintenance(false);
    const command = /Carry on with: list-cleaner (.+)$/.exec(line ?? '')?.[1] ?? '';
    const resumed = await cli(command.split(' '), env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('night.csv [email]: done: 150 deliverable');
    expect(resumed.stdout).toContain(
      `Saved 150 of 150 rows to ${join(b.dir, 'night.cleaned.csv')}`,
    );
  });

  it('refuses a --patience it cannot read, before anything is read or sent', async () => {
    const b = await setup();
    const file = await writeList(b, 'night.csv', LIST);
    const result = await cli(['clean', file, '--patience', 'soon'], b.env());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--patience takes a duration from 1s to 30d, such as 90s, 30m, 6h or 2d (a bare number is hours)',
    );
    expect(b.sandbox.requests).toEqual([]);
  });
});
