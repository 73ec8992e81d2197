// A memory kept by the first layout (one database per account and product,
// each answer under its address) is moved into buckets (bucket.ts) when it is
// first opened by this one: every answer paid for stays reusable, and the
// addresses leave the file. Each old database is dropped only once its answers
// are committed in buckets, so a crash midway moves them again on the next
// opening (putting an answer in its bucket twice keeps one).
import type { Database, RootDatabase } from 'lmdb';
import { log } from '../lib/log';
import { createSpots } from './address-hash';
import { fitsBucket } from './bucket';
import { keyOf } from './opened-memory';
import { recordCheckedAt } from './record';
import { writeBuckets } from './remember';

const OLD_NAME = /^(email|avatar)\/([A-Za-z0-9_-]{1,64})$/;

export interface MigrateParts {
  dir: string;
  /** The account's database of buckets. */
  open: (root: RootDatabase<Buffer, string>, account: string) => Database<Buffer, number>;
}

export async function migrateKeyedByAddress(
  root: RootDatabase<Buffer, string>,
  meta: Database<Buffer, string>,
  { dir, open }: MigrateParts,
): Promise<void> {
  const names = [...root.getKeys({ snapshot: false })].filter(
    (name): name is string => typeof name === 'string' && OLD_NAME.test(name),
  );
  let moved = 0;
  for (const name of names) {
    const [, product, account] = OLD_NAME.exec(name) as RegExpExecArray;
    const old = root.openDB<Buffer, string>(name, { encoding: 'binary' });
    const spots = createSpots(1024);
    const records: Buffer[] = [];
    for (const { key, value } of old.getRange({ snapshot: false })) {
      const address = typeof key === 'string' ? keyOf(key) : null;
      // What does not read as an answer is no answer (it would be asked again anyway).
      if (address === null || recordCheckedAt(value) <= 0 || !fitsBucket(value)) continue;
      spots.addAddress(address);
      records.push(Buffer.from(value));
    }
    const store = {
      root,
      answers: open(root, account as string),
      meta,
      countsKey: `count/${account as string}`,
    };
    const stored = await writeBuckets(store, product === 'avatar' ? 1 : 0, spots.done(), records, {
      isOpen: () => true,
      dir,
    });
    if (stored < records.length) {
      throw new Error(`only ${stored} of ${records.length} answers of ${name} could be moved`);
    }
    await old.drop();
    moved += stored;
  }
  if (moved > 0) log.info(`memory: ${moved} remembered answers moved to the hashed layout`);
}
