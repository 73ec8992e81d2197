// What every part that keeps something in the team store shares: the store's
// number for an account (the key's fingerprint, lib/account-name.ts; numbered
// in the accounts table, migration 4, by the store's function, migration 7),
// and how many rows a statement carries.
import type { PoolClient } from 'pg';
import { z } from 'zod';

/** Rows per statement: some 20,000 keeps a statement within a second and its arrays small. */
export const PER_STATEMENT = 20_000;

const idRow = z.object({ id: z.number().int().positive() });

/** The store's number for an account (the key's fingerprint), given it the first time. */
export async function accountIdOf(client: PoolClient, account: string): Promise<number> {
  // Two members' first pushes at once: the store's function makes it once, and both read it.
  const found = await client.query('SELECT list_cleaner_account_id($1) AS id', [account]);
  return idRow.parse(found.rows[0]).id;
}
