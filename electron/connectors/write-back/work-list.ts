// What a write-back will do, worked out once from the finished job: each
// member's verdict, read from the job's own export (so the rule for a row's
// status is the export's, in one place), against what an earlier check left
// on the member. The members to write go to a line file the run reads a
// batch at a time; a resume reads the same file, so it writes the same
// members in the same order.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import Papa from 'papaparse';
import {
  isVerdictStatus,
  RETIRED_STATUSES,
  type PlatformId,
} from '../../common/catalogs/platforms';
import { MEMBER_COLUMNS, idColumn } from '../members-file';
import type { WorkCounts } from '../../common/views/platform-views';
import type { Verdict } from '../types';

export type { WorkCounts };

/** A line of the work list: id, address, verdict, whether it is written, whether it may be retired. */
export interface WorkItem extends Verdict {
  write: boolean;
  retire: boolean;
}

const TAB = '\t';

/** Tabs and line breaks cannot be in a platform id or address; refused rather than split wrongly. */
const clean = (value: string) => value.replace(/[\t\r\n]/g, ' ');

/**
 * Reads the job's export (`exportPath`, its rows with email_status appended)
 * into the work list at `workPath`; answers the counts.
 */
export async function makeWorkList(
  exportPath: string,
  workPath: string,
  platform: PlatformId,
  checkedAt: string,
  options: { statusOnly?: boolean } = {},
): Promise<WorkCounts> {
  const moves: Record<string, number> = {};
  const counts: WorkCounts = { write: {}, unchanged: 0, skipped: 0, retirable: 0, moves };
  const out = createWriteStream(workPath, { encoding: 'utf8' });
  await once(out, 'open');
  const idName = idColumn(platform);
  await new Promise<void>((resolve, reject) => {
    Papa.parse<Record<string, string>>(createReadStream(exportPath, { encoding: 'utf8' }), {
      header: true,
      skipEmptyLines: true,
      step: (row) => {
        const r = row.data;
        const status = r.email_status ?? '';
        const id = r[idName] ?? '';
        if (!isVerdictStatus(status) || id === '') {
          counts.skipped += 1;
          return;
        }
        const before = r[MEMBER_COLUMNS.previousStatus] ?? '';
        const beforeAt = r[MEMBER_COLUMNS.previousCheckedAt] ?? '';
        // A platform that keeps no date (a Mailchimp tag) is unchanged when the status is the same;
        // a watch asks for the status alone, so a re-check on another day rewrites nothing that held.
        const same =
          before === status && (options.statusOnly || beforeAt === '' || beforeAt === checkedAt);
        const move = `${before || 'none'}>${status}`;
        moves[move] = (moves[move] ?? 0) + 1;
        const retire = RETIRED_STATUSES.includes(status);
        if (same) counts.unchanged += 1;
        else counts.write[status] = (counts.write[status] ?? 0) + 1;
        if (retire) counts.retirable += 1;
        const line = [
          clean(id),
          clean(r[MEMBER_COLUMNS.email] ?? ''),
          status,
          same ? '0' : '1',
          retire ? '1' : '0',
        ];
        out.write(`${line.join(TAB)}\n`);
      },
      complete: () => resolve(),
      error: (err: Error) => reject(err),
    });
  });
  out.end();
  await once(out, 'finish');
  return counts;
}

function itemOf(line: string, checkedAt: string): WorkItem | null {
  const [id, email, status, write, retire] = line.split(TAB);
  if (id === undefined || email === undefined || status === undefined || !isVerdictStatus(status))
    return null;
  return { id, email, status, checkedAt, write: write === '1', retire: retire === '1' };
}

/** The work list in batches of `size` items that `pick` keeps, from item `from` on; each with its place. */
export async function* workBatches(
  workPath: string,
  checkedAt: string,
  size: number,
  from: number,
  pick: (item: WorkItem) => boolean,
): AsyncGenerator<{ start: number; end: number; items: WorkItem[] }> {
  const lines = createInterface({
    input: createReadStream(workPath, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let at = 0;
  let start = from;
  let items: WorkItem[] = [];
  for await (const line of lines) {
    const place = at;
    at += 1;
    if (place < from) continue;
    const item = itemOf(line, checkedAt);
    if (item !== null && pick(item)) items.push(item);
    if (items.length >= size) {
      yield { start, end: at, items };
      start = at;
      items = [];
    }
  }
  if (items.length > 0 || start < at) yield { start, end: at, items };
}
