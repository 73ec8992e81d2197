// A job's outcomes: an append-only log on disk (one line per address, synced
// before the next charge-bearing request), and in memory a compact table over
// typed arrays, so a million outcomes cost a few megabytes, not a million objects.
// Besides the service's answers paid for by this job, the table holds those
// taken for free: reused from the memory of earlier answers, and found here
// (a domain without mail, an address the user chose not to pay for).
import { open, type FileHandle } from 'node:fs/promises';
import { isVerdictVendor, vendorCode, vendorOfCode } from '../../common/vendors';
import type { VerdictVendor } from '../../common/vendors';
import type { JobOutcome } from '../../lists/types';
import { retryWrite, systemDisk, type Disk } from './disk';
import { wholeLineChunks } from '../../lib/whole-lines';

const STATUS = [
  'deliverable',
  'undeliverable',
  'unknown',
  'disposable',
  'role',
  'not_covered',
  'suppressed',
  'blocked',
] as const;
type Status = (typeof STATUS)[number];
const ORIGINS = ['paid', 'reused', 'local'] as const;
type Origin = (typeof ORIGINS)[number];

export interface OutcomeRecord {
  index: number;
  status: Status;
  provider?: string | null;
  avatar?: boolean | null;
  avatarUrl?: string | null;
  /** Absent: paid for by this job. */
  origin?: Origin;
  /** Epoch seconds a reused answer was given. */
  checkedAt?: number | null;
  /** A reused answer that was another vendor's verdict: which vendor (a later one's is none). */
  source?: VerdictVendor | null;
}

export interface OutcomeCounts {
  deliverable: number;
  undeliverable: number;
  unknown: number;
  disposable: number;
  role: number;
  /** Email + avatar: at providers the avatar check does not cover, not sent. */
  notCovered: number;
  /** On the account's suppression list, not sent. */
  suppressed: number;
  /** Decided by a block rule, not sent. */
  blocked: number;
  /** Addresses with any outcome yet. */
  done: number;
  /** Determined by the service for this job: what it charged for. */
  paid: number;
  /** Taken from the memory of earlier answers. */
  reused: number;
  /** Of those, other vendors' verdicts (verdicts/). */
  reusedFromVendors: number;
  /** Undeliverable for free: the domain takes no mail. */
  noMail: number;
}

export interface OutcomeTable {
  readonly size: number;
  has(index: number): boolean;
  get(index: number): JobOutcome | undefined;
  set(record: OutcomeRecord): void;
  counts(): OutcomeCounts;
  /** Provider name → addresses, for the results chart. */
  providers(): Record<string, number>;
}

const emptyCounts = (): OutcomeCounts => ({
  deliverable: 0,
  undeliverable: 0,
  unknown: 0,
  disposable: 0,
  role: 0,
  notCovered: 0,
  suppressed: 0,
  blocked: 0,
  done: 0,
  paid: 0,
  reused: 0,
  reusedFromVendors: 0,
  noMail: 0,
});

// An outcome's byte: its status (0: none yet; 1 + index into STATUS) in the
// low four bits, its origin (index into ORIGINS) in the next two, and its
// avatar (0: not given; 1: false; 2: true) in the two above.
const ORIGIN_SHIFT = 4;
const AVATAR_SHIFT = 6;
const statusOf = (b: number) => b & 15;
const originIn = (b: number) => ORIGINS[(b >> ORIGIN_SHIFT) & 3] as Origin;

export function createOutcomeTable(size: number): OutcomeTable {
  // A byte an address (see above); the rest only once an answer needs it.
  const outcome = new Uint8Array(size);
  // 0: none; 1 + index into providerNames. Bulk answers name none.
  let provider: Uint16Array | null = null;
  const avatarUrls = new Map<number, string>();
  // Only reused answers have a date here; made when the first one comes.
  let checkedAt: Uint32Array | null = null;
  // The vendor's number of a reused verdict (common/vendors.ts), made when the first one comes.
  let sources: Uint8Array | null = null;
  const providerNames: string[] = [];
  const providerIds = new Map<string, number>();
  const counts = emptyCounts();
  // What each kind of outcome adds to the counts beyond its status.
  const tally = (s: Status, o: Origin, by: number) => {
    counts[s === 'not_covered' ? 'notCovered' : s] += by;
    if (o === 'paid' && (s === 'deliverable' || s === 'undeliverable')) counts.paid += by;
    else if (o === 'reused') counts.reused += by;
    else if (o === 'local' && s === 'undeliverable') counts.noMail += by;
  };

  return {
    size,
    has: (i) => statusOf(outcome[i] as number) !== 0,
    get(i) {
      const b = outcome[i] as number;
      const s = statusOf(b);
      if (!s) return undefined;
      const p = provider ? (provider[i] as number) : 0;
      const a = b >> AVATAR_SHIFT;
      const o = originIn(b);
      return {
        status: STATUS[s - 1] as Status,
        provider: p === 0 ? null : (providerNames[p - 1] ?? null),
        avatar: a === 0 ? null : a === 2,
        avatarUrl: avatarUrls.get(i) ?? (a === 0 ? null : ''),
        origin: o,
        checkedAt: o === 'reused' && checkedAt ? (checkedAt[i] as number) : null,
        ...(o === 'reused' && sources?.[i] ? { source: vendorOfCode(sources[i] as number) } : {}),
      };
    },
    set(record) {
      const i = record.index;
      if (i < 0 || i >= size) throw new RangeError(`outcome for address ${i} of ${size}`);
      const previous = outcome[i] as number;
      if (statusOf(previous) !== 0) {
        tally(STATUS[statusOf(previous) - 1] as Status, originIn(previous), -1);
        if (originIn(previous) === 'reused' && sources?.[i]) counts.reusedFromVendors -= 1;
      } else counts.done += 1;
      const o = record.origin ?? 'paid';
      const avatar = record.avatar == null ? 0 : record.avatar ? 2 : 1;
      outcome[i] =
        (STATUS.indexOf(record.status) + 1) |
        (ORIGINS.indexOf(o) << ORIGIN_SHIFT) |
        (avatar << AVATAR_SHIFT);
      tally(record.status, o, 1);
      if (o === 'reused') {
        checkedAt ??= new Uint32Array(size);
        checkedAt[i] = record.checkedAt ?? 0;
      }
      const from = o === 'reused' && record.source ? vendorCode(record.source) : 0;
      if (from !== 0 || sources) (sources ??= new Uint8Array(size))[i] = from;
      if (from !== 0) counts.reusedFromVendors += 1;
      if (record.provider != null) {
        let id = providerIds.get(record.provider);
        if (id === undefined) {
          providerNames.push(record.provider);
          id = providerNames.length;
          providerIds.set(record.provider, id);
        }
        provider ??= new Uint16Array(size);
        provider[i] = id;
      } else if (provider) provider[i] = 0;
      if (record.avatarUrl) avatarUrls.set(i, record.avatarUrl);
      else avatarUrls.delete(i);
    },
    counts: () => ({ ...counts }),
    providers() {
      const byId = new Uint32Array(providerNames.length + 1);
      for (let i = 0; i < size; i++) {
        if (statusOf(outcome[i] as number) === 0) continue;
        const id = provider ? (provider[i] as number) : 0;
        byId[id] = (byId[id] as number) + 1;
      }
      const out: Record<string, number> = {};
      providerNames.forEach((name, k) => {
        const n = byId[k + 1] as number;
        if (n > 0) out[name === '' ? 'not registered' : name] = n;
      });
      if ((byId[0] as number) > 0) out['not reported'] = byId[0] as number;
      return out;
    },
  };
}

// The log's line: index, status, provider, avatar, avatar URL, tab-separated,
// then for an outcome not paid for here its origin: "r" and the date a reused
// answer was given (then another vendor's name, common/vendors.ts), or "l" for
// one found here. Providers and URLs never hold tabs or newlines; dropped if so.
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
