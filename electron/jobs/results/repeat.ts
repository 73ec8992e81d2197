// A list that comes in again is known again: its print (lists/list-print.ts)
// is kept beside the job, and the finished jobs' prints are compared with it.
// The same file, or a list most of whose addresses an earlier one had, makes
// the review say when it was last checked and how many of its answers the
// memory can give for free now.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RepeatOf, SeenBeforeView } from '../../common/views/views';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import { log } from '../../lib/log';
import { listPrint, listPrintSchema, overlapOf, type ListPrint } from '../../lists/list-print';
import type { ImportedList } from '../../lists/types';
import type { Shared } from '../live';
import type { JobRecord } from '../storage/record';
import { openRecalled, reuseFrom } from '../money/reuse';

/** "Mostly the same addresses": at least this share of the new list's were in the earlier one. */
export const SAME_ADDRESSES = 0.8;

const printPath = (s: Shared, id: string) => join(s.store.paths(id).dir, 'print.json');

/** The file the user gave: the workbook itself for a workbook, not the sheet's CSV copy. */
const givenFile = (list: ImportedList) => list.workbook?.path ?? list.sourcePath;

async function makePrint(s: Shared, id: string, list: ImportedList): Promise<ListPrint> {
  const print = await listPrint(givenFile(list), list.addressesPath);
  await writeFileAtomic(printPath(s, id), JSON.stringify(print));
  return print;
}

/** A job's print: as kept, or made now for a job kept before prints were (and kept then). */
async function printOf(s: Shared, record: JobRecord): Promise<ListPrint | null> {
  try {
    return listPrintSchema.parse(JSON.parse(await readFile(printPath(s, record.id), 'utf8')));
  } catch {
    try {
      return await makePrint(s, record.id, await s.store.loadList(record.id));
    } catch (err) {
      log.warn(`jobs: ${record.id} has no print to compare lists with`, err);
      return null;
    }
  }
}

/**
 * Keeps the new list's print and finds the finished job it repeats: the
 * newest with the same file, else the one sharing the largest share (at
 * least SAME_ADDRESSES) of its addresses, the newer on a tie. Null when none;
 * never fails an import (a list not recognised is only not recognised).
 * `againOf`: the user asked to check that job's list again, so it is the one,
 * with whatever share of its addresses the file still has.
 */
export async function recognise(
  s: Shared,
  id: string,
  list: ImportedList,
  againOf?: string,
): Promise<RepeatOf | null> {
  try {
    const print = await makePrint(s, id, list);
    if (againOf !== undefined) {
      const other = await printOf(s, await s.store.load(againOf));
      if (other?.sha256 === print.sha256) return { jobId: againOf, how: 'same-file', overlap: 1 };
      return {
        jobId: againOf,
        how: 'same-addresses',
        overlap: other ? overlapOf(print, other) : 0,
      };
    }
    if (print.unique === 0) return null;
    const earlier = (await s.store.all())
      .filter((r) => r.id !== id && r.state === 'done' && r.finishedAt !== null)
      .sort((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? ''));
    let best: RepeatOf | null = null;
    for (const record of earlier) {
      const other = await printOf(s, record);
      if (!other) continue;
      if (other.sha256 === print.sha256) return { jobId: record.id, how: 'same-file', overlap: 1 };
      const overlap = overlapOf(print, other);
      if (overlap >= SAME_ADDRESSES && overlap > (best?.overlap ?? 0)) {
        best = { jobId: record.id, how: 'same-addresses', overlap };
      }
    }
    return best;
  } catch (err) {
    log.warn('jobs: the list could not be compared with the lists checked before', err);
    return null;
  }
}

/**
 * What the review says of a list recognised: the earlier job (gone: nothing
 * to say), and how many of this list's addresses the memory answered within
 * the reuse window for an email check (the dates read at import already count
 * an email and avatar answer there).
 */
export async function seenBefore(
  s: Shared,
  record: JobRecord,
  reuseDays: number,
  nowMs = Date.now(),
): Promise<SeenBeforeView | null> {
  const repeat = record.repeatOf;
  if (!repeat) return null;
  let earlier: JobRecord;
  try {
    earlier = await s.store.load(repeat.jobId);
  } catch {
    return null;
  }
  if (!earlier.finishedAt) return null;
  const from = reuseFrom(reuseDays, nowMs);
  const dates =
    from === null
      ? null
      : await openRecalled(s.store.paths(record.id).recalled, record.unique, 'email');
  let reusable: number | null = null;
  if (from !== null && dates) {
    reusable = 0;
    try {
      for (let i = 0; i < record.unique; i++) if (dates.at(i) >= from) reusable += 1;
    } finally {
      await dates.close();
    }
  }
  return {
    ...repeat,
    fileName: earlier.fileName,
    checkedAt: earlier.finishedAt,
    reusable,
    reuseDays,
  };
}
