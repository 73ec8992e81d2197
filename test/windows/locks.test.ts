// One runner per job on Windows: the lock's holder answers on a named pipe
// while it lives; another process is refused while it does, and takes the
// lock over once it was killed (its pipe is gone with it).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { acquireJobLock, jobLockHolder } from '../../electron/jobs/lock/lock';
import { runsOnWindows, tempDir } from './support';

const HOLD = process.env.LC_LOCK_HOLD;

if (HOLD) {
  // This same file, started again as the process that holds a job's lock.
  const attempt = await acquireJobLock(HOLD, { by: 'the list-cleaner command' });
  process.stdout.write(`${attempt.ok ? 'held' : 'refused'}\n`);
  setInterval(() => undefined, 1_000);
} else {
  runsOnWindows();

  describe('the job lock on Windows', () => {
    it('is refused while its holder lives, and taken over once the holder was killed', async () => {
      const dir = await tempDir();
      const holder = spawn(process.execPath, [process.argv[1] as string], {
        env: { ...process.env, LC_LOCK_HOLD: dir, NODE_TEST_CONTEXT: '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        // The holder's answer, among whatever else node:test prints in it.
        const said = await new Promise<string>((resolve) => {
          let text = '';
          holder.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
            const line = text.split(/\r?\n/).find((l) => l === 'held' || l === 'refused');
            if (line) resolve(line);
          });
        });
        assert.equal(said, 'held');
        const lock = JSON.parse(await readFile(join(dir, 'runner.lock'), 'utf8')) as {
          socket: string;
        };
        assert.match(lock.socket, /^\\\\\.\\pipe\\list-cleaner-/);

        const refused = await acquireJobLock(dir, { by: 'the List Cleaner app' });
        assert.equal(refused.ok, false);
        assert.equal((await jobLockHolder(dir))?.by, 'the list-cleaner command');

        const gone = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
        holder.kill();
        await gone;
        assert.equal(await jobLockHolder(dir), null);
        const taken = await acquireJobLock(dir, { by: 'the List Cleaner app' });
        assert.equal(taken.ok, true);
        if (taken.ok) await taken.lock.release();
        assert.equal(await jobLockHolder(dir), null);
      } finally {
        // Never left running: it would hold the test runner open.
        if (holder.exitCode === null && holder.signalCode === null) holder.kill();
      }
    });

    it('is taken by exactly one of two callers in one process, and released', async () => {
      const dir = await tempDir();
      const [a, b] = await Promise.all([
        acquireJobLock(dir, { by: 'a' }),
        acquireJobLock(dir, { by: 'b' }),
      ]);
      assert.equal([a, b].filter((x) => x.ok).length, 1);
      for (const x of [a, b]) if (x.ok) await x.lock.release();
      const again = await acquireJobLock(dir, { by: 'c' });
      assert.equal(again.ok, true);
      if (again.ok) await again.lock.release();
    });
  });
}
