// `list-cleaner watch …` as the operating system's scheduler runs it: the
// real command in a child process, its clock moved by libfaketime, the
// Mailchimp fake and the sandbox on loopback, keys from the environment. A
// watch that is not due is not touched (its platform is not even read), a
// missed week makes one run, and a watch another process runs is not run twice.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLATFORM_ENV } from '../../../electron/common/catalogs/platforms';
import { acquireJobLock } from '../../../electron/jobs/lock/lock';
import { readWatch, saveWatch, watchDir } from '../../../electron/watches/store';
import { startMailchimpHarness } from '../connectors/harness/mailchimp';
import type { FakeHarness } from '../connectors/harness/types';
import { BIN, cli, setup, type Bench } from '../jobs/support';

const hasFaketime = spawnSync('faketime', ['-f', '+0d', 'true']).status === 0;
if (!hasFaketime) console.warn('faketime is not installed: the moved-clock watch test is skipped');

const members = Array.from({ length: 60 }, (_, i) => ({
  email: `${i % 6 === 5 ? 'undeliverable' : 'deliverable'}+c${i}@example.com`,
}));

const envOf = (bench: Bench, fake: FakeHarness): Record<string, string> => ({
  ...bench.env(),
  [PLATFORM_ENV[fake.platform].key]: fake.key,
  [PLATFORM_ENV[fake.platform].url]: fake.url,
});

/** The command with its clock `offset` ahead ("+8d"), as faketime moves it; timers still fire. */
function later(offset: string, args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !k.startsWith('LIST_CLEANER_') ||
        k === 'LIST_CLEANER_DNS_SERVERS' ||
        k === 'LIST_CLEANER_LANGUAGE',
    ),
  );
  const child = spawn('faketime', ['-f', offset, process.execPath, BIN, ...args], {
    env: { ...clean, ...env, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** The watch's slots moved `days` back: as if that long had passed since it was made and last run. */
async function asleep(dataDir: string, id: string, days: number) {
  const watch = await readWatch(dataDir, id);
  const back = (ms: number) => ms - days * 86_400_000;
  const anchor = new Date(back(new Date(`${watch.schedule.anchor}T12:00:00`).getTime()));
  const pad = (n: number) => String(n).padStart(2, '0');
  await saveWatch(dataDir, {
    ...watch,
    schedule: {
      ...watch.schedule,
      anchor: `${anchor.getFullYear()}-${pad(anchor.getMonth() + 1)}-${pad(anchor.getDate())}`,
    },
    lastSlotDone: watch.lastSlotDone === null ? null : back(watch.lastSlotDone),
  });
}

describe.skipIf(!hasFaketime)('list-cleaner watch', () => {
  it('runs a due watch once, leaves one not due untouched, and runs missed weeks once', async () => {
    const fake = await startMailchimpHarness({ members });
    try {
      const bench = await setup();
      const env = envOf(bench, fake);
      const added = await cli(
        [
          'watch',
          'add',
          `mailchimp:${fake.listId}`,
          '--every',
          '1w',
          '--recheck-after',
          '30d',
          '--cap',
          'none',
          '--json',
        ],
        env,
      );
      expect(added.stderr).toBe('');
      expect(added.code).toBe(0);
      const { id } = JSON.parse(added.stdout) as { id: string };

      // A new watch is due at once.
      const first = await cli(['watch', 'run', '--due'], env);
      expect(first.stderr).not.toMatch(/keychain/i);
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/60 members read, 60 new; 60 checked and paid for/);
      expect(first.stdout).toMatch(/Verdicts written: 60;/);
      for (const m of members) expect(fake.verdictOf(m.email)).not.toBeNull();

      // Not due: nothing opened, the platform not read.
      const requests = fake.requests.length;
      const again = await cli(['watch', 'run', '--due'], env);
      expect(again.code).toBe(0);
      expect(again.stderr).toMatch(/No watch is due\./);
      expect(fake.requests.length).toBe(requests);
      const sixDays = await later('+6d', ['watch', 'run', '--due'], env);
      expect(sixDays.code).toBe(0);
      expect(sixDays.stderr).toMatch(/No watch is due\./);
      expect(fake.requests.length).toBe(requests);

      // Three weeks asleep (the watch's slots moved back, as the clock moving on would): one run,
      // every answer reused, nothing written again, and then nothing due. (libfaketime does not
      // move the times Node's stat reads, so a job made under it looks weeks old to the import.)
      await asleep(bench.dataDir, id, 22);
      const woke = await cli(['watch', 'run', '--due', '--json'], env);
      expect(woke.code).toBe(0);
      expect(JSON.parse(woke.stdout)).toMatchObject({
        outcome: 'done',
        counts: { paid: 0, written: 0, reused: 60 },
      });
      for (const m of members) expect(fake.writesOf(m.email)).toBe(1);
      const readAgain = fake.requests.length;
      const sameDay = await later('+5d', ['watch', 'run', '--due'], env);
      expect(sameDay.stderr).toMatch(/No watch is due\./);
      expect(fake.requests.length).toBe(readAgain);

      const shown = await cli(['watch', 'show', id, '--json'], env);
      expect((JSON.parse(shown.stdout) as { runs: unknown[] }).runs).toHaveLength(2);

      // Paused: never due.
      expect((await cli(['watch', 'pause', id], env)).code).toBe(0);
      const paused = await later('+60d', ['watch', 'run', '--due'], env);
      expect(paused.stderr).toMatch(/No watch is due\./);
      const listed = await cli(['watch', 'list'], env);
      expect(listed.stdout).toMatch(new RegExp(`^${id}  paused  every week  `, 'm'));
      expect((await cli(['watch', 'remove', id], env)).code).toBe(0);
      expect((await cli(['watch', 'list'], env)).stdout).toMatch(/No watches yet/);
    } finally {
      await fake.stop();
    }
  }, 180_000);

  it('does not run a watch another process is running, and says who runs it (exit 4)', async () => {
    const fake = await startMailchimpHarness({ members: members.slice(0, 10) });
    try {
      const bench = await setup();
      const env = envOf(bench, fake);
      const added = await cli(
        ['watch', 'add', `mailchimp:${fake.listId}`, '--every', '7d', '--json'],
        env,
      );
      const { id } = JSON.parse(added.stdout) as { id: string };
      const held = await acquireJobLock(watchDir(join(bench.dataDir), id), {
        by: 'the List Cleaner app',
      });
      if (!held.ok) throw new Error('the lock was not taken');
      try {
        const busy = await cli(['watch', 'run', id], env);
        expect(busy.code).toBe(4);
        expect(busy.stderr).toMatch(
          /is being run by the List Cleaner app \(process \d+\); it is not run twice\./,
        );
        expect(bench.sandbox.ledger.spent(bench.key)).toBe(0);
      } finally {
        await held.lock.release();
      }
      const now = await cli(['watch', 'run', id], env);
      expect(now.code).toBe(0);
    } finally {
      await fake.stop();
    }
  }, 60_000);

  it('says what is wrong with a watch asked for wrongly', async () => {
    const bench = await setup({ checkLedger: false });
    const env = bench.env();
    const noEvery = await cli(['watch', 'add', 'mailchimp:abc'], env);
    expect(noEvery.code).toBe(2);
    expect(noEvery.stderr).toMatch(/--every needs how often/);
    const missing = await cli(['watch', 'show', 'w-00000000'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /There is no watch w-00000000\. See your watches with: list-cleaner watch list/,
    );
  });
});
