// Reading a bulk task's result file into outcomes: one row per checked
// address (identifier, activated, and for avatar tasks avatar, avatar_url),
// matched to the task's addresses by the address itself, since the file's
// order is not promised. Addresses the file leaves out were not determined.
//
// The file is streamed and its records handed over a batch at a time, each
// kept (outcome log, table, memory) before more is read: what is held is a
// table of the task's own addresses by fingerprint (12 MB at most) and a
// byte each for those found, never the file's rows nor the job's records.
import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import { fingerprint } from '../../lists/read/dedupe';
import type { OutcomeRecord } from '../storage/outcomes';

/** Records handed over at a time. */
export const RESULT_BATCH = 10_000;

let turn: Promise<unknown> = Promise.resolve();

/**
 * Runs `read` once no other result file of this process is being read: the
 * tasks of a job (and the jobs of the app) finish together, and their files
 * read one after another hold one task's addresses at a time. JavaScript
 * reads them one at a time anyway, so nothing takes longer.
 */
export function oneResultAtATime<T>(read: () => Promise<T>): Promise<T> {
  const run = turn.then(read);
  turn = run.catch(() => undefined);
  return run;
}

export type KeepRecords = (records: OutcomeRecord[]) => Promise<void>;

export interface TaskResults {
  /**
   * Reads one download of the result file, handing its records over a batch
   * at a time (each awaited). A row for an address an earlier download named
   * already is passed over. Resolves to the rows naming no address of the task.
   * Called inside oneResultAtATime: the table of addresses is shared.
   */
  read(path: string, keep: KeepRecords): Promise<{ stray: number }>;
  /** Addresses the files read so far named. */
  readonly matched: number;
  /** Keeps 'unknown' for every address no file named, a batch at a time. */
  rest(keep: KeepRecords): Promise<void>;
}

/** The table's slots, kept from task to task: reading a file allocates nothing large. */
let room = new Int32Array(0);

/** Addresses read from the book at a time while the table is made. */
const LINES_AT_ONCE = 16_384;

/**
 * The task's addresses by their fingerprint (the import's, lists/read/dedupe.ts:
 * two addresses of a 500,000-line task share one with odds of some 7 in a
 * billion): an open-addressing table of 12 bytes a slot, 12 MB for the
 * largest task, made from the address book a few hundred kilobytes at a time.
 */
function lineTable(lines: (from: number, to: number) => Buffer, count: number) {
  let slots = 16;
  while (slots * 5 < count * 8) slots *= 2;
  const mask = slots - 1;
  // Per slot: the fingerprint's two words and the line number + 1 (0: empty).
  // One table serves every task in turn (they are read one at a time).
  if (room.length < slots * 3) room = new Int32Array(slots * 3);
  else room.fill(0, 0, slots * 3);
  const table = room;
  const print = new Int32Array(2);
  const slotOf = (a: number, b: number): number => {
    let slot = a & mask;
    while (table[slot * 3 + 2] !== 0) {
      if (table[slot * 3] === a && table[slot * 3 + 1] === b) break;
      slot = (slot + 1) & mask;
    }
    return slot;
  };
  for (let from = 0; from < count; from += LINES_AT_ONCE) {
    const block = lines(from, Math.min(count, from + LINES_AT_ONCE));
    let k = from;
    for (let start = 0; start < block.length; k++) {
      const end = block.indexOf(0x0a, start);
      fingerprint(block, start, end, print, 0);
      const slot = slotOf(print[0] as number, print[1] as number);
      if (table[slot * 3 + 2] === 0) {
        table[slot * 3] = print[0] as number;
        table[slot * 3 + 1] = print[1] as number;
        table[slot * 3 + 2] = k + 1;
      }
      start = end + 1;
    }
  }
  const scratch = Buffer.allocUnsafe(4096);
  return {
    count,
    /** The line holding `address` (normalized), or -1. */
    find(address: string): number {
      if (address.length * 3 > scratch.length) return -1;
      const length = scratch.write(address, 0, 'utf8');
      fingerprint(scratch, 0, length, print, 0);
      const slot = slotOf(print[0] as number, print[1] as number);
      return (table[slot * 3 + 2] as number) - 1;
    },
  };
}

/**
 * The results of one task: `lines(from, to)` gives its addresses from..to as
 * sent (from 0), `count` is how many it has, and `firstIndex` the position
 * (unique-address index, or send-list position) of the first.
 */
export function taskResults(
  lines: (from: number, to: number) => Buffer,
  count: number,
  firstIndex: number,
  avatarProduct: boolean,
): TaskResults {
  const found = new Uint8Array(count);
  let matched = 0;

  const read = (path: string, keep: KeepRecords): Promise<{ stray: number }> => {
    const table = lineTable(lines, count);
    let stray = 0;
    let header = true;
    let records: OutcomeRecord[] = [];
    let holding: Promise<void> = Promise.resolve();
    let failed = false;
    const text = createReadStream(path, 'utf8');
    return new Promise((resolve, reject) => {
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        text.destroy();
        reject(err);
      };
      /** Keeps the records gathered, holding the reading meanwhile. */
      const flush = () => {
        if (records.length === 0) return;
        const batch = records;
        records = [];
        text.pause();
        holding = holding
          .then(() => (failed ? undefined : keep(batch)))
          .then(() => {
            if (!failed) text.resume();
          }, fail);
      };
      Papa.parse<string[]>(text as unknown as File, {
        skipEmptyLines: true,
        chunk(results) {
          if (failed) return;
          for (const row of results.data) {
            const identifier = (row[0] ?? '').trim().toLowerCase();
            if (header) {
              header = false;
              if (identifier === 'identifier') continue;
            }
            const at = table.find(identifier);
            if (at === -1) {
              stray += 1;
              continue;
            }
            if (found[at]) continue;
            found[at] = 1;
            matched += 1;
            const activated = (row[1] ?? '').trim().toLowerCase() === 'true';
            records.push({
              index: firstIndex + at,
              status: activated ? 'deliverable' : 'undeliverable',
              // Bulk files carry no provider; avatars only where activated.
              provider: null,
              avatar: avatarProduct && activated ? (row[2] ?? '').trim() === 'true' : null,
              avatarUrl: avatarProduct && activated ? (row[3] ?? '').trim() : null,
            });
          }
          if (records.length >= RESULT_BATCH) flush();
        },
        complete() {
          if (failed) return;
          flush();
          holding.then(() => {
            if (!failed) resolve({ stray });
          }, fail);
        },
        error: fail,
      });
    });
  };

  return {
    read,
    get matched() {
      return matched;
    },
    async rest(keep) {
      let records: OutcomeRecord[] = [];
      for (let k = 0; k < count; k++) {
        if (found[k]) continue;
        records.push({ index: firstIndex + k, status: 'unknown' });
        if (records.length >= RESULT_BATCH) {
          await keep(records);
          records = [];
        }
      }
      if (records.length > 0) await keep(records);
    },
  };
}
