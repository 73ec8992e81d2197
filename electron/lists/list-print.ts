// A list's print, to know it again when it comes back: the SHA-256 of the
// file as the user gave it (the very same file), and a bottom-k sketch of its
// unique addresses (the same addresses, reordered, re-exported, a few added
// or gone). The sketch keeps the K smallest 32-bit hashes of the addresses;
// two sketches estimate how much two lists share without either list's
// addresses, so the print holds no address and costs about 2 KB whatever the
// list's size (Broder's bottom-k estimator of the Jaccard index).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { z } from 'zod';
import { murmur128 } from '../lib/addresses/address-hash';
import { wholeLineChunks } from '../lib/files/whole-lines';

/** Hashes kept: the estimate's error is about 1/√K (±6% at 256). */
export const SKETCH_SIZE = 256;

export const listPrintSchema = z.object({
  version: z.literal(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Unique addresses in the list. */
  unique: z.number().int().min(0),
  /** The smallest hashes of its addresses, ascending, at most SKETCH_SIZE. */
  sketch: z.array(z.number().int().min(0).max(0xffffffff)).max(SKETCH_SIZE),
});
export type ListPrint = z.infer<typeof listPrintSchema>;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The K smallest distinct hashes of lines given in any number of pieces,
 * whole lines each (one address a line): the hashes wait in a small buffer,
 * cut back to the K smallest whenever it fills, so a list of any length costs
 * a few kilobytes.
 */
export function createSketch() {
  const out = new Int32Array(4);
  let held = new Uint32Array(SKETCH_SIZE * 16);
  let n = 0;
  let unique = 0;
  const cut = () => {
    const sorted = held.subarray(0, n).sort();
    let kept = 0;
    for (let k = 0; k < sorted.length && kept < SKETCH_SIZE; k++) {
      const h = sorted[k] as number;
      if (kept === 0 || held[kept - 1] !== h) held[kept++] = h;
    }
    n = kept;
  };
  return {
    /** Adds the lines of `bytes[0, end)`, which ends with a line end (LF). */
    addLines(bytes: Uint8Array, end = bytes.length): void {
      let start = 0;
      for (let i = start; i < end; i++) {
        if (bytes[i] !== 0x0a) continue;
        murmur128(bytes, start, i, out);
        if (n === held.length) cut();
        held[n++] = (out[1] as number) >>> 0;
        unique += 1;
        start = i + 1;
      }
    },
    done(): { sketch: number[]; unique: number } {
      cut();
      held = held.slice(0, n);
      return { sketch: [...held], unique };
    },
  };
}

/** The K smallest distinct hashes of the addresses file's lines (one address a line). */
export function sketchOf(addresses: Uint8Array): { sketch: number[]; unique: number } {
  const sketch = createSketch();
  sketch.addLines(addresses);
  return sketch.done();
}

/** The sketch of a job's address file, read a megabyte at a time. */
async function sketchOfFile(path: string): Promise<{ sketch: number[]; unique: number }> {
  const sketch = createSketch();
  const handle = await open(path, 'r');
  try {
    for await (const { bytes, end } of wholeLineChunks(handle, 1 << 20)) {
      sketch.addLines(bytes, end);
    }
  } finally {
    await handle.close();
  }
  return sketch.done();
}

/** The print of a list: `file` as the user gave it, `addressesPath` its unique addresses. */
export async function listPrint(file: string, addressesPath: string): Promise<ListPrint> {
  const [sha256, sketch] = await Promise.all([sha256Of(file), sketchOfFile(addressesPath)]);
  return { version: 1, sha256, ...sketch };
}

/**
 * The share of list `a`'s addresses that list `b` has too, estimated from
 * their sketches: the Jaccard index J of the two sets from the K smallest
 * hashes of their union, then |A∩B| = J(|A|+|B|)/(1+J).
 */
export function overlapOf(a: ListPrint, b: ListPrint): number {
  if (a.unique === 0 || b.unique === 0) return 0;
  const inB = new Set(b.sketch);
  const union = [...new Set([...a.sketch, ...b.sketch])].sort((x, y) => x - y);
  const k = Math.min(SKETCH_SIZE, union.length);
  const inA = new Set(a.sketch);
  let both = 0;
  for (let i = 0; i < k; i++) {
    const h = union[i] as number;
    // A hash below both sketches' largest is in the other set exactly when it is in its sketch.
    if (inA.has(h) && inB.has(h)) both += 1;
  }
  const jaccard = both / k;
  const shared = (jaccard * (a.unique + b.unique)) / (1 + jaccard);
  return Math.max(0, Math.min(1, shared / a.unique));
}
