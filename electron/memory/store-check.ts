// The memory's folder is looked at before LMDB opens it, because LMDB cannot be
// trusted to refuse a bad one: lmdb 3.5.6 ends the whole process (a native
// crash in its error path, src/env.cpp openEnv → closeEnv) whenever LMDB
// declines a file, be it garbage, another format, or a file this user may not
// open. A damaged memory must never stop a job, so what LMDB would decline is
// found here, in JavaScript, and the folder is moved aside for a fresh one.
//
// This reads the file's header (its meta pages), the part every open and
// every commit starts from. Damage deeper inside cannot be seen without
// reading everything; LMDB's copy-on-write design with synced commits (kept
// on, see outcome-memory.ts) is what keeps a crash from leaving any.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, readdir, rename, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const DATA_FILE = 'data.mdb';
const LOCK_FILE = 'lock.mdb';

// LMDB's data file as lmdb 3.5.6 writes it on 64-bit systems: each meta page
// has a 24-byte page header (page number, txnid, pad, flags, lower, upper),
// then the meta: magic, format version, fixed address, map size, the free and
// main databases (48 bytes each: pad = page size, flags, depth, three page
// counts, entries, root page), the last page, the txnid.
const PAGE_HEADER = 24;
const P_META = 0x08;
const MAGIC = 0xbeefc0de;
const DATA_VERSION = 2;
const META_SIZE = 144;
const DB_SIZE = 48;
const P_INVALID = 0xffff_ffff_ffff_ffffn;
/** Deeper than LMDB's cursor stack (32) is no tree LMDB made. */
const MAX_DEPTH = 32;
/** A map larger than this (64 TiB) is a garbage field, not a memory. */
const MAX_MAP = 1n << 46n;
/**
 * Where the layout above is known. Elsewhere (a 32-bit Node running the
 * command line) the header is not judged: a healthy memory must never be
 * taken for a damaged one.
 */
const KNOWN_LAYOUT = ['x64', 'arm64', 'ppc64', 's390x', 'riscv64', 'loong64'].includes(
  process.arch,
);

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;

/** Why the file's first page is not LMDB's first meta page, or null when it is. */
function identityProblem(header: Buffer): string | null {
  if ((header.readUInt16LE(18) & P_META) === 0) return 'its first page is not a meta page';
  if (header.readUInt32LE(PAGE_HEADER) !== MAGIC) return 'it is not an LMDB file';
  const version = header.readUInt32LE(PAGE_HEADER + 4) & 0xffff;
  if (version !== DATA_VERSION) return `it is LMDB data format ${version}, not ${DATA_VERSION}`;
  return null;
}

/** Why the meta of the page at `at` cannot be one LMDB wrote, or null when it looks whole. */
function metaProblem(header: Buffer, at: number, pages: bigint): string | null {
  const meta = at + PAGE_HEADER;
  // A slot never written (LMDB's third, for overlapped syncs) is passed over by LMDB too.
  if (header.readBigUInt64LE(meta + 128) === 0n) return null;
  if (header.readBigUInt64LE(meta + 16) > MAX_MAP) return 'its map size is not a size';
  for (const db of [meta + 24, meta + 24 + DB_SIZE]) {
    const depth = header.readUInt16LE(db + 6);
    const root = header.readBigUInt64LE(db + 40);
    if (depth > MAX_DEPTH) return 'a tree is deeper than LMDB makes them';
    if (root !== P_INVALID && (root < 2n || root >= pages)) {
      return 'a tree starts on a page the file does not hold';
    }
  }
  return null;
}

async function dataFileProblem(path: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(path, 'r+');
  } catch (err) {
    if (errno(err) === 'ENOENT') return null;
    return `${basename(path)} cannot be opened (${errno(err) ?? String(err)})`;
  }
  try {
    const { size } = await handle.stat();
    // An empty file is what LMDB itself starts from.
    if (size === 0 || !KNOWN_LAYOUT) return null;
    const header = Buffer.alloc(Math.min(size, 0x10000 + META_SIZE + PAGE_HEADER));
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (bytesRead < PAGE_HEADER + META_SIZE) return 'it is too short to be an LMDB file';
    const identity = identityProblem(header);
    if (identity) return identity;
    const pageSize = header.readUInt32LE(PAGE_HEADER + 24);
    if (pageSize < 512 || pageSize > 0x10000 || (pageSize & (pageSize - 1)) !== 0) {
      return 'its page size is not a page size';
    }
    if (size < 2 * pageSize || bytesRead < pageSize + PAGE_HEADER + META_SIZE) {
      return 'it is shorter than its two meta pages';
    }
    // Read after the header: a file another process grew meanwhile only holds more pages.
    const pages = BigInt(Math.floor((await handle.stat()).size / pageSize));
    for (const at of [0, pageSize >> 1, pageSize]) {
      const problem = metaProblem(header, at, pages);
      if (problem) return problem;
    }
    return null;
  } finally {
    await handle.close();
  }
}

async function inspectOnce(dir: string): Promise<string | null> {
  try {
    if (!(await stat(dir)).isDirectory()) return 'it is not a folder';
  } catch (err) {
    if (errno(err) === 'ENOENT') return null;
    return `it cannot be read (${errno(err) ?? String(err)})`;
  }
  try {
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    return `it cannot be read and written (${errno(err) ?? String(err)})`;
  }
  for (const name of await readdir(dir)) {
    if (name !== DATA_FILE && name !== LOCK_FILE) continue;
    if (!(await stat(join(dir, name))).isFile()) return `${name} is not a file`;
  }
  try {
    const lock = await open(join(dir, LOCK_FILE), 'r+');
    await lock.close();
  } catch (err) {
    if (errno(err) !== 'ENOENT') return `${LOCK_FILE} cannot be opened (${errno(err)})`;
  }
  return dataFileProblem(join(dir, DATA_FILE));
}

/**
 * Why LMDB must not open the memory in `dir`, or null when it may (including
 * when there is nothing yet). Another process may be committing while the
 * header is read, so a problem counts only when it is seen again a moment
 * later: a healthy memory in use is never taken for a damaged one.
 */
export async function inspectStore(dir: string, pauseMs = 50): Promise<string | null> {
  let problem: string | null = null;
  for (let look = 0; look < 3; look++) {
    try {
      problem = await inspectOnce(dir);
    } catch (err) {
      problem = `it cannot be read (${errno(err) ?? String(err)})`;
    }
    if (problem === null) return null;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return problem;
}

/** Renames `dir` beside itself ("memory.damaged-20260105-143000-9f2c1a"); returns the new path. */
export async function moveAside(dir: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  // Random, not the pid: the same process may move two damaged memories within a second.
  const aside = join(
    dirname(dir),
    `${basename(dir)}.damaged-${stamp}-${randomBytes(3).toString('hex')}`,
  );
  await rename(dir, aside);
  return aside;
}
