// Memories kept by earlier layouts are moved into the present one (bucket.ts)
// when first opened by this List Cleaner, so every answer paid for stays
// reusable:
// - format 1, one database per account and product with each answer under its
//   address: each database is dropped only once its answers are committed in
//   buckets, so a crash midway moves them again (putting an answer in its
//   bucket twice keeps one), and the addresses leave the file;
// - format 2, buckets of variable-length entries (bucket-v2.ts) in
//   `answers/<account>`: moved a step of buckets per transaction into
//   `buckets/<account>`, each old bucket removed in the transaction that
//   writes its answers, so none is lost or moved twice whatever stops it.
import type { Database, RootDatabase } from 'lmdb';
import { log } from '../../lib/log';
import { BUCKETS } from '../../lib/addresses/address-hash';
import { createAnswerBatch, entriesOf } from './answers';
import { mergeBucket } from './bucket';
import { eachEntryV2 } from './bucket-v2';
import { keyOf } from '../opened-memory';
import { providerCodes } from '../providers';
import { decodeRecord } from './record';
import { bucketsDb, writeBuckets } from '../remember';

const FORMAT_1_NAME = /^(email|avatar)\/([A-Za-z0-9_-]{1,64})$/;
const FORMAT_2_NAME = /^answers\/([A-Za-z0-9_-]{1,64})$/;
/** Buckets moved per transaction. */
const STEP = 8_192;

export interface MigrateParts {
  dir: string;
  /** The account's database of buckets. */
  open: (root: RootDatabase<Buffer, string>, account: string) => Database<Buffer, number>;
}

/** The names of the root's databases that `pattern` matches, with what it captured. */
function databases(root: RootDatabase<Buffer, string>, pattern: RegExp): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  for (const name of root.getKeys({ snapshot: false })) {
    const match = typeof name === 'string' ? pattern.exec(name) : null;
    if (match) found.push(match);
  }
  return found;
}

export async function migrateKeyedByAddress(
  root: RootDatabase<Buffer, string>,
  meta: Database<Buffer, string>,
  { dir, open }: MigrateParts,
): Promise<void> {
  let moved = 0;
  for (const [name, product, account] of databases(root, FORMAT_1_NAME)) {
    const old = root.openDB<Buffer, string>(name, { encoding: 'binary' });
    const batch = createAnswerBatch(1024);
    for (const { key, value } of old.getRange({ snapshot: false })) {
      const address = typeof key === 'string' ? keyOf(key) : null;
      const found = address === null ? null : decodeRecord(value);
      // What does not read as an answer is no answer (it would be asked again anyway).
      if (address !== null && found) batch.add(address, found.outcome, found.checkedAt);
    }
    const store = {
      root,
      answers: open(root, account as string),
      meta,
      countsKey: `count/${account as string}`,
    };
    const stored = await writeBuckets(store, product === 'avatar' ? 1 : 0, batch.done(), {
      isOpen: () => true,
      dir,
    });
    if (stored < batch.count) {
      throw new Error(`only ${stored} of ${batch.count} answers of ${name} could be moved`);
    }
    await old.drop();
    moved += stored;
  }
  if (moved > 0) log.info(`memory: ${moved} remembered answers moved to the hashed layout`);
}

/** The answers of a format 2 bucket in this layout, merged into `into` (a bucket moved before a crash). */
function convertBucket(
  meta: Database<Buffer, string>,
  bucket: number,
  value: Uint8Array,
  into: Uint8Array | undefined,
): Buffer | undefined {
  const batches = [createAnswerBatch(16), createAnswerBatch(16)];
  eachEntryV2(value, (tag0, tag1, product, start, end) => {
    const found = decodeRecord(value.subarray(start, end));
    if (found) batches[product]?.addAt({ bucket, tag0, tag1 }, found.outcome, found.checkedAt);
  });
  let merged: Buffer | undefined = into ? Buffer.from(into) : undefined;
  batches.forEach((batch, product) => {
    if (batch.count === 0) return;
    const answers = batch.done();
    const entries = entriesOf(answers, providerCodes(meta, answers.names), product);
    // Format 2 kept each product's entries in tag order already.
    const ids = Uint32Array.from({ length: batch.count }, (_, i) => i);
    merged = mergeBucket(merged, { ...entries, ids, count: batch.count }).bytes;
  });
  return merged;
}

export async function migrateVariableBuckets(
  root: RootDatabase<Buffer, string>,
  meta: Database<Buffer, string>,
  { dir, open }: MigrateParts,
): Promise<void> {
  let moved = 0;
  for (const [name, account] of databases(root, FORMAT_2_NAME)) {
    const old = bucketsDb(root, name);
    const answers = open(root, account as string);
    for (let start = 0; start < BUCKETS; start += STEP) {
      moved += await root.transaction(() => {
        const found = [...old.getRange({ start, end: start + STEP })].map(
          ({ key, value }) => [key, Buffer.from(value)] as const,
        );
        for (const [bucket, value] of found) {
          const bytes = convertBucket(meta, bucket, value, answers.getBinary(bucket));
          if (bytes && bytes.length > 0) answers.putSync(bucket, bytes);
          old.removeSync(bucket);
        }
        return found.length;
      });
    }
    await old.drop();
  }
  if (moved > 0)
    log.info(`memory ${dir}: ${moved} buckets of remembered answers moved to entries of one size`);
}
