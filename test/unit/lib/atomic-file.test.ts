// Atomic files: the data lands whole or not at all, no temporary file is left
// behind on any path, data is synced only through a writable handle, the
// folder is synced after the rename on POSIX, and a destination another
// program holds open on Windows is waited for, then refused with the reason.
import { chmod, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../electron/lib/app-error';
import {
  IN_USE_DELAYS_MS,
  placeFile,
  tempPathFor,
  writeFileAtomic,
  type PlaceOptions,
} from '../../../electron/lib/files/atomic-file';
import { opened } from './fs-spies';

vi.mock('node:fs/promises', async (real) => (await import('./fs-spies')).trackOpens(await real()));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-atomic-'));
  opened.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const errno = (code: string) => Object.assign(new Error(`${code}: refused`), { code });

/** A rename that fails with `code` the first `times` calls, then renames for real. */
function heldOpen(code: string, times: number) {
  let calls = 0;
  const refusing = async (from: string, to: string) => {
    calls += 1;
    if (calls <= times) throw errno(code);
    await rename(from, to);
  };
  return { rename: refusing, calls: () => calls };
}

function fakeClock() {
  const waited: number[] = [];
  return { waited, sleep: async (ms: number) => void waited.push(ms) };
}

describe('writeFileAtomic', () => {
  it('puts the data in place and leaves no temporary file', async () => {
    const path = join(dir, 'job.json');
    await writeFile(path, 'old');
    await writeFileAtomic(path, '{"new":true}');
    expect(await readFile(path, 'utf8')).toBe('{"new":true}');
    expect(await readdir(dir)).toEqual(['job.json']);
  });

  it('removes the temporary file when the write fails, and keeps the old file', async () => {
    const path = join(dir, 'job.json');
    await writeFile(path, 'old');
    const notData = 42 as unknown as string;
    await expect(writeFileAtomic(path, notData)).rejects.toThrow();
    // The temporary file had been made: the failure came after it.
    expect(opened.map((o) => o.flags)).toEqual(['wx']);
    expect(await readdir(dir)).toEqual(['job.json']);
    expect(await readFile(path, 'utf8')).toBe('old');
  });

  it('removes the temporary file when the rename fails', async () => {
    const path = join(dir, 'job.json');
    const rename = async () => {
      throw errno('ENOSPC');
    };
    await expect(writeFileAtomic(path, 'x', { rename })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('syncs the data through a writable handle, then the folder', async () => {
    const path = join(dir, 'settings.json');
    await writeFileAtomic(path, 'x', { platform: 'linux' });
    const synced = opened.filter((o) => o.synced);
    expect(synced.map((o) => o.flags)).toEqual(['r+', 'r']);
    expect(synced[0]?.path).toMatch(/\.settings\.json\.[0-9a-f]{12}\.tmp$/);
    expect(synced[1]?.path).toBe(dir);
  });

  it('does not open the folder on Windows, where it cannot be synced', async () => {
    await writeFileAtomic(join(dir, 'settings.json'), 'x', { platform: 'win32' });
    expect(opened.map((o) => o.path)).not.toContain(dir);
    expect(opened.every((o) => o.flags !== 'r')).toBe(true);
  });
});

describe('a destination another program holds open (Windows)', () => {
  it('is tried again with growing waits, then refused as in use, naming the file', async () => {
    const dest = join(dir, 'contacts.cleaned.csv');
    const tmp = tempPathFor(dest);
    await writeFile(tmp, 'rows');
    const held = heldOpen('EPERM', Infinity);
    const clock = fakeClock();
    const options: PlaceOptions = { platform: 'win32', delays: [1, 2, 3], ...clock, ...held };
    const err = await placeFile(tmp, dest, options).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('file_in_use');
    expect((err as AppError).message).toContain('contacts.cleaned.csv is open in another program');
    expect((err as AppError).message).toContain('Close the file in Excel (or choose another name)');
    expect((err as AppError).message).toContain('your results are kept');
    expect(clock.waited).toEqual([1, 2, 3]);
    expect(held.calls()).toBe(4);
    expect(await readdir(dir)).toEqual([]);
  });

  it('waits about five seconds in all by default, each wait at least as long as the last', () => {
    const total = IN_USE_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(4_000);
    expect(total).toBeLessThanOrEqual(6_000);
    for (let i = 1; i < IN_USE_DELAYS_MS.length; i++) {
      expect(IN_USE_DELAYS_MS[i]).toBeGreaterThanOrEqual(IN_USE_DELAYS_MS[i - 1] as number);
    }
  });

  it('succeeds once the other program lets go', async () => {
    const dest = join(dir, 'out.csv');
    await writeFile(dest, 'previous export');
    const held = heldOpen('EBUSY', 2);
    const clock = fakeClock();
    await writeFileAtomic(dest, 'new export', { platform: 'win32', ...clock, ...held });
    expect(await readFile(dest, 'utf8')).toBe('new export');
    expect(clock.waited).toEqual(IN_USE_DELAYS_MS.slice(0, 2));
    expect(await readdir(dir)).toEqual(['out.csv']);
  });

  it('is refused at once when the file is read-only: waiting would not help', async () => {
    const dest = join(dir, 'out.csv');
    await writeFile(dest, 'previous export');
    await chmod(dest, 0o444);
    const clock = fakeClock();
    const options = { platform: 'win32' as const, ...clock, ...heldOpen('EPERM', Infinity) };
    const err = await writeFileAtomic(dest, 'x', options).catch((e: unknown) => e);
    expect((err as AppError).code).toBe('bad_file');
    expect((err as AppError).message).toContain('out.csv is read-only');
    expect(clock.waited).toEqual([]);
    expect(await readdir(dir)).toEqual(['out.csv']);
  });

  it('is refused at once when a folder has the name', async () => {
    const dest = join(dir, 'out.csv');
    await mkdir(dest);
    const clock = fakeClock();
    const options = { platform: 'win32' as const, ...clock, ...heldOpen('EPERM', Infinity) };
    await expect(writeFileAtomic(dest, 'x', options)).rejects.toMatchObject({ code: 'EPERM' });
    expect(clock.waited).toEqual([]);
  });

  it('is not waited for on Linux or macOS, where a refusal is about permissions', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const clock = fakeClock();
      const held = heldOpen('EACCES', Infinity);
      const options = { platform, ...clock, ...held };
      await expect(writeFileAtomic(join(dir, 'x.json'), 'x', options)).rejects.toMatchObject({
        code: 'EACCES',
      });
      expect(held.calls()).toBe(1);
      expect(clock.waited).toEqual([]);
    }
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('temporary names', () => {
  it('stay within a file name however long the final name is', () => {
    const long = join(dir, `${'é'.repeat(120)}.cleaned.csv`);
    const name = tempPathFor(long).slice(dir.length + 1);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name).toMatch(/^\.é+.*\.[0-9a-f]{12}\.tmp$/);
  });
});
