// Shared by the Windows lane's tests (node:test under Windows' Node, run by
// `npm run test:windows`): the platform check every file starts with, a
// temporary folder per test, and a folder deeper than Windows' old 260
// character limit.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

/** Fails the file unless it runs on Windows: the lane proves nothing otherwise. */
export function runsOnWindows(): void {
  test('runs on Windows', () => {
    assert.equal(process.platform, 'win32');
  });
}

const made: string[] = [];
after(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh folder, removed when the file's tests are done. */
export async function tempDir(prefix = 'lc-win-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A folder inside `base` whose path is longer than 260 characters. */
export async function deepFolder(base: string): Promise<string> {
  let dir = base;
  for (let i = 0; dir.length <= 280; i++) dir = join(dir, `a-folder-with-a-long-name-${i}`);
  await mkdir(dir, { recursive: true });
  assert.ok(dir.length > 260, `${dir.length} characters`);
  return dir;
}

/** The error a promise rejected with (it must reject). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected a failure'),
    (err: unknown) => err,
  );
}
