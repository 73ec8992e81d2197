// The team store's schema, built by ordered, versioned migrations. Every
// member's List Cleaner may be the first to reach a new store, or the first
// after an update, at the same moment as a colleague's: each migration runs
// in a transaction of its own under one advisory lock, so two processes never
// apply the same step twice, and a step half done is never seen. The versions
// applied are rows of list_cleaner_schema. A store set up by a newer List
// Cleaner is refused as it is: an older build must not write rows a newer
// schema gives another meaning.
//
// Answers keep addresses only as the memory hashes them (address-key.ts),
// accounts only as the key's fingerprint, never the API key itself. From
// migration 7 members reach the store only through its functions.
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { MIGRATION_6 } from './migration-6';
import { MIGRATION_7 } from './migration-7';

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
    name: 'the queue for slots, and answers left on claims',
    sql: `
      -- A slot row is taken by one request (its ticket): every request holds
      -- a 'single' row (one of the account's in-flight places), a multi
      -- check the 'multi' row as well.
      ALTER TABLE slots ADD COLUMN ticket text NOT NULL DEFAULT '';
      CREATE INDEX slots_ticket ON slots (account, ticket);
      CREATE INDEX slots_holder ON slots (holder);

      -- Requests waiting for a slot, each renewed by its waiter while it waits.
      CREATE TABLE slot_queue (
        account    text        NOT NULL,
        ticket     text        NOT NULL,
        holder     text        NOT NULL,
        kind       text        NOT NULL CHECK (kind IN ('single', 'multi')),
        since      timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (account, ticket)
      );

      -- A claim answered keeps its answer a while for the jobs that waited.
      ALTER TABLE claims
        ADD COLUMN product     text NOT NULL DEFAULT 'email',
        ADD COLUMN status      smallint CHECK (status IN (1, 2)),
        ADD COLUMN provider    text,
        ADD COLUMN avatar      boolean,
        ADD COLUMN avatar_url  text,
        ADD COLUMN answered_at timestamptz;

      -- The slot rule of electron/coordination/fair.ts in one round trip:
      -- queue the ticket (or keep its place), and take a slot when it is its
      -- turn: the fewest slots held first, then the longest waiting. Under a
      -- lock per account, so two processes never take the same place.
      CREATE FUNCTION list_cleaner_take_slot(
        p_account text, p_ticket text, p_holder text, p_kind text, p_since_ms double precision,
        p_lease_ms integer, p_waiter_ms integer, p_max_in_flight integer, p_max_multi integer
      ) RETURNS boolean LANGUAGE plpgsql AS $fn$
      DECLARE
        free_in integer;
        free_multi integer;
        w record;
        place integer;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended('list-cleaner slots ' || p_account, 0));
        DELETE FROM slots WHERE account = p_account AND expires_at < now();
        DELETE FROM slot_queue WHERE account = p_account AND expires_at < now();
        IF EXISTS (SELECT 1 FROM slots WHERE account = p_account AND ticket = p_ticket) THEN
          RETURN true;
        END IF;
        INSERT INTO slot_queue (account, ticket, holder, kind, since, expires_at)
          VALUES (p_account, p_ticket, p_holder, p_kind, to_timestamp(p_since_ms / 1000.0),
                  now() + p_waiter_ms * interval '1 millisecond')
          ON CONFLICT (account, ticket) DO UPDATE SET expires_at = EXCLUDED.expires_at;
        SELECT p_max_in_flight - count(*) FILTER (WHERE kind = 'single'),
               p_max_multi - count(*) FILTER (WHERE kind = 'multi')
          INTO free_in, free_multi
          FROM slots WHERE account = p_account;
        FOR w IN
          SELECT q.ticket, q.kind
            FROM slot_queue q
            LEFT JOIN (SELECT holder, count(*) AS n FROM slots
                        WHERE account = p_account AND kind = 'single' GROUP BY holder) h
              ON h.holder = q.holder
           WHERE q.account = p_account
           ORDER BY coalesce(h.n, 0), q.since, q.ticket COLLATE "C"
        LOOP
          EXIT WHEN free_in <= 0;
          IF w.kind = 'multi' AND free_multi <= 0 THEN
            CONTINUE;
          END IF;
          IF w.ticket = p_ticket THEN
            DELETE FROM slot_queue WHERE account = p_account AND ticket = p_ticket;
            SELECT min(s) INTO place FROM generate_series(0, p_max_in_flight - 1) s
             WHERE NOT EXISTS (SELECT 1 FROM slots
                                WHERE account = p_account AND kind = 'single' AND slot = s);
            INSERT INTO slots (account, kind, slot, holder, expires_at, ticket)
              VALUES (p_account, 'single', place, p_holder,
                      now() + p_lease_ms * interval '1 millisecond', p_ticket);
            IF p_kind = 'multi' THEN
              SELECT min(s) INTO place FROM generate_series(0, p_max_multi - 1) s
               WHERE NOT EXISTS (SELECT 1 FROM slots
                                  WHERE account = p_account AND kind = 'multi' AND slot = s);
              INSERT INTO slots (account, kind, slot, holder, expires_at, ticket)
                VALUES (p_account, 'multi', place, p_holder,
                        now() + p_lease_ms * interval '1 millisecond', p_ticket);
            END IF;
            RETURN true;
          END IF;
          free_in := free_in - 1;
          IF w.kind = 'multi' THEN
            free_multi := free_multi - 1;
          END IF;
        END LOOP;
        RETURN false;
      END
      $fn$;
    `,
  },
  {
    version: 3,
    name: 'job summaries whose charge is not known',
    sql: `
      -- A job whose answers were paid for at a price this computer never
      -- learned has no charge to tell: null, never a 0 that would make the
      -- team's spend look smaller than it was.
      ALTER TABLE job_summaries ALTER COLUMN charged_micros DROP NOT NULL;
      COMMENT ON COLUMN job_summaries.charged_micros IS 'null: paid for at a price not known where the job ran';
    `,
  },
  {
    version: 4,
    name: 'answers keyed by a small account number and product code',
    sql: `
      -- Each account (the key's fingerprint) once, numbered: an answer's key
      -- is then 4 + 17 + 2 bytes, not some 60, so its index is half the size
      -- (measured: 41 bytes an answer against 83, a heap row 68 against 104),
      -- stays in memory twice as long, and a look-up compares no text (a
      -- collation would make every comparison of the text slower still).
      CREATE TABLE accounts (
        id   integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name text    NOT NULL UNIQUE CHECK (name <> '')
      );

      -- Columns in an order that wastes no alignment padding. product: 0
      -- email, 1 email + avatar, as the memory codes them. No foreign key to
      -- accounts: its check would cost a look-up per row written, and the
      -- number is only ever taken from accounts.
      CREATE TABLE answers_v3 (
        account_id  integer     NOT NULL,
        product     smallint    NOT NULL CHECK (product IN (0, 1)),
        status      smallint    NOT NULL CHECK (status BETWEEN 1 AND 3),
        answered_at timestamptz NOT NULL,
        addr_hash   bytea       NOT NULL CHECK (octet_length(addr_hash) = 16),
        avatar      boolean,
        provider    text,
        avatar_url  text,
        PRIMARY KEY (account_id, addr_hash, product)
      );
      COMMENT ON COLUMN answers_v3.status IS '1 deliverable, 2 undeliverable, 3 unknown, as the memory codes them';

      INSERT INTO accounts (name) SELECT DISTINCT account FROM answers;
      INSERT INTO answers_v3
           SELECT c.id, CASE a.product WHEN 'avatar' THEN 1 ELSE 0 END, a.status, a.answered_at,
                  a.addr_hash, a.avatar, a.provider, a.avatar_url
             FROM answers AS a JOIN accounts AS c ON c.name = a.account
            WHERE a.product IN ('email', 'avatar');
      DROP TABLE answers;
      ALTER TABLE answers_v3 RENAME TO answers;
      ALTER INDEX answers_v3_pkey RENAME TO answers_pkey;
    `,
  },
  {
    version: 5,
    name: "the account's suppression list",
    sql: `
      -- The files the team's suppression list came from, per account, each
      -- name once; added_at is when it was last added.
      CREATE TABLE suppression_sources (
        id         integer     GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        account_id integer     NOT NULL,
        added_at   timestamptz NOT NULL,
        name       text        NOT NULL CHECK (name <> '' AND length(name) <= 255),
        UNIQUE (account_id, name)
      );

      -- Addresses never to be sent nor paid for, keyed as answers are (the
      -- memory's 16-byte hash). Unlike an answer, an entry keeps the address
      -- itself: the list is shown, looked up and removed by address and by
      -- file, and it is the user's own export, not a paid answer. reason:
      -- SUPPRESSION_REASONS' index + 1 (electron/suppression/types.ts).
      CREATE TABLE suppression (
        account_id    integer     NOT NULL,
        reason        smallint    NOT NULL CHECK (reason BETWEEN 1 AND 6),
        source_id     integer     NOT NULL,
        suppressed_at timestamptz,
        addr_hash     bytea       NOT NULL CHECK (octet_length(addr_hash) = 16),
        address       text        NOT NULL CHECK (address <> ''),
        detail        text        NOT NULL DEFAULT '',
        PRIMARY KEY (account_id, addr_hash)
      );
      COMMENT ON COLUMN suppression.reason IS '1 hard bounce, 2 soft bounce, 3 complaint, 4 unsubscribe, 5 manual, 6 other';
      -- A job asks by the memory's spot of an address (a bucket and a 64-bit
      -- tag: bytes 5 to 12 of the hash), not by the whole hash, which the
      -- import's worker does not keep.
      CREATE INDEX suppression_tag ON suppression (account_id, substring(addr_hash FROM 5 FOR 8));
      -- A file's entries, counted and removed.
      CREATE INDEX suppression_source ON suppression (account_id, source_id);
    `,
  },
  MIGRATION_6,
  MIGRATION_7,
];

/** The newest schema this build knows. */
export const KNOWN_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/**
 * The lock every List Cleaner takes to migrate: one number, fixed forever
 * ("LCsc" in ASCII), so every version of the app takes the same one.
 */
export const MIGRATION_LOCK = 0x4c437363;

const versionRow = z.object({ version: z.number().int().nonnegative().nullable() });
const readableRow = z.object({ readable: z.boolean() });

/** The store's schema version: 0 for a store List Cleaner never set up. */
export async function schemaVersion(client: PoolClient): Promise<number> {
  // Read from the catalog's rows, not to_regclass: its cache of "no such
  // table" is not refreshed by the advisory lock, so a process that looked
  // before waiting for the lock would not see a colleague's new store.
  const found = await client.query(
    `SELECT has_table_privilege(c.oid, 'SELECT') AS readable FROM pg_catalog.pg_class c
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relname = 'list_cleaner_schema' AND n.nspname = ANY (current_schemas(false))`,
  );
  const table = z.array(readableRow).parse(found.rows)[0];
  if (table === undefined) return 0;
  // A member (migration 7) may read no table: the version comes from its function.
  const version = table.readable ? 'max(version)' : 'list_cleaner_version()';
  const from = table.readable ? 'FROM list_cleaner_schema' : '';
  const result = await client.query(`SELECT ${version} AS version ${from}`);
  return versionRow.parse(result.rows[0]).version ?? 0;
}

export class NewerSchemaError extends AppError {
  constructor(
    readonly storeVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      'invalid_input',
      message('error.team.store.newerSchema', {
        schema: String(storeVersion),
        known: String(knownVersion),
      }),
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
  // Nothing due: no lock is taken, so a session that holds it (a colleague's
  // long migration, a stuck psql) stops no process of the team.
  const found = await schemaVersion(client);
  refuseNewer(found, known);
  if (found === known) return { from: found, to: found, applied: [] };
  let from: number | null = null;
  const applied: number[] = [];
  for (;;) {
    await client.query('BEGIN');
    try {
      // Released with the transaction: a process that dies mid-step frees it.
      // Waited for within the connection's lock_timeout (store.ts): past it,
      // this process goes on without the store and tries again later.
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // A step over a big store may take long: the lock is held, no one waits on a statement.
      await client.query('SET LOCAL statement_timeout = 0');
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
