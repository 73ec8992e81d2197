// The team store's suppression tables (migration 5) through the store's
// functions (migration 7: each entry keeps who added it, each removal who
// removed it and when): a batch of entries upserted, a list's spots looked
// up, one entry read, a page, the sources with their counts, removals. Every row read back is checked: the
// store is shared, and another build may have written it. suppression/team.ts
// puts them together with this computer's copy.
//
// A batch's hashes go as one bytea cut by the server and its other columns as
// arrays beside it, as answers do (answers.ts): one statement, one round trip.
// A look-up asks by the memory's spots (lib/addresses/address-hash.ts), which keep
// all of the hash's second and third words (the index suppression_tag) and
// 17 bits of the first, checked here on each row that comes back.
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { Spots } from '../lib/addresses/address-hash';
import type {
  AddResult,
  ListOptions,
  SuppressionEntry,
  SuppressionPage,
  SuppressionSource,
} from './store';
import { SUPPRESSION_REASONS, type SuppressionRow } from './types';
import { spotOfTeamHash, teamAddressHash } from '../team/address-key';

const PAGE_DEFAULT = 100;
const PAGE_MAX = 1_000;

const reasonOfCode = (code: number) => SUPPRESSION_REASONS[code - 1] ?? ('other' as const);
const OTHER_CODE = SUPPRESSION_REASONS.indexOf('other') + 1;
const codeOfReason = (reason: SuppressionRow['reason']) => SUPPRESSION_REASONS.indexOf(reason) + 1;

const idRow = z.object({ id: z.number().int().positive() });
const addedRow = z.object({
  added: z.number().int().nonnegative(),
  replaced: z.number().int().nonnegative(),
});
const foundRow = z.object({
  n: z.number().int().positive(),
  h: z.instanceof(Buffer).refine((b) => b.length === 16),
  reason: z.number().int(),
});
const entryRow = z.object({
  h: z.instanceof(Buffer).refine((b) => b.length === 16),
  address: z.string().min(1),
  reason: z.number().int(),
  at: z.number().finite().nullable(),
  source: z.string().nullable(),
  detail: z.string(),
});
const sourceRow = z.object({
  name: z.string().min(1),
  added_at: z.date(),
  entries: z.number().int().nonnegative(),
});
const countRow = z.object({ n: z.number().int().nonnegative() });
const presentRow = z.object({ present: z.boolean() });
const cursorSchema = z.string().regex(/^[0-9a-f]{32}$/);

const entryOf = (row: z.infer<typeof entryRow>): SuppressionEntry => ({
  address: row.address,
  reason: reasonOfCode(row.reason),
  date: row.at === null ? null : new Date(row.at * 1000).toISOString(),
  source: row.source ?? '',
  detail: row.detail,
});

/** The number of the source named `name` for the account, its date renewed. */
export async function sourceIdOf(
  client: PoolClient,
  accountId: number,
  name: string,
): Promise<number> {
  const result = await client.query('SELECT list_cleaner_suppression_source($1, $2) AS id', [
    accountId,
    name,
  ]);
  return idRow.parse(result.rows[0]).id;
}

/**
 * Upserts one statement's rows (already in key order): a later entry for an
 * address replaces the store's, as a later file says why it is suppressed now.
 */
export async function upsert(
  client: PoolClient,
  accountId: number,
  sourceId: number,
  rows: readonly { hash: Buffer; row: SuppressionRow }[],
): Promise<AddResult> {
  const hashes = Buffer.allocUnsafe(rows.length * 16);
  const reasons: number[] = [];
  const dates: (number | null)[] = [];
  const addresses: string[] = [];
  const details: string[] = [];
  rows.forEach(({ hash, row }, i) => {
    hash.copy(hashes, i * 16);
    reasons.push(codeOfReason(row.reason));
    const ms = row.date === null ? NaN : Date.parse(row.date);
    dates.push(Number.isFinite(ms) ? ms / 1000 : null);
    addresses.push(row.address);
    details.push(row.detail);
  });
  const result = await client.query(
    'SELECT * FROM list_cleaner_suppression_add($1, $2, $3, $4, $5, $6, $7)',
    [accountId, sourceId, hashes, reasons, dates, addresses, details],
  );
  return addedRow.parse(result.rows[0]);
}

/** The reasons the store keeps for spots `first` to `last` (not included), written into `found`. */
export async function lookUp(
  client: PoolClient,
  accountId: number,
  spots: Spots,
  first: number,
  last: number,
  found: Uint8Array,
): Promise<void> {
  const n = last - first;
  const tags = Buffer.allocUnsafe(n * 8);
  for (let i = 0; i < n; i++) {
    tags.writeInt32LE(spots.tag0[first + i] as number, i * 8);
    tags.writeInt32LE(spots.tag1[first + i] as number, i * 8 + 4);
  }
  const result = await client.query(
    // Each tag looked up in its index, in tag order (the store's function).
    'SELECT * FROM list_cleaner_suppression_look_up($1, $2, $3)',
    [accountId, tags, n],
  );
  for (const raw of result.rows) {
    const row = foundRow.parse(raw);
    if (row.n > n) throw new RangeError('the team store answered for an address not asked about');
    const i = first + row.n - 1;
    // The tag matched; the bucket's 17 bits must too, or it is another address.
    if (spotOfTeamHash(row.h).bucket !== spots.bucket[i]) continue;
    found[i] =
      row.reason >= 1 && row.reason <= SUPPRESSION_REASONS.length ? row.reason : OTHER_CODE;
  }
}

/** Whether the account has any entry in the store (a look-up of a list without one is skipped). */
export async function anyListed(client: PoolClient, accountId: number): Promise<boolean> {
  const result = await client.query('SELECT list_cleaner_suppression_any($1) AS present', [
    accountId,
  ]);
  return presentRow.parse(result.rows[0]).present;
}

/** The entry of a normalized address, or null. */
export async function entryOfAddress(
  client: PoolClient,
  accountId: number,
  address: string,
): Promise<SuppressionEntry | null> {
  const result = await client.query('SELECT * FROM list_cleaner_suppression_entry($1, $2)', [
    accountId,
    teamAddressHash(address),
  ]);
  const row = result.rows[0];
  return row === undefined ? null : entryOf(entryRow.parse(row));
}

/** A page of entries in the hashes' order; `after` is the last page's `next`. */
export async function pageOf(
  client: PoolClient,
  accountId: number,
  options: ListOptions,
): Promise<SuppressionPage> {
  const limit = Math.max(1, Math.min(options.limit ?? PAGE_DEFAULT, PAGE_MAX));
  const after = options.after
    ? Buffer.from(cursorSchema.parse(options.after), 'hex')
    : Buffer.alloc(0);
  const result = await client.query('SELECT * FROM list_cleaner_suppression_page($1, $2, $3, $4)', [
    accountId,
    after,
    limit + 1,
    options.source?.trim() ?? null,
  ]);
  const rows = z.array(entryRow).parse(result.rows);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(entryOf),
    next: rows.length > limit && last ? last.h.toString('hex') : null,
  };
}

/** Removes a normalized address's entry, kept in the store's audit; whether there was one. */
export async function removeAddress(
  client: PoolClient,
  accountId: number,
  address: string,
): Promise<boolean> {
  const result = await client.query('SELECT list_cleaner_suppression_remove($1, $2) AS present', [
    accountId,
    teamAddressHash(address),
  ]);
  return presentRow.parse(result.rows[0]).present;
}

/** Removes the file named `name` and the entries it gave (not replaced since); how many. */
export async function removeSourceNamed(
  client: PoolClient,
  accountId: number,
  name: string,
): Promise<number> {
  // Each entry removed is kept in the store's audit, with the file's name.
  const result = await client.query('SELECT list_cleaner_suppression_remove_source($1, $2) AS n', [
    accountId,
    name,
  ]);
  return countRow.parse(result.rows[0]).n;
}

/** The account's files, newest first, each with the entries still its own. */
export async function sourcesOf(
  client: PoolClient,
  accountId: number,
): Promise<SuppressionSource[]> {
  const result = await client.query('SELECT * FROM list_cleaner_suppression_sources($1)', [
    accountId,
  ]);
  return z
    .array(sourceRow)
    .parse(result.rows)
    .map((row) => ({ name: row.name, addedAt: row.added_at.toISOString(), entries: row.entries }));
}

export async function countOf(client: PoolClient, accountId: number): Promise<number> {
  const result = await client.query('SELECT list_cleaner_suppression_count($1) AS n', [accountId]);
  return countRow.parse(result.rows[0]).n;
}
