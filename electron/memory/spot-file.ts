// A list's addresses as the memory knows them (address-hash.ts): the spot of
// each unique address, in the address file's order, kept beside the job
// (spots.bin) by the import, which hashes them anyway. A run then keeps its
// answers in the memory by these (OutcomeMemory.rememberSpots), without
// reading each address again and hashing it a second time. 12 bytes an
// address, little-endian: its bucket (uint32), then its tag's two words.
// Written under a temporary name and renamed into place; read a chunk at a
// time, so a list of any length costs a few hundred kilobytes.
import { readSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { placeFile, tempPathFor } from '../lib/files/atomic-file';
import type { AddressSpot, Spots } from '../lib/addresses/address-hash';

const SPOT = 12;

export interface SpotFileWriter {
  /** The spots of addresses first..first + spots.count - 1. */
  part(first: number, spots: Spots): Promise<void>;
  /** Every part written: the file into place. */
  done(): Promise<void>;
  /** Leaves no file. */
  abort(): Promise<void>;
}

export async function writeSpotFile(path: string): Promise<SpotFileWriter> {
  const tmp = tempPathFor(path);
  const handle = await open(tmp, 'w');
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    async part(first, spots) {
      const words = new Int32Array(spots.count * 3);
      for (let i = 0; i < spots.count; i++) {
        words[i * 3] = spots.bucket[i] as number;
        words[i * 3 + 1] = spots.tag0[i] as number;
        words[i * 3 + 2] = spots.tag1[i] as number;
      }
      const bytes = new Uint8Array(words.buffer);
      for (let done = 0; done < bytes.length;) {
        const { bytesWritten } = await handle.write(
          bytes,
          done,
          bytes.length - done,
          first * SPOT + done,
        );
        done += bytesWritten;
      }
    },
    async done() {
      await close();
      await placeFile(tmp, path);
    },
    async abort() {
      await close().catch(() => undefined);
      await rm(tmp, { force: true });
    },
  };
}

/** Spots read at a time: 768 KB. */
const CHUNK = 65_536;

export interface SpotFile {
  /**
   * The spot of address `index`, in one object given again at the next call
   * (the memory copies its words at once). Read a chunk at a time: a run's
   * answers come mostly in the file's order.
   */
  at(index: number): AddressSpot;
  close(): Promise<void>;
}

/** The spots of a list of `count` addresses, or null when none were kept for it (a list kept before). */
export async function openSpotFile(path: string, count: number): Promise<SpotFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
    if ((await handle.stat()).size !== count * SPOT) {
      await handle.close();
      return null;
    }
  } catch {
    return null;
  }
  const words = new Int32Array(CHUNK * 3);
  const bytes = new Uint8Array(words.buffer);
  let first = 0;
  let held = 0;
  const spot: AddressSpot = { bucket: 0, tag0: 0, tag1: 0 };
  return {
    at(index) {
      if (index < first || index >= first + held) {
        if (!Number.isInteger(index) || index < 0 || index >= count) {
          throw new RangeError(`address ${index} of ${count}`);
        }
        first = index;
        held = Math.min(CHUNK, count - index);
        for (let got = 0; got < held * SPOT;) {
          const n = readSync(handle.fd, bytes, got, held * SPOT - got, first * SPOT + got);
          if (n === 0) throw new Error(`${path} was cut short`);
          got += n;
        }
      }
      const k = (index - first) * 3;
      spot.bucket = (words[k] as number) >>> 0;
      spot.tag0 = words[k + 1] as number;
      spot.tag1 = words[k + 2] as number;
      return spot;
    },
    close: () => handle.close(),
  };
}
