// Where a job meets the disk: the free space of its folder, the outcome log's
// file, and how long a write of something already paid for is tried again
// before the job stops. Tests swap any of them (a full disk cannot be made on
// demand everywhere); the app and the command line use the system's.
import { open, statfs, type FileHandle } from 'node:fs/promises';
import { asWriteFailure } from '../../lib/files/write-failure';

export interface Disk {
  /** The file system holding `path`: blocks free to this user (bavail) and their size. */
  statfs(path: string): Promise<{ bavail: number; bsize: number }>;
  /** Opens the outcome log. */
  open(path: string, flags: string): Promise<FileHandle>;
  /**
   * The waits between attempts of a write that failed: a disk filled by a
   * download elsewhere often has room again a moment later. Attempts are one
   * more than the waits.
   */
  retryDelaysMs: readonly number[];
}

export const systemDisk: Disk = {
  statfs: (path) => statfs(path),
  open: (path, flags) => open(path, flags),
  // Five attempts over about two seconds: enough for a moment's shortage,
  // short enough that a job that cannot write says so at once.
  retryDelaysMs: [100, 250, 500, 1_000],
};

export const diskWith = (parts: Partial<Disk> = {}): Disk => ({ ...systemDisk, ...parts });

/** A write failure, or an error that says one in words (its cause). */
const ofTheDisk = (err: unknown): boolean =>
  asWriteFailure(err) !== null || (err instanceof Error && asWriteFailure(err.cause) !== null);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `write`, and again after each wait while it fails for a reason of the
 * disk; `undo` runs before each new attempt, to take back a part written. A
 * failure of another kind, or of `undo`, is thrown at once.
 */
export async function retryWrite<T>(
  write: () => Promise<T>,
  delaysMs: readonly number[],
  undo?: () => Promise<void>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (err) {
      const wait = delaysMs[attempt];
      if (wait === undefined || !ofTheDisk(err)) throw err;
      await undo?.();
      await sleep(wait);
    }
  }
}
