// Writes into a closed memory's file as another program (or an earlier List
// Cleaner) might have: an entry of any bytes under an address in its bucket,
// a bucket of the second layout, a named database of the first, the format mark.
import { open as openLmdb, type RootDatabase } from 'lmdb';
import { spotOfAddress } from '../../../electron/lib/addresses/address-hash';
import { mergeBucket } from '../../../electron/memory/buckets/bucket';
import { compareSpots } from '../../../electron/lib/addresses/address-hash';
import { memoryDir } from '../../../electron/memory/outcome-memory';
import { addCounts, bucketsDb } from '../../../electron/memory/remember';

async function withRoot(
  dataDir: string,
  act: (root: RootDatabase<Buffer, string>) => Promise<void>,
) {
  const root = openLmdb<Buffer, string>(memoryDir(dataDir), {
    maxDbs: 64,
    encoding: 'binary',
    compression: false,
  });
  try {
    await act(root);
  } finally {
    await root.close();
  }
}

/** An entry's own bytes (bucket.ts): flags, date, provider code, and a tail item if any. */
export interface PlantedEntry {
  flags: number;
  checkedAt: number;
  provider?: number;
  tail?: Buffer;
}

/** Puts `entry` for `address` (normalized) and `product` into the account's bucket, counted. */
export function plantEntry(
  dataDir: string,
  address: string,
  entry: PlantedEntry,
  product: 'email' | 'avatar' = 'email',
  account = 'default',
): Promise<void> {
  return withRoot(dataDir, async (root) => {
    const answers = bucketsDb(root, `buckets/${account}`);
    const meta = root.openDB<Buffer, string>('meta', { encoding: 'binary' });
    const spot = spotOfAddress(address);
    const bit = product === 'avatar' ? 1 : 0;
    await root.transaction(() => {
      const merged = mergeBucket(answers.getBinary(spot.bucket), {
        tag0: Int32Array.of(spot.tag0),
        tag1: Int32Array.of(spot.tag1),
        checkedAt: Uint32Array.of(entry.checkedAt),
        flags: Uint8Array.of(entry.flags | (bit << 4)),
        provider: Uint8Array.of(entry.provider ?? 0),
        tails: new Map(entry.tail ? [[0, entry.tail]] : []),
        ids: Uint32Array.of(0),
        count: 1,
        product: bit,
      });
      answers.putSync(spot.bucket, merged.bytes);
      const store = { root, answers, meta, countsKey: `count/${account}` };
      addCounts(store, bit === 1 ? [0, merged.gained] : [merged.gained, 0]);
    });
  });
}

/**
 * Entries this layout never writes, by the address they go under: no status,
 * an unknown, an unused flag bit, a provider code the dictionary does not
 * hold, an avatar URL said to be in a tail that is not there (only the last
 * is found out by decoding the entry, not by its flags and code).
 */
export const UNREADABLE: Readonly<Record<string, Omit<PlantedEntry, 'checkedAt'>>> = {
  'no-status@example.com': { flags: 0x00 },
  'unknown@example.com': { flags: 0x03 },
  'unused-bit@example.com': { flags: 0x81 },
  'no-such-provider@example.com': { flags: 0x01, provider: 200 },
  'cut-tail@example.com': { flags: 0x21 },
};

/** Plants the UNREADABLE entries of `addresses` (all of them unless told), dated `checkedAt`. */
export async function plantUnreadable(
  dataDir: string,
  checkedAt: number,
  addresses: readonly string[] = Object.keys(UNREADABLE),
): Promise<void> {
  for (const address of addresses) {
    const entry = UNREADABLE[address];
    if (!entry) throw new Error(`no unreadable entry for ${address}`);
    await plantEntry(dataDir, address, { ...entry, checkedAt });
  }
}

/** Answers of the second layout: a record (recordBytes) per address and product. */
export interface PlantedV2 {
  address: string;
  product: 0 | 1;
  record: Buffer;
}

/** Writes `answers/<account>` as the second layout kept it (bucket-v2.ts), and its counts. */
export function plantV2(dataDir: string, account: string, planted: readonly PlantedV2[]) {
  return withRoot(dataDir, async (root) => {
    const byBucket = new Map<number, { t0: number; t1: number; p: number; record: Buffer }[]>();
    for (const { address, product, record } of planted) {
      const spot = spotOfAddress(address);
      const list = byBucket.get(spot.bucket) ?? [];
      list.push({ t0: spot.tag0, t1: spot.tag1, p: product, record });
      byBucket.set(spot.bucket, list);
    }
    const answers = bucketsDb(root, `answers/${account}`);
    const meta = root.openDB<Buffer, string>('meta', { encoding: 'binary' });
    await root.transaction(() => {
      for (const [bucket, entries] of byBucket) {
        entries.sort((a, b) => compareSpots(a.t0, a.t1, a.p, b.t0, b.t1, b.p));
        const parts = entries.map(({ t0, t1, p, record }) => {
          const head = Buffer.alloc(10);
          head.writeInt32LE(t0, 0);
          head.writeInt32LE(t1, 4);
          head.writeUInt16LE((record.length << 1) | p, 8);
          return Buffer.concat([head, record]);
        });
        answers.putSync(bucket, Buffer.concat(parts));
      }
      const counts = Buffer.alloc(8);
      counts.writeUInt32LE(planted.filter((a) => a.product === 0).length, 0);
      counts.writeUInt32LE(planted.filter((a) => a.product === 1).length, 4);
      meta.putSync(`count/${account}`, counts);
    });
  });
}

/** Puts `value` under `key` of the named database `name` (string keys). */
export function plant(dataDir: string, name: string, key: string, value: Buffer): Promise<void> {
  return withRoot(dataDir, async (root) => {
    await root.openDB<Buffer, string>(name, { encoding: 'binary' }).put(key, value);
  });
}

/** Bytes of a record of the first two layouts (record.ts) with these flags, dated `checkedAt`, and what follows. */
export function recordBytes(flags: number, checkedAt: number, ...rest: number[]): Buffer {
  const bytes = Buffer.from([flags, 0, 0, 0, 0, ...rest]);
  bytes.writeUInt32LE(checkedAt, 1);
  return bytes;
}
