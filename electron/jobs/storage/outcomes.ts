// A job's outcomes on disk: an append-only log, one line per address, synced
// before the next charge-bearing request, loaded into the table in memory
// (outcome-table.ts).
import { open, type FileHandle } from 'node:fs/promises';
import { isVerdictVendor } from '../../common/catalogs/vendors';
import {
  createOutcomeTable,
  type OutcomeRecord,
  type OutcomeTable,
  type Status,
} from './outcome-table';
import { retryWrite, systemDisk, type Disk } from './disk';
import { wholeLineChunks } from '../../lib/files/whole-lines';

export {
  createOutcomeTable,
  type OutcomeCounts,
  type OutcomeRecord,
  type OutcomeTable,
} from './outcome-table';

// The log's line: index, status, provider, avatar, avatar URL, tab-separated,
// then for an outcome not paid for here its origin: "r" and the date a reused
// answer was given (then another vendor's name, common/catalogs/vendors.ts), or "l" for
// one found here, or "x" for an unknown the service judged invalid (never
// asked again, jobs/ask-again/). Providers and URLs never hold tabs or newlines; dropped if so.
const clean = (s: string | null | undefined) => (s == null ? '\u0000' : s.replace(/[\t\r\n]/g, ''));
const S_CODE: Record<Status, string> = {
  deliverable: 'd',
  undeliverable: 'u',
  unknown: '?',
  disposable: 'x',
  role: 'o',
  not_covered: 'n',
  suppressed: 's',
  blocked: 'b',
};
const CODE_S: Record<string, Status> = Object.fromEntries(
  Object.entries(S_CODE).map(([status, code]) => [code, status as Status]),
);

function originField(r: OutcomeRecord): string {
  if (r.origin === 'local') return '\tl';
  // "x": the service judged it invalid; older readers take the field for no origin.
  if (r.judgedInvalid === true && r.origin === undefined) return '\tx';
  return r.origin === 'reused' ? `\tr${r.checkedAt ?? 0}${r.source ? `\t${r.source}` : ''}` : '';
}

/** One record as its line of the log. */
const formatRecord = (r: OutcomeRecord): string => {
  const avatar = r.avatar == null ? '' : r.avatar ? '1' : '0';
  return `${r.index}\t${S_CODE[r.status]}\t${clean(r.provider)}\t${avatar}\t${clean(r.avatarUrl)}${originField(r)}\n`;
};

export function formatRecords(records: readonly OutcomeRecord[]): string {
  let out = '';
  for (const r of records) out += formatRecord(r);
  return out;
}

type OriginFields = Pick<OutcomeRecord, 'origin' | 'checkedAt' | 'source'>;
function originOf(field: string | undefined, vendor: string | undefined): OriginFields {
  if (field === undefined || field === '') return {};
  if (field === 'l') return { origin: 'local' };
  const at = Number(field.slice(1));
  if (!field.startsWith('r') || !Number.isInteger(at) || at < 0) return {};
  const known = vendor !== undefined && isVerdictVendor(vendor);
  return { origin: 'reused', checkedAt: at, ...(known ? { source: vendor } : {}) };
}

/** Bytes of the log read at a time: its lines are parsed as they come, never the whole log at once. */
const LOAD_CHUNK = 1 << 20;

/** One line of the log (without its line end) into the table; a damaged line is passed over. */
function loadLine(table: OutcomeTable, line: string, size: number): void {
  const [i, s, p, a, u, o, v] = line.split('\t');
  const status = CODE_S[s ?? ''];
  const index = Number(i);
  if (!status || !Number.isInteger(index) || index < 0 || index >= size) return;
  table.set({
    index,
    status,
    provider: p === undefined || p === '\u0000' ? null : p,
    avatar: a === '1' ? true : a === '0' ? false : null,
    avatarUrl: u === undefined || u === '\u0000' ? null : u,
    ...originOf(o, v),
  });
}

/** Reads the log into a table, a chunk at a time; a torn last line (a crash mid-append) is ignored. */
export async function loadOutcomes(path: string, size: number): Promise<OutcomeTable> {
  const table = createOutcomeTable(size);
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return table;
    throw err;
  }
  try {
    for await (const { bytes, end } of wholeLineChunks(handle, LOAD_CHUNK)) {
      const text = bytes.toString('utf8', 0, end);
      for (let from = 0; from < text.length;) {
        const nl = text.indexOf('\n', from);
        loadLine(table, text.slice(from, nl), size);
        from = nl + 1;
      }
    }
  } finally {
    await handle.close();
  }
  return table;
}

/** Appends to the log and syncs, so what was paid for is on disk before anything else is sent. */
export interface OutcomeLog {
  /**
   * Resolves once the records are on disk. A write that fails is tried again
   * briefly (a part written is cut off first); then the disk's error is thrown.
   * Throws LogGoneError when the file was deleted under the job.
   */
  append(records: readonly OutcomeRecord[]): Promise<void>;
  /** The file was deleted (with its folder) while the log was open. */
  gone(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The log's file has no name left on disk (its job folder was deleted while
 * the job ran): what is appended goes nowhere anyone will read.
 */
export class LogGoneError extends Error {
  constructor(readonly path: string) {
    super(`${path} was deleted while its job ran`);
    this.name = 'LogGoneError';
  }
}

/**
 * Cuts a torn last line off the log. loadOutcomes ignores it, but the next
 * append would be glued onto it: the torn line and the first new one would read
 * as one damaged record, and that new outcome (already paid for) would be lost.
 */
async function dropTornLine(path: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(64 * 1024);
    for (let end = size; end > 0;) {
      const start = Math.max(0, end - buffer.length);
      const { bytesRead } = await handle.read(buffer, 0, end - start, start);
      const newline = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (newline !== -1) {
        if (start + newline + 1 < size) await handle.truncate(start + newline + 1);
        return;
      }
      end = start;
    }
    if (size > 0) await handle.truncate(0);
  } finally {
    await handle.close();
  }
}

export async function openOutcomeLog(
  path: string,
  disk: Pick<Disk, 'open' | 'retryDelaysMs'> = systemDisk,
): Promise<OutcomeLog> {
  await dropTornLine(path);
  const handle: FileHandle = await disk.open(path, 'a');
  // Where the last whole append ended: a failed attempt is cut back to it, so
  // the next one never glues onto half a line.
  let size = (await handle.stat()).size;
  let queue: Promise<void> = Promise.resolve();
  let broken: unknown = null;
  const gone = async () => (await handle.stat()).nlink === 0;
  // The lines' bytes, written a line at a time into one buffer kept from
  // append to append (they run one at a time): no string of the whole batch.
  let bytes = Buffer.allocUnsafe(64 * 1024);
  const encode = (records: readonly OutcomeRecord[]): number => {
    let length = 0;
    for (const r of records) {
      const line = formatRecord(r);
      if (length + line.length * 3 > bytes.length) {
        const bigger = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + line.length * 3));
        bytes.copy(bigger, 0, 0, length);
        bytes = bigger;
      }
      length += bytes.write(line, length, 'utf8');
    }
    return length;
  };
  return {
    append(records) {
      if (records.length === 0) return queue;
      const write = async () => {
        if (broken) throw broken;
        const length = encode(records);
        try {
          await retryWrite(
            async () => {
              await handle.appendFile(bytes.subarray(0, length));
              await handle.datasync();
            },
            disk.retryDelaysMs,
            () => handle.truncate(size),
          );
        } catch (err) {
          // Whatever part of the line got written goes; if even that fails, no
          // later line may follow it (it would read as one damaged record).
          await handle.truncate(size).catch(() => (broken = err));
          throw err;
        }
        size += length;
        // Appending to a deleted file succeeds; only its link count tells.
        if (await gone()) throw new LogGoneError(path);
      };
      // One append at a time, in order; one that failed does not stop the next from trying.
      const done = queue.then(write, write);
      queue = done.catch(() => undefined);
      return done;
    },
    gone,
    async close() {
      await queue;
      await handle.close();
    },
  };
}
