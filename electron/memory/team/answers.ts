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
): Promise<number> {
  if (answers.length === 0) return 0;
  const hashes = Buffer.allocUnsafe(answers.length * 16);
  const products: number[] = [];
  const statuses: number[] = [];
  const providers: (string | null)[] = [];
  const avatars: (boolean | null)[] = [];
  const urls: (string | null)[] = [];
  const at: number[] = [];
  answers.forEach((a, i) => {
    if (a.hash.length !== 16) throw new RangeError('a team address hash has 16 bytes');
    hashes.set(a.hash, i * 16);
    products.push(PRODUCT_CODE[a.product]);
    statuses.push(STATUS_CODE[a.outcome.status]);
    providers.push(a.outcome.provider ?? null);
    avatars.push(a.outcome.avatar ?? null);
    urls.push(a.outcome.avatarUrl ?? null);
    at.push(a.answeredAt);
  });
  const result = await client.query(
    `INSERT INTO answers AS a
            (account_id, addr_hash, product, status, provider, avatar, avatar_url, answered_at)
     SELECT DISTINCT ON (h, p) $1::int4, h, p, s, pr, av, url, to_timestamp(t)
       FROM (SELECT substring($2::bytea FROM (n::int4 - 1) * 16 + 1 FOR 16) AS h,
                    p, s, pr, av, url, t
               FROM unnest($3::int2[], $4::int2[], $5::text[], $6::bool[], $7::text[], $8::float8[])
                    WITH ORDINALITY AS u(p, s, pr, av, url, t, n)) AS r
      ORDER BY h, p, t DESC
     ON CONFLICT (account_id, addr_hash, product) DO UPDATE
        SET status = excluded.status, provider = excluded.provider, avatar = excluded.avatar,
            avatar_url = excluded.avatar_url, answered_at = excluded.answered_at
      WHERE a.answered_at < excluded.answered_at`,
    [accountId, hashes, products, statuses, providers, avatars, urls, at],
  );
  return result.rowCount ?? 0;
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

const pulledRow = z.object({
  n: z.number().int().positive(),
  product: z.number().int().min(0).max(1),
  status: z.number().int().min(1).max(3),
  provider: z.string().nullable(),
  avatar: z.boolean().nullable(),
  avatar_url: z.string().nullable(),
  at: z.number().finite().nonnegative(),
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
): Promise<PulledAnswer[]> {
  const n = query.emailSince.length;
  if (n === 0) return [];
  if (query.hashes.length !== n * 16 || query.avatarSince.length !== n) {
    throw new RangeError('a pull needs 16 bytes and two dates per address');
  }
  const result = await client.query(
    // Each hash is looked up in the key's index (LIMIT keeps the planner from
    // a hash join that reads the whole table), in key order, so look-ups
    // near each other share the index's pages.
    `SELECT q.n::int4 AS n, a.product, a.status, a.provider, a.avatar, a.avatar_url,
            extract(epoch FROM a.answered_at)::float8 AS at
       FROM (SELECT substring($2::bytea FROM (n::int4 - 1) * 16 + 1 FOR 16) AS h,
                    n, email_since, avatar_since
               FROM unnest($3::int8[], $4::int8[]) WITH ORDINALITY AS u(email_since, avatar_since, n)
              ORDER BY 1) AS q
       CROSS JOIN LATERAL (
            SELECT * FROM answers AS a
             WHERE a.account_id = $1 AND a.addr_hash = q.h AND a.answered_at >= to_timestamp($5)
             LIMIT 2) AS a
      WHERE a.answered_at > to_timestamp(CASE WHEN a.product = 1
                                              THEN q.avatar_since ELSE q.email_since END)`,
    [
      accountId,
      Buffer.from(query.hashes.buffer, query.hashes.byteOffset, query.hashes.length),
      Array.from(query.emailSince),
      Array.from(query.avatarSince),
      from,
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
      answeredAt: Math.floor(row.at),
    });
  }
  return out;
}
