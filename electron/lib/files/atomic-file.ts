// Files are written to a temporary sibling and renamed into place, so a crash
// mid-write leaves either the old file or the new one, never half of either.
// placeFile is the one rule for the last step, used by every writer:
// - the data is synced through a writable handle (Windows refuses to sync a
//   read-only one, EPERM);
// - the rename is tried again for a few seconds while another program holds
//   the destination open (Windows refuses with EPERM or EBUSY: Excel showing
//   the previous export, an antivirus scanning it);
// - on POSIX, the folder is synced afterwards, so the new name survives a
//   power cut as well as the data (Windows cannot open a folder to sync it);
// - the temporary file is removed on every failure.
import { open, rename, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { dirname, basename, join } from 'node:path';
import { AppError } from '../app-error';
import { message } from '../../common/i18n/message';

/** Waits between renames onto a file in use: growing, about 5 seconds in all. */
export const IN_USE_DELAYS_MS: readonly number[] = [50, 100, 200, 350, 500, 800, 1000, 1000, 1000];

export interface PlaceOptions {
  /** Waits between attempts while the destination is in use (tests shorten them). */
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<unknown>;
  /** The platform whose rules apply; default this one. */
  platform?: NodeJS.Platform;
  /** The rename itself; a test stands in for a program holding the file. */
  rename?: (from: string, to: string) => Promise<void>;
}

/** Codes Windows gives a rename onto a file another process has open. */
const IN_USE_CODES = new Set(['EPERM', 'EBUSY', 'EACCES']);

const codeOf = (err: unknown): string | undefined =>
  err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;

export function fileInUseError(dest: string): AppError {
  return new AppError('file_in_use', message('error.file.inUse', { name: basename(dest) }));
}

function readOnlyError(dest: string): AppError {
  return new AppError('bad_file', message('error.file.readOnly', { name: basename(dest) }));
}

/** Flushes a file's data to the disk through a handle that may write. */
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes a rename in `folder` durable. Best effort: the file is already in
 * place, and some file systems (network shares, FUSE) cannot sync a folder.
 */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The data itself is synced; only the name's durability is left to the system.
  }
}

/**
 * Why a rename refused on Windows will not succeed by waiting: a read-only
 * file or a folder in the way. Null when it may be a program holding it open.
 */
async function lastingRefusal(dest: string, err: unknown): Promise<unknown> {
  const info = await stat(dest).catch(() => null);
  if (info?.isDirectory()) return err;
  if (info && (info.mode & 0o200) === 0) return readOnlyError(dest);
  return null;
}

async function renameIntoPlace(tmp: string, dest: string, options: PlaceOptions): Promise<void> {
  const move = options.rename ?? rename;
  const wait = options.sleep ?? sleep;
  const delays = options.delays ?? IN_USE_DELAYS_MS;
  const windows = (options.platform ?? process.platform) === 'win32';
  for (let attempt = 0; ; attempt++) {
    try {
      await move(tmp, dest);
      return;
    } catch (err) {
      if (!windows || !IN_USE_CODES.has(codeOf(err) ?? '')) throw err;
      const lasting = await lastingRefusal(dest, err);
      if (lasting) throw lasting;
      const delay = delays[attempt];
      if (delay === undefined) throw fileInUseError(dest);
      await wait(delay);
    }
  }
}

/**
 * Puts a finished temporary file at `dest` (see the rules above). The
 * temporary file must be in dest's folder, so the rename cannot copy.
 */
export async function placeFile(
  tmp: string,
  dest: string,
  options: PlaceOptions = {},
): Promise<void> {
  try {
    await syncFile(tmp);
    await renameIntoPlace(tmp, dest, options);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  if ((options.platform ?? process.platform) !== 'win32') await syncFolder(dirname(dest));
}

/** The first characters of `text` that fit in `maxBytes` of UTF-8. */
function clipUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    bytes += Buffer.byteLength(ch);
    if (bytes > maxBytes) break;
    out += ch;
  }
  return out;
}

/**
 * A name beside `path` for its temporary file: hidden on POSIX, never
 * clashing, and short enough however long the final name is (a name has at
 * most 255 bytes on Linux, 255 characters on Windows).
 */
export function tempPathFor(path: string): string {
  const name = clipUtf8(basename(path), 200);
  return join(dirname(path), `.${name}.${randomBytes(6).toString('hex')}.tmp`);
}

export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: PlaceOptions = {},
): Promise<void> {
  const tmp = tempPathFor(path);
  const handle = await open(tmp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await placeFile(tmp, path, options);
}
