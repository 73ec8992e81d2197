// The team store's answers table as the jobs use it: answers pushed (one
// upsert per batch that keeps the newer of two answers for an address), and
// the answers of a set of addresses pulled. Addresses travel only as the
// memory's 16-byte hashes (address-key.ts) and accounts as the key's
// fingerprint (numbered in the accounts table, migration 3): the store never
// sees an address or a key.
//
// A batch's hashes go as one bytea, cut into 16-byte keys by the server
// (substring by the row's ordinal), and its other columns as arrays
// unnested beside it: one statement, one round trip, no text per hash. A
// pull sends, with each hash, the date of the answers this computer already
// holds for it, so only answers newer than those come back: a list pulled
// again (the start after its import) costs the index look-ups, not the rows.
//
// No date crosses the wire (migration 6): this computer's clock may be wrong
// by days, but it measures an age well. A push sends each answer's age, and
// the store dates it now() less that age; a pull sends ages and gets ages
// back, which become dates on this computer's clock. An answer is then as old
// here as it is in the store, whoever wrote it and whatever their clock said.
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { JobProduct } from '../../common/model';
import type { AddressOutcome } from '../../lists/types';

/** One answer as the store keeps it. */
export interface TeamAnswer {
  /** The address's 16-byte hash (teamAddressHash). */
  hash: Uint8Array;
  product: JobProduct;
  outcome: AddressOutcome;
  /** When the service gave it, epoch seconds. */
  answeredAt: number;
}

const STATUS_CODE = { deliverable: 1, undeliverable: 2, unknown: 3 } as const;
const PRODUCT_CODE = { email: 0, avatar: 1 } as const;
const PRODUCTS = ['email', 'avatar'] as const;

const STATUSES = ['deliverable', 'undeliverable', 'unknown'] as const;

/** The oldest age the store takes: older answers are reused by no one (common/limits.ts). */
const MAX_AGE_S = 365 * 86_400;

/** An age in seconds on this computer's clock, within what the store takes. */
const ageOf = (at: number, nowSeconds: number) => Math.min(Math.max(nowSeconds - at, 0), MAX_AGE_S);

/**
 * Upserts `answers` for `account` in one statement: an answer replaces the
 * store's for its address and product only when newer. Rows are written in
 * key order, so two members pushing overlapping batches at once lock them in
 * the same order and never deadlock; of two answers for one key in the batch,
 * the newer is kept. Resolves to the rows written or replaced.
 */
export async function pushAnswers(
  client: PoolClient,
  accountId: number,
  answers: readonly TeamAnswer[],
  nowSeconds: number = Date.now() / 1000,
): Promise<number> {
  if (answers.length === 0) return 0;
  const hashes = Buffer.allocUnsafe(answers.length * 16);
  const products: number[] = [];
  const statuses: number[] = [];
  const providers: (string | null)[] = [];
  const avatars: (boolean | null)[] = [];
  const urls: (string | null)[] = [];
  const ages: number[] = [];
  answers.forEach((a, i) => {
    if (a.hash.length !== 16) throw new RangeError('a team address hash has 16 bytes');
    hashes.set(a.hash, i * 16);
    products.push(PRODUCT_CODE[a.product]);
    statuses.push(STATUS_CODE[a.outcome.status]);
    providers.push(a.outcome.provider ?? null);
    avatars.push(a.outcome.avatar ?? null);
    urls.push(a.outcome.avatarUrl ?? null);
    ages.push(ageOf(a.answeredAt, nowSeconds));
  });
  // The store's function (migration 7) dates each answer now() less its
  // age, keeps the newer of two, and keeps an answer replaced by another
  // status in its audit, with whose it was.
  const result = await client.query(
    'SELECT list_cleaner_push_answers($1, $2, $3, $4, $5, $6, $7, $8) AS written',
    [accountId, hashes, products, statuses, providers, avatars, urls, ages],
  );
  return writtenRow.parse(result.rows[0]).written;
}

/** The addresses a pull asks about, and what this computer holds of each already. */
export interface PullQuery {
  /** n hashes of 16 bytes, one after the other. */
  hashes: Uint8Array;
  /** For each hash, the date (epoch seconds, 0: none) of the newest email answer held here. */
  emailSince: Uint32Array;
  /** For each hash, the date of the avatar answer held here. */
  avatarSince: Uint32Array;
}

/** An answer pulled: `index` is its hash's place in the query. */
export interface PulledAnswer {
  index: number;
  product: JobProduct;
  outcome: AddressOutcome;
  answeredAt: number;
}

const writtenRow = z.object({ written: z.number().int().nonnegative() });

const pulledRow = z.object({
  n: z.number().int().positive(),
  product: z.number().int().min(0).max(1),
  status: z.number().int().min(1).max(3),
  provider: z.string().nullable(),
  avatar: z.boolean().nullable(),
  avatar_url: z.string().nullable(),
  age: z.number().finite().nonnegative(),
});

/**
 * The store's answers for the query's hashes given at or after `from` (epoch
 * seconds) and newer than what is held here (PullQuery's dates), in one
 * statement. Each row is checked: the store is shared, and another build may
 * have written it.
 */
export async function pullAnswers(
  client: PoolClient,
  accountId: number,
  query: PullQuery,
  from: number,
  nowSeconds: number = Date.now() / 1000,
): Promise<PulledAnswer[]> {
  const n = query.emailSince.length;
  if (n === 0) return [];
  if (query.hashes.length !== n * 16 || query.avatarSince.length !== n) {
    throw new RangeError('a pull needs 16 bytes and two dates per address');
  }
  const result = await client.query(
    // Ages in, ages out (null: nothing held here). An answer the store holds
    // from before migration 6 may be dated ahead of its clock: its age is 0.
    'SELECT * FROM list_cleaner_pull_answers($1, $2, $3, $4, $5)',
    [
      accountId,
      Buffer.from(query.hashes.buffer, query.hashes.byteOffset, query.hashes.length),
      Array.from(query.emailSince, (at) => (at === 0 ? null : ageOf(at, nowSeconds))),
      Array.from(query.avatarSince, (at) => (at === 0 ? null : ageOf(at, nowSeconds))),
      ageOf(from, nowSeconds),
    ],
  );
  const rows = z.array(pulledRow).parse(result.rows);
  const out: PulledAnswer[] = [];
  for (const row of rows) {
    if (row.n > n) throw new RangeError('the team store answered for an address not asked about');
    out.push({
      index: row.n - 1,
      product: PRODUCTS[row.product] as JobProduct,
      outcome: {
        status: STATUSES[row.status - 1] as AddressOutcome['status'],
        provider: row.provider,
        avatar: row.avatar,
        avatarUrl: row.avatar_url,
      },
      // The store's date on this computer's clock: the same age here as there.
      answeredAt: Math.floor(nowSeconds - row.age),
    });
  }
  return out;
}
