// Answers on their way to the team store, on disk first: a run's answers are
// written here (a file per batch the run remembers, synced and renamed into
// place) before anything is sent, and a file is deleted only once every
// answer in it is committed in the store. So a store that cannot be reached,
// or a process that ends mid-push, loses nothing: what is here is sent when
// the store is back, or at the next start. Sending a file twice (two
// processes of one computer, or a push cut short) is harmless: the store
// keeps the newer of two answers for a key.
//
// <dataDir>/team/outbox/<account>/<ms>-<random>-<count>.seg, each a run of
// records (little-endian):
//   16 bytes   the address's hash (address-key.ts), never the address
//   1 byte     product: 0 email, 1 avatar
//   1 byte     status (bits 0-1: 1 deliverable, 2 undeliverable, 3 unknown),
//              avatar (bits 2-3: 0 not given, 1 false, 2 true)
//   4 bytes    answered at, uint32 epoch seconds
//   2 bytes    provider's UTF-8 length, then its bytes
//   2 bytes    avatar URL's UTF-8 length, then its bytes
// A file is read a chunk at a time, its answers sent a statement at a time:
// the heap holds a statement's answers, never a file's.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobProduct } from '../../common/model';
import { log } from '../../lib/log';
import { wholeChunks } from '../../lib/files/whole-lines';
import type { AddressOutcome } from '../../lists/types';
import { murmur128 } from '../../lib/addresses/address-hash';
import type { TeamAnswer } from './answers';
import { PER_STATEMENT } from '../../team/accounts';

const SUFFIX = '.seg';
const TEMP = '.tmp';
/** A record's fixed part: hash, product, codes, date and the two lengths. */
const FIXED = 16 + 1 + 1 + 4 + 2 + 2;
/** Bytes written or read at a time. */
const CHUNK = 1 << 20;
/** A temporary file older than this was left by a process that ended while writing it. */
const STALE_TEMP_MS = 24 * 3600_000;
const NAME = /^(\d+)-([0-9a-f]+)-(\d+)\.seg$/;

const STATUS_CODE = { deliverable: 1, undeliverable: 2, unknown: 3 } as const;
const STATUSES = ['deliverable', 'undeliverable', 'unknown'] as const;

/** The outbox's folder for one account. */
export const outboxDir = (dataDir: string, account: string): string =>
  join(dataDir, 'team', 'outbox', account);

export interface Outbox {
  readonly dir: string;
  /**
   * Writes the answers as one file, synced before it is renamed into place;
   * resolves to how many it holds (none: no file). Addresses are hashed as
   * they are read: one address string at a time.
   */
  append(
    product: JobProduct,
    entries: Iterable<readonly [address: string, outcome: AddressOutcome]>,
    answeredAt: number,
  ): Promise<number>;
  /** Answers waiting to be sent, counted from the files' names. */
  waiting(): Promise<number>;
  /**
   * Sends every file, oldest first, `push` taking at most PER_STATEMENT
   * answers at a time; a file is deleted once all of it is pushed. Rejects
   * with push's error (what is left stays for the next drain). Once `stopped`
   * says so, no statement more is sent: what is left stays for the next drain.
   */
  drain(push: (answers: TeamAnswer[]) => Promise<void>, stopped?: () => boolean): Promise<number>;
}

/** Where an address's UTF-8 is written to be hashed (320 characters, 4 bytes each at most). */
const scratch = Buffer.allocUnsafe(1280);
const words = new Int32Array(4);

export function openOutbox(dataDir: string, account: string): Outbox {
  const dir = outboxDir(dataDir, account);
  const files = async (): Promise<string[]> => {
    try {
      return (await readdir(dir)).filter((name) => NAME.test(name)).sort(byAge);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  };
  return {
    dir,
    async append(product, entries, answeredAt) {
      await mkdir(dir, { recursive: true });
      const stem = `${Date.now()}-${randomBytes(4).toString('hex')}`;
      const temp = join(dir, `${stem}${TEMP}`);
      const handle = await open(temp, 'w');
      let count = 0;
      try {
        let out = Buffer.allocUnsafe(CHUNK);
        let at = 0;
        const productCode = product === 'avatar' ? 1 : 0;
        for (const [address, outcome] of entries) {
          const length = scratch.write(address, 0, 'utf8');
          if (length === 0 || length >= scratch.length) continue;
          const provider = outcome.provider == null ? null : Buffer.from(outcome.provider);
          const url = outcome.avatarUrl == null ? null : Buffer.from(outcome.avatarUrl);
          if ((provider?.length ?? 0) > 0xffff || (url?.length ?? 0) > 0xffff) continue;
          const size = FIXED + (provider?.length ?? 0) + (url?.length ?? 0);
          if (at + size > out.length) {
            await writeAll(handle, out, at);
            at = 0;
            if (size > out.length) out = Buffer.allocUnsafe(size);
          }
          murmur128(scratch, 0, length, words);
          for (let w = 0; w < 4; w++) out.writeInt32LE(words[w] as number, at + w * 4);
          const avatar = outcome.avatar == null ? 0 : outcome.avatar ? 2 : 1;
          out[at + 16] = productCode;
          out[at + 17] = STATUS_CODE[outcome.status] | (avatar << 2);
          out.writeUInt32LE(answeredAt >>> 0, at + 18);
          at += 22;
          for (const part of [provider, url]) {
            out.writeUInt16LE(part?.length ?? 0, at);
            at += 2;
            if (part) at += part.copy(out, at);
          }
          count += 1;
        }
        await writeAll(handle, out, at);
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (count === 0) {
        await rm(temp, { force: true });
        return 0;
      }
      await rename(temp, join(dir, `${stem}-${count}${SUFFIX}`));
      return count;
    },
    async waiting() {
      return (await files()).reduce((n, name) => n + Number(NAME.exec(name)?.[3] ?? 0), 0);
    },
    async drain(push, stopped = () => false) {
      await removeStaleTemps(dir);
      let sent = 0;
      for (const name of await files()) {
        const path = join(dir, name);
        try {
          sent += await sendFile(path, push, stopped);
        } catch (err) {
          if (err instanceof StoppedDrain) return sent;
          // Sent by another process of this computer meanwhile, and deleted.
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          if (!(err instanceof DamagedOutboxError)) throw err;
          // What it held before the damage was sent; the file is kept aside, not retried forever.
          await rename(path, `${path}.damaged`).catch(() => undefined);
          log.warn(`team: ${path} could not be read to its end; it was set aside`, err);
          continue;
        }
        await rm(path, { force: true });
      }
      return sent;
    },
  };
}

class DamagedOutboxError extends Error {}
class StoppedDrain extends Error {}

const byAge = (a: string, b: string): number =>
  Number(NAME.exec(a)?.[1] ?? 0) - Number(NAME.exec(b)?.[1] ?? 0) || (a < b ? -1 : 1);

async function writeAll(handle: FileHandle, bytes: Buffer, length: number): Promise<void> {
  let done = 0;
  while (done < length) done += (await handle.write(bytes, done, length - done)).bytesWritten;
}

async function removeStaleTemps(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.endsWith(TEMP))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
  }
}

/**
 * Statements of one file in flight at once: the next is read while the store
 * writes others (a million answers: 7.9 s with two, 6.4 s with three, in the
 * team bench on two cores). Their keys may
 * overlap (a file holds a run's answers in the order it kept them): each
 * statement writes in key order, so they wait for each other, never deadlock.
 */
const IN_FLIGHT = 3;

/** Pushes a file's answers, a statement at a time; resolves to how many. */
async function sendFile(
  path: string,
  given: (answers: TeamAnswer[]) => Promise<void>,
  stopped: () => boolean,
): Promise<number> {
  const handle = await open(path, 'r');
  let sent = 0;
  const flying: Promise<void>[] = [];
  // Resolves once a statement's slot is free; the first failure is thrown.
  const push = async (answers: TeamAnswer[]) => {
    if (stopped()) throw new StoppedDrain('stopped');
    if (flying.length >= IN_FLIGHT) await flying.shift();
    const sending = given(answers);
    // Seen as handled at once: awaited in turn, or with the rest at the end.
    sending.catch(() => undefined);
    flying.push(sending);
  };
  try {
    let batch: TeamAnswer[] = [];
    for await (const { bytes, end } of wholeChunks(handle, CHUNK, wholeRecordsEnd)) {
      for (let at = 0; at < end; at += recordSize(bytes, at, end)) {
        batch.push(recordAt(bytes, at));
        if (batch.length === PER_STATEMENT) {
          await push(batch);
          sent += batch.length;
          batch = [];
        }
      }
    }
    // A file cut short (a disk that failed mid-write) keeps what it holds whole.
    if (batch.length > 0) {
      await push(batch);
      sent += batch.length;
    }
    await Promise.all(flying);
  } finally {
    // Nothing is deleted before every statement has settled.
    await Promise.allSettled(flying);
    await handle.close();
  }
  return sent;
}

/** Where the last whole record in bytes[0, held) ends. */
function wholeRecordsEnd(bytes: Buffer, held: number): number {
  let at = 0;
  for (let size = recordSize(bytes, 0, held); size >= 0; size = recordSize(bytes, at, held)) {
    at += size;
  }
  return at;
}

/** The size of the whole record at `at`, or -1 when it runs past `end`. */
function recordSize(bytes: Buffer, at: number, end: number): number {
  if (at + 24 > end) return -1;
  const provider = bytes.readUInt16LE(at + 22);
  if (at + 24 + provider + 2 > end) return -1;
  const url = bytes.readUInt16LE(at + 24 + provider);
  const size = FIXED + provider + url;
  return at + size > end ? -1 : size;
}

function recordAt(bytes: Buffer, at: number): TeamAnswer {
  const codes = bytes[at + 17] as number;
  const status = STATUSES[(codes & 3) - 1];
  const avatar = (codes >> 2) & 3;
  if (status === undefined || avatar === 3 || (bytes[at + 16] as number) > 1) {
    throw new DamagedOutboxError('an answer in the team outbox could not be read');
  }
  const providerLength = bytes.readUInt16LE(at + 22);
  const urlAt = at + 24 + providerLength;
  const urlLength = bytes.readUInt16LE(urlAt);
  return {
    hash: Uint8Array.prototype.slice.call(bytes, at, at + 16),
    product: bytes[at + 16] === 1 ? 'avatar' : 'email',
    outcome: {
      status,
      provider: providerLength === 0 ? null : bytes.toString('utf8', at + 24, urlAt),
      avatar: avatar === 0 ? null : avatar === 2,
      avatarUrl: urlLength === 0 ? null : bytes.toString('utf8', urlAt + 2, urlAt + 2 + urlLength),
    },
    answeredAt: bytes.readUInt32LE(at + 18),
  };
}
