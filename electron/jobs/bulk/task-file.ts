// A bulk task's address file: written whole (atomically), its SHA-256 kept in
// job.json before the first submit, and checked before any resend under the
// same Idempotency-Key, since the service answers a repeated key with the task
// it made for the first file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeFileAtomic } from '../../lib/atomic-file';
import { notSentError, taskFileChangedError } from '../run/failures';
import type { RunContext } from '../run/keep';
import type { BulkTaskRecord } from '../storage/record';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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

/** Writes a task's address file whole, or not at all; a failure here sent nothing. */
export async function writeTaskFile(ctx: RunContext, k: number, bytes: Uint8Array): Promise<void> {
  try {
    await writeFileAtomic(ctx.paths.taskFile(k), bytes);
  } catch (err) {
    throw notSentError(err, ctx.paths.dir, `the file of bulk task ${k + 1}`);
  }
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
  const path = ctx.paths.taskFile(k);
  const onDisk = await fileSha256(path);
  // Sent before hashes were kept: the address book is all there is to go by.
  if (!task.sha256) {
    if (onDisk === null) await writeTaskFile(ctx, k, ctx.addresses.lines(task.start, task.end));
    return;
  }
  if (onDisk === task.sha256) return;
  const bytes = ctx.addresses.lines(task.start, task.end);
  if (sha256(bytes) !== task.sha256) throw taskFileChangedError(k, ctx.paths.dir);
  await writeTaskFile(ctx, k, bytes);
}
