// Step 2 of finding repeats on disk (spill.ts): each partition deduplicated
// in turn, in a table sized for that partition alone. Its records are in row
// order, so the first cell seen of an address is its first in the list.
import { closeSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { createDeduper } from '../read/dedupe';
import { createBitRank, type BitRank } from './bit-rank';
import { RECORD_INTS, spillPaths, writeAll } from './spill';

/** Records read at a time: 768 KB. */
const CHUNK = 65_536;
/** Repeats gathered before they are written, two ints each: 64 KB. */
const DUPS_BUFFERED = 8192;

/** Reads records [.., ..) of a partition file into `into`; returns how many were read. */
function readRecords(fd: number, into: Int32Array): number {
  const bytes = new Uint8Array(into.buffer);
  let got = 0;
  for (;;) {
    const n = readSync(fd, bytes, got, bytes.length - got, null);
    if (n === 0) break;
    got += n;
    if (got === bytes.length) break;
  }
  if (got % (RECORD_INTS * 4) !== 0) throw new Error('a partition file was cut short');
  return got / (RECORD_INTS * 4);
}

/**
 * Marks the first cell of each address among the `count` spilled, and writes
 * each partition's repeats (place, first place) to its dups file, in place
 * order; the partition files are removed as they are done.
 */
export function findFirsts(dir: string, parts: number, count: number): BitRank {
  const paths = spillPaths(dir);
  const firsts = createBitRank(count);
  const records = new Int32Array(CHUNK * RECORD_INTS);
  const print = new Int32Array(2);
  const dups = new Int32Array(DUPS_BUFFERED * 2);
  for (let p = 0; p < parts; p++) {
    const fd = openSync(paths.part(p), 'r');
    const dupsFd = openSync(paths.dups(p), 'w');
    let held = 0;
    const flush = () => {
      writeAll(dupsFd, new Uint8Array(dups.buffer, 0, held * 8));
      held = 0;
    };
    try {
      const cells = fstatSync(fd).size / (RECORD_INTS * 4);
      const seen = createDeduper(Math.max(16, cells));
      for (let n = readRecords(fd, records); n > 0; n = readRecords(fd, records)) {
        for (let k = 0; k < n; k++) {
          print[0] = records[k * RECORD_INTS] as number;
          print[1] = records[k * RECORD_INTS + 1] as number;
          const place = records[k * RECORD_INTS + 2] as number;
          const first = seen.seenOrAdd(print, 0, place);
          if (first === -1) {
            firsts.set(place);
            continue;
          }
          dups[held * 2] = place;
          dups[held * 2 + 1] = first;
          held += 1;
          if (held === DUPS_BUFFERED) flush();
        }
      }
      flush();
    } finally {
      closeSync(fd);
      closeSync(dupsFd);
    }
    unlinkSync(paths.part(p));
  }
  firsts.freeze();
  return firsts;
}
