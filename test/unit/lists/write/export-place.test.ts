// How an export reaches its name: the finished temporary file is synced
// through a writable handle (Windows refuses to sync a read-only one, and the
// export would fail there), and a previous export held open by another
// program is waited for, then refused with the reason, the old file kept.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importList } from '../../../../electron/lists/read/read';
import { exportList } from '../../../../electron/lists/write/write';
import type { ImportedList } from '../../../../electron/lists/types';
import { AppError } from '../../../../electron/lib/app-error';
import { opened } from '../../lib/fs-spies';

vi.mock('node:fs/promises', async (real) =>
  (await import('../../lib/fs-spies')).trackOpens(await real()),
);

let dir: string;
let out: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-place-'));
  out = join(dir, 'out');
  await mkdir(out);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function smallList(): Promise<ImportedList> {
  const path = join(dir, 'contacts.csv');
  await writeFile(path, 'name,email\nAnn,ann@example.com\nBob,bob@example.com\n');
  const workDir = join(dir, 'work');
  await mkdir(workDir);
  return importList(path, { workDir });
}

const deliverable = () => ({ status: 'deliverable' as const });

describe('an export put in place', () => {
  it('syncs its data through a writable handle, never a read-only one', async () => {
    const list = await smallList();
    opened.length = 0;
    const destPath = join(out, 'contacts.cleaned.csv');
    await exportList(list, deliverable, { destPath });
    expect(await readFile(destPath, 'utf8')).toBe(
      'name,email,email_status\nAnn,ann@example.com,deliverable\nBob,bob@example.com,deliverable\n',
    );
    const synced = opened.filter((o) => o.synced);
    const temp = synced.find((o) => o.path.endsWith('.tmp'));
    expect(temp?.flags).toBe('r+');
    // The only handle synced read-only is the folder's, after the rename (POSIX).
    expect(synced.filter((o) => o.flags === 'r').map((o) => o.path)).toEqual([out]);
    expect(await readdir(out)).toEqual(['contacts.cleaned.csv']);
  });

  it('keeps the previous export and no temporary file when it stays open elsewhere', async () => {
    const list = await smallList();
    const destPath = join(out, 'contacts.cleaned.csv');
    await writeFile(destPath, 'the export open in Excel');
    const waited: number[] = [];
    const err = await exportList(list, deliverable, {
      destPath,
      place: {
        platform: 'win32',
        delays: [5, 10],
        sleep: async (ms) => void waited.push(ms),
        rename: async () => {
          throw Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' });
        },
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('file_in_use');
    expect((err as AppError).message).toBe(
      'contacts.cleaned.csv is open in another program, so it could not be replaced. Close the file in Excel (or choose another name) and try again: your results are kept.',
    );
    expect(waited).toEqual([5, 10]);
    expect(await readFile(destPath, 'utf8')).toBe('the export open in Excel');
    expect(await readdir(out)).toEqual(['contacts.cleaned.csv']);
  });

  it('is refused before anything is written when the name cannot be used', async () => {
    const list = await smallList();
    const err = await exportList(list, deliverable, { destPath: join(out, 'gone', 'x.csv') }).catch(
      (e: unknown) => e,
    );
    expect((err as AppError).code).toBe('bad_file');
    expect((err as AppError).message).toMatch(
      /does not exist\. Choose another place\. Your results are kept\.$/,
    );
    expect(await readdir(out)).toEqual([]);
  });
});
