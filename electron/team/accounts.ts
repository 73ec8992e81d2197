// What every part that keeps something in the team store shares: the store's
// number for an account (the key's fingerprint, lib/account-name.ts; numbered
// in the accounts table, migration 3), and how many rows a statement carries.
import type { PoolClient } from 'pg';
import { z } from 'zod';

/** Rows per statement: some 20,000 keeps a statement within a second and its arrays small. */
export const PER_STATEMENT = 20_000;

const idRow = z.object({ id: z.number().int().positive() });

/** The store's number for an account (the key's fingerprint), given it the first time. */
export async function accountIdOf(client: PoolClient, account: string): Promise<number> {
  const found = await client.query('SELECT id FROM accounts WHERE name = $1', [account]);
  if (found.rows.length > 0) return idRow.parse(found.rows[0]).id;
  // Two members' first pushes at once: the second's insert does nothing, and reads the first's.
  const made = await client.query(
    `INSERT INTO accounts (name) VALUES ($1)
     ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
    [account],
  );
  return idRow.parse(made.rows[0]).id;
}
