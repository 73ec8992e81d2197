// One runner per job across processes: the lock is taken once, refused to
// everyone else while its holder lives, and taken over (by exactly one) once
// the holder died.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireJobLock, jobLockHolder } from '../../../../electron/jobs/lock/lock';
import { setLogSink } from '../../../../electron/lib/log';

const PROBE = fileURLToPath(new URL('./lock-probe.ts', import.meta.url));
let dir: string;
beforeEach(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A probe in its own process; resolves once it said whether it got the lock. */
function probe(mode: 'hold' | 'race') {
  const child = spawn(process.execPath, ['--import', 'tsx', PROBE, mode, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const said = new Promise<{ ok: boolean }>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out) as { ok: boolean });
    });
    child.once('exit', () => reject(new Error(`probe exited before answering: ${out}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, said, exited };
}

describe('the job lock', () => {
  it('is held by one, refused to others with who holds it, and free again once released', async () => {
    const first = await acquireJobLock(dir, { by: 'the List Cleaner app' });
    expect(first.ok).toBe(true);
    const second = await acquireJobLock(dir, { by: 'the list-cleaner command' });
    expect(second).toMatchObject({
      ok: false,
      holder: { by: 'the List Cleaner app', pid: process.pid },
    });
    expect(await jobLockHolder(dir)).toMatchObject({ by: 'the List Cleaner app' });
    if (first.ok) await first.lock.release();
    expect(await jobLockHolder(dir)).toBeNull();
    const third = await acquireJobLock(dir, { by: 'the list-cleaner command' });
    expect(third.ok).toBe(true);
    if (third.ok) await third.lock.release();
  });

  it('is refused while another process lives, and taken over once it was killed', async () => {
    const holder = probe('hold');
    expect(await holder.said).toEqual({ ok: true });
    const refused = await acquireJobLock(dir, { by: 'test' });
    expect(refused).toMatchObject({ ok: false, holder: { pid: holder.child.pid } });

    holder.child.kill('SIGKILL');
    await holder.exited;
    // Its lock file is still there, naming a socket nobody answers any more.
    expect(JSON.parse(await readFile(join(dir, 'runner.lock'), 'utf8'))).toMatchObject({
      pid: holder.child.pid,
    });
    expect(await jobLockHolder(dir)).toBeNull();
    const taken = await acquireJobLock(dir, { by: 'test' });
    expect(taken.ok).toBe(true);
    if (taken.ok) await taken.lock.release();
  });

  it('is taken over after a restart: the socket it names is gone', async () => {
    await writeFile(
      join(dir, 'runner.lock'),
      JSON.stringify({
        pid: process.pid, // reused by someone after the restart: the pid alone would say "alive"
        host: (await import('node:os')).hostname(),
        socket: join(dir, 'gone.sock'),
        token: 'before-the-restart',
        since: '2026-01-01T00:00:00.000Z',
        by: 'the List Cleaner app',
      }),
    );
    const taken = await acquireJobLock(dir, { by: 'test' });
    expect(taken.ok).toBe(true);
    if (taken.ok) await taken.lock.release();
  });

  it('goes to exactly one of several processes racing for a dead holder’s lock', async () => {
    const holder = probe('hold');
    await holder.said;
    holder.child.kill('SIGKILL');
    await holder.exited;
    const racers = Array.from({ length: 4 }, () => probe('race'));
    const answers = await Promise.all(racers.map((r) => r.said));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    await Promise.all(racers.map((r) => r.exited));
  });

  it('treats a lock being written as held, and one left empty by a crash as stale', async () => {
    const file = join(dir, 'runner.lock');
    await writeFile(file, '');
    expect(await acquireJobLock(dir, { by: 'test' })).toMatchObject({ ok: false });
    const old = new Date(Date.now() - 60_000);
    await utimes(file, old, old);
    const taken = await acquireJobLock(dir, { by: 'test' });
    expect(taken.ok).toBe(true);
    if (taken.ok) await taken.lock.release();
  });

  it('listens where a socket fits when the temporary folder’s path is too long for one', async () => {
    const held = await acquireJobLock(dir, { by: 'test', socketDir: join(dir, 'x'.repeat(120)) });
    if (!held.ok) throw new Error('not taken');
    expect(held.lock.holder.socket.startsWith('/tmp/list-cleaner-')).toBe(true);
    expect(await jobLockHolder(dir)).toMatchObject({ by: 'test' });
    await held.lock.release();
  });

  it('tells its holder when the lock was taken away', async () => {
    const held = await acquireJobLock(dir, { by: 'test', refreshMs: 20 });
    if (!held.ok) throw new Error('not taken');
    expect(held.lock.lost.aborted).toBe(false);
    await rm(join(dir, 'runner.lock'));
    await new Promise<void>((resolve) => held.lock.lost.addEventListener('abort', () => resolve()));
    await held.lock.release();
  });

  it('never lets a holder remove the lock another took after it', async () => {
    const first = await acquireJobLock(dir, { by: 'first' });
    if (!first.ok) throw new Error('not taken');
    // Someone removes the lock by hand and another process takes it.
    await rm(join(dir, 'runner.lock'));
    const second = await acquireJobLock(dir, { by: 'second' });
    expect(second.ok).toBe(true);
    await first.lock.release();
    expect(await jobLockHolder(dir)).toMatchObject({ by: 'second' });
    if (second.ok) await second.lock.release();
  });
});
