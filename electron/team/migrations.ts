// The team store's schema, built by ordered, versioned migrations. Every
// member's List Cleaner may be the first to reach a new store, or the first
// after an update, at the same moment as a colleague's: each migration runs
// in a transaction of its own under one advisory lock, so two processes never
// apply the same step twice, and a step half done is never seen. The versions
// applied are rows of list_cleaner_schema. A store set up by a newer List
// Cleaner is refused as it is: an older build must not write rows a newer
// schema gives another meaning.
//
// What the store holds never identifies a contact or spends money: addresses
// only as the memory hashes them (address-key.ts), accounts only as the key's
// fingerprint (account/memory-account.ts), never the API key itself.
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { AppError } from '../lib/app-error';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'answers, claims, slots and job summaries',
    sql: `
      -- Each paid answer, per account (the key's fingerprint) and product.
      -- addr_hash: the 16 bytes of the address's MurmurHash3 x86 128 as the
      -- memory computes it, so a recall maps straight onto its buckets.
      CREATE TABLE answers (
        account     text        NOT NULL CHECK (account <> ''),
        addr_hash   bytea       NOT NULL CHECK (octet_length(addr_hash) = 16),
        product     text        NOT NULL CHECK (product <> ''),
        status      smallint    NOT NULL CHECK (status BETWEEN 1 AND 3),
        provider    text,
        avatar      boolean,
        avatar_url  text,
        answered_at timestamptz NOT NULL,
        PRIMARY KEY (account, addr_hash, product)
      );
      COMMENT ON COLUMN answers.status IS '1 deliverable, 2 undeliverable, 3 unknown, as the memory codes them';

      -- An address a live job has sent or is about to send: others wait for
      -- its answer instead of paying again. A dead holder's claim lapses.
      CREATE TABLE claims (
        account    text        NOT NULL,
        addr_hash  bytea       NOT NULL CHECK (octet_length(addr_hash) = 16),
        holder     text        NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (account, addr_hash)
      );
      CREATE INDEX claims_expiry ON claims (expires_at);
      CREATE INDEX claims_holder ON claims (holder);

      -- The account's request slots at the service (several single, one
      -- multi), leased by whichever process of the team uses one.
      CREATE TABLE slots (
        account    text        NOT NULL,
        kind       text        NOT NULL CHECK (kind IN ('single', 'multi')),
        slot       smallint    NOT NULL CHECK (slot >= 0),
        holder     text        NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (account, kind, slot)
      );
      CREATE INDEX slots_expiry ON slots (expires_at);

      -- A finished job as the team's history and spend show it: counts and
      -- the charge, never a row or an address.
      CREATE TABLE job_summaries (
        account        text        NOT NULL,
        id             text        NOT NULL,
        list_name      text        NOT NULL,
        os_user        text        NOT NULL,
        machine        text        NOT NULL,
        product        text        NOT NULL,
        finished_at    timestamptz NOT NULL,
        counts         jsonb       NOT NULL CHECK (jsonb_typeof(counts) = 'object'),
        charged_micros bigint      NOT NULL CHECK (charged_micros >= 0),
        PRIMARY KEY (account, id)
      );
      CREATE INDEX job_summaries_recent ON job_summaries (account, finished_at DESC);
    `,
  },
  {
    version: 2,
    name: 'job summaries whose charge is not known',
    sql: `
      -- A job whose answers were paid for at a price this computer never
      -- learned has no charge to tell: null, never a 0 that would make the
      -- team's spend look smaller than it was.
      ALTER TABLE job_summaries ALTER COLUMN charged_micros DROP NOT NULL;
      COMMENT ON COLUMN job_summaries.charged_micros IS 'null: paid for at a price not known where the job ran';
    `,
  },
];

/** The newest schema this build knows. */
export const KNOWN_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/**
 * The lock every List Cleaner takes to migrate: one number, fixed forever
 * ("LCsc" in ASCII), so every version of the app takes the same one.
 */
export const MIGRATION_LOCK = 0x4c437363;

const versionRow = z.object({ version: z.number().int().nonnegative().nullable() });
const existsRow = z.object({ present: z.boolean() });

/** The store's schema version: 0 for a store List Cleaner never set up. */
export async function schemaVersion(client: PoolClient): Promise<number> {
  const exists = await client.query(
    "SELECT to_regclass('list_cleaner_schema') IS NOT NULL AS present",
  );
  if (!existsRow.parse(exists.rows[0]).present) return 0;
  const result = await client.query('SELECT max(version) AS version FROM list_cleaner_schema');
  return versionRow.parse(result.rows[0]).version ?? 0;
}

export class NewerSchemaError extends AppError {
  constructor(
    readonly storeVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      'invalid_input',
      `This team store was set up by a newer List Cleaner (schema ${storeVersion}); this one knows up to ${knownVersion}. Update List Cleaner on this computer to use it; nothing in the store was changed.`,
    );
    this.name = 'NewerSchemaError';
  }
}

/** Refuses a store whose schema is newer than `known`. */
export function refuseNewer(version: number, known = KNOWN_VERSION): void {
  if (version > known) throw new NewerSchemaError(version, known);
}

export interface Migrated {
  /** The version found. */
  from: number;
  /** The version now. */
  to: number;
  /** The versions this call applied (none when another process had, or nothing was due). */
  applied: number[];
}

/**
 * Brings the store to the newest schema `migrations` know, a step per
 * transaction, each under the advisory lock: a process that waited for the
 * lock reads the version again and finds the step done. Refuses (changing
 * nothing) a store that is newer.
 */
export async function migrate(
  client: PoolClient,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<Migrated> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const known = ordered.at(-1)?.version ?? 0;
  let from: number | null = null;
  const applied: number[] = [];
  for (;;) {
    await client.query('BEGIN');
    try {
      // Released with the transaction: a process that dies mid-step frees it.
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const version = await schemaVersion(client);
      from ??= version;
      refuseNewer(version, known);
      const next = ordered.find((m) => m.version > version);
      if (!next) {
        await client.query('COMMIT');
        return { from, to: version, applied };
      }
      if (version === 0) {
        await client.query(`
          CREATE TABLE IF NOT EXISTS list_cleaner_schema (
            version    integer     PRIMARY KEY,
            name       text        NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
          )`);
      }
      await client.query(next.sql);
      await client.query('INSERT INTO list_cleaner_schema (version, name) VALUES ($1, $2)', [
        next.version,
        next.name,
      ]);
      await client.query('COMMIT');
      applied.push(next.version);
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }
}
