// Writes into a closed memory's file as another program (or an earlier List
// Cleaner) might have: a record under an address in its bucket, a named
// database of the first layout, the format mark.
import { open as openLmdb, type RootDatabase } from 'lmdb';
import { spotOfAddress } from '../../../electron/memory/address-hash';
import { mergeBucket } from '../../../electron/memory/bucket';
import { memoryDir } from '../../../electron/memory/outcome-memory';
import { addCounts } from '../../../electron/memory/remember';

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

/** Puts `record` (any bytes) for `address` (normalized) and `product` into the account's bucket. */
export function plantRecord(
  dataDir: string,
  address: string,
  record: Uint8Array,
  product: 'email' | 'avatar' = 'email',
  account = 'default',
): Promise<void> {
  return withRoot(dataDir, async (root) => {
    const answers = root.openDB<Buffer, number>(`answers/${account}`, {
      encoding: 'binary',
      keyEncoding: 'uint32',
      compression: false,
    });
    const meta = root.openDB<Buffer, string>('meta', { encoding: 'binary' });
    const spot = spotOfAddress(address);
    await root.transaction(() => {
      const merged = mergeBucket(answers.getBinary(spot.bucket), {
        tag0: Int32Array.of(spot.tag0),
        tag1: Int32Array.of(spot.tag1),
        records: [record],
        ids: Uint32Array.of(0),
        count: 1,
        product: product === 'avatar' ? 1 : 0,
      });
      answers.putSync(spot.bucket, merged.bytes);
      const store = { root, answers, meta, countsKey: `count/${account}` };
      addCounts(store, product === 'avatar' ? [0, merged.gained] : [merged.gained, 0]);
    });
  });
}

/** Puts `value` under `key` of the named database `name` (string keys). */
export function plant(dataDir: string, name: string, key: string, value: Buffer): Promise<void> {
  return withRoot(dataDir, async (root) => {
    await root.openDB<Buffer, string>(name, { encoding: 'binary' }).put(key, value);
  });
}

/** Bytes of a record with these flags, dated `checkedAt`, and what follows. */
export function recordBytes(flags: number, checkedAt: number, ...rest: number[]): Buffer {
  const bytes = Buffer.from([flags, 0, 0, 0, 0, ...rest]);
  bytes.writeUInt32LE(checkedAt, 1);
  return bytes;
}
