// A bulk task's address file: written whole (to a temporary name, renamed into
// place) with its SHA-256 kept before the submit, and checked against that hash
// before a resend under the same key. The addresses are read from the address
// book a few hundred kilobytes at a time, written and hashed as they come: a
// task of half a million addresses never sits in memory whole.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { message } from '../../common/i18n/message';
import { placeFile, tempPathFor } from '../../lib/files/atomic-file';
import type { AddressBook } from '../storage/address-book';
import type { BulkTaskRecord } from '../storage/record';
import { notSentError, taskFileChangedError } from '../run/failures';
import type { RunContext } from '../run/keep';

/** Addresses read from the book at a time. */
const LINES_AT_ONCE = 16_384;

/** Calls `each` with the task's addresses in order, a block of lines at a time. */
async function eachBlock(
  book: AddressBook,
  task: Pick<BulkTaskRecord, 'start' | 'end'>,
  each: (block: Buffer) => Promise<void> | void,
): Promise<void> {
  for (let from = task.start; from < task.end; from += LINES_AT_ONCE) {
    await each(book.lines(from, Math.min(task.end, from + LINES_AT_ONCE)));
  }
}

/** The SHA-256 of the task's file as the address book would write it. */
async function bookSha256(book: AddressBook, task: BulkTaskRecord): Promise<string> {
  const hash = createHash('sha256');
  await eachBlock(book, task, (block) => {
    hash.update(block);
  });
  return hash.digest('hex');
}

/** The file's SHA-256, or null when it is not there. */
async function fileSha256(path: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return hash.digest('hex');
}

/**
 * Writes a task's address file whole, or not at all, and returns its
 * SHA-256; a failure here sent nothing.
 */
export async function writeTaskFile(
  ctx: RunContext,
  k: number,
  task: BulkTaskRecord,
): Promise<string> {
  const path = ctx.paths.taskFile(k);
  const tmp = tempPathFor(path);
  const hash = createHash('sha256');
  try {
    const handle = await open(tmp, 'wx', 0o600);
    try {
      await eachBlock(ctx.addresses, task, async (block) => {
        hash.update(block);
        await handle.write(block);
      });
    } finally {
      await handle.close();
    }
    await placeFile(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw notSentError(err, ctx.paths.dir, message('error.job.what.taskFile', { task: k + 1 }));
  }
  return hash.digest('hex');
}

/**
 * Before a resend under the same key: the file on disk must be the one sent
 * first (the service answers a repeated key with the task it made then). A
 * file missing or damaged is written again from the address book, when that
 * still gives the same addresses; otherwise nothing is sent.
 */
export async function sameFileAsSent(
  ctx: RunContext,
  k: number,
  task: BulkTaskRecord,
): Promise<void> {
  const onDisk = await fileSha256(ctx.paths.taskFile(k));
  // Sent before hashes were kept: the address book is all there is to go by.
  if (!task.sha256) {
    if (onDisk === null) await writeTaskFile(ctx, k, task);
    return;
  }
  if (onDisk === task.sha256) return;
  if ((await bookSha256(ctx.addresses, task)) !== task.sha256) {
    throw taskFileChangedError(k, ctx.paths.dir);
  }
  await writeTaskFile(ctx, k, task);
}
