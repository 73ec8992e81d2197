// Room on disk for a job, checked before it starts: a job that fills the disk
// half-way has paid for answers it then cannot keep. What it will write is
// known from its plan: the task files of its bulk part, its outcome log, and
// the result files it downloads.
import { ChargedError } from '../../lib/files/write-failure';
import type { AddressBook } from './address-book';
import type { Disk } from './disk';
import type { JobProduct } from '../../common/model';
import { planJob } from '../run/plan';
import { message } from '../../common/i18n/message';

/**
 * One line of the outcome log, generously: an index of up to seven digits,
 * the status, a provider name and the tabs come to about 40 bytes.
 */
export const OUTCOME_LINE_BYTES = 64;
/** Avatar checks add a picture address to the line; real ones are 100–200 bytes. */
export const AVATAR_URL_BYTES = 512;
/** Besides the address itself, a result row holds ",false" and a line end. */
export const RESULT_ROW_EXTRA_BYTES = 8;
/** An avatar result row adds ",true," and a picture address. */
export const AVATAR_ROW_EXTRA_BYTES = 6 + AVATAR_URL_BYTES;
/** job.json written again (two copies for a moment, as it is renamed into place) and headers. */
export const MARGIN_BYTES = 1_048_576;

export interface RoomNeeded {
  taskFiles: number;
  outcomeLog: number;
  results: number;
  total: number;
}

/**
 * What a job of `unique` addresses writes into its folder once started.
 *
 * Result files are estimated per row, not by the download's cap
 * (resultByteCap in service/results/download.ts allows 4 KiB a row): that cap is a
 * ceiling against a file that is not a result at all, some 100 times a real
 * row, and would refuse ordinary jobs on ordinary disks. A real row is the
 * address as sent plus a few bytes (and a picture address for avatars). A
 * result that arrives as an archive is unpacked beside it; the archive is a
 * fraction of its contents, so half again covers both for a moment.
 */
export function roomNeeded(
  unique: number,
  product: JobProduct,
  addresses: Pick<AddressBook, 'lineBytes' | 'lines'>,
): RoomNeeded {
  const plan = planJob(unique, product, (i) => addresses.lineBytes(i));
  const avatar = product === 'avatar';
  let taskFiles = 0;
  let taskLines = 0;
  for (const task of plan.bulk) {
    taskFiles += addresses.lines(task.start, task.end).length;
    taskLines += task.end - task.start;
  }
  const rowExtra = RESULT_ROW_EXTRA_BYTES + (avatar ? AVATAR_ROW_EXTRA_BYTES : 0);
  const results = Math.ceil((taskFiles + taskLines * rowExtra) * 1.5);
  const outcomeLog = unique * (OUTCOME_LINE_BYTES + (avatar ? AVATAR_URL_BYTES : 0));
  return {
    taskFiles,
    outcomeLog,
    results,
    total: taskFiles + outcomeLog + results + MARGIN_BYTES,
  };
}

export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${(bytes / size).toFixed(1)} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * Refuses a job the disk holding `dir` has no room for, before anything is
 * sent. `folder` is how the user knows the place (the data folder).
 */
export async function ensureRoom(
  dir: string,
  folder: string,
  needed: RoomNeeded,
  disk: Pick<Disk, 'statfs'>,
): Promise<void> {
  const { bavail, bsize } = await disk.statfs(dir);
  const free = Number(bavail) * Number(bsize);
  if (free >= needed.total) return;
  const tasks = needed.taskFiles > 0;
  const results = needed.results > 0;
  const what = tasks
    ? results
      ? message('error.job.room.all')
      : message('error.job.room.tasksLog')
    : results
      ? message('error.job.room.logResults')
      : message('error.job.room.log');
  throw new ChargedError(
    'disk_full',
    message('error.job.noRoom', {
      needed: formatBytes(needed.total),
      folder,
      what,
      free: formatBytes(free),
    }),
    'no',
  );
}
