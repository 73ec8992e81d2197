// Migration 7 of the team store: least privilege. Every member's computer
// wrote every table with one login, so a mistake or a stolen password could
// rewrite a colleague's history, date rows in the past, take over another's
// claims or empty the suppression list without a trace. From here members
// reach the store only through the functions below (SECURITY DEFINER: they
// run with the owner's rights, the member holds none on a table), each with a
// fixed search_path, so no object a member makes can stand in for ours. A
// function writes only the caller's own rows, dates what it writes by the
// store's now(), keeps history insert-only, and keeps who removed a
// suppression entry and who changed an answer, and when (the audit).
//
// Who is the login (session_user): each person gets a login of their own in
// the group list_cleaner_member (README, "Who can do what"). The owner (the
// role that owns the tables, or a member of it) migrates and admits members.
import type { Migration } from './migrations';
import { MIGRATION_7_FUNCTIONS } from './migration-7-functions';

/** The group every member's login is in; the functions are granted to it. */
export const MEMBER_ROLE = 'list_cleaner_member';

/** The app's functions a member may call ("Test connection" checks each one). */
export const MEMBER_FUNCTIONS = [
  'list_cleaner_version()',
  'list_cleaner_account_id(text)',
  'list_cleaner_answer_count(text)',
  'list_cleaner_push_answers(integer, bytea, smallint[], smallint[], text[], boolean[], text[], double precision[])',
  'list_cleaner_pull_answers(integer, bytea, double precision[], double precision[], double precision)',
  'list_cleaner_take_slot(text, text, text, text, integer, integer, integer, integer)',
  'list_cleaner_release_slot(text, text)',
  'list_cleaner_leave_queue(text, text)',
  'list_cleaner_claim(text, text, bytea[], text, integer, double precision)',
  'list_cleaner_settle(text, text, integer, bytea[], smallint[], text[], boolean[], text[], text[])',
  'list_cleaner_drop_claims(text, text, bytea[])',
  'list_cleaner_let_go(text, text)',
  'list_cleaner_forget_claim_answers(text)',
  'list_cleaner_renew(text, text, text[], integer)',
  'list_cleaner_push_summary(text, text, text, text, text, text, jsonb, bigint)',
  'list_cleaner_history_total(text)',
  'list_cleaner_history(text, integer, integer)',
  'list_cleaner_spend(text, text, timestamp with time zone, integer)',
  'list_cleaner_suppression_source(integer, text)',
  'list_cleaner_suppression_add(integer, integer, bytea, smallint[], double precision[], text[], text[])',
  'list_cleaner_suppression_look_up(integer, bytea, integer)',
  'list_cleaner_suppression_any(integer)',
  'list_cleaner_suppression_entry(integer, bytea)',
  'list_cleaner_suppression_page(integer, bytea, integer, text)',
  'list_cleaner_suppression_remove(integer, bytea)',
  'list_cleaner_suppression_remove_source(integer, text)',
  'list_cleaner_suppression_sources(integer)',
  'list_cleaner_suppression_count(integer)',
  'list_cleaner_audit(text, integer, integer)',
] as const;

export const MIGRATION_7: Migration = {
  version: 7,
  name: 'members write only through functions, and what they remove is kept',
  sql: `
    -- The members' group, once per server. The owner makes it when it may
    -- create roles; else the administrator does (README), and the owner's
    -- next "Test connection" admits it (list_cleaner_admit_members).
    DO $do$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = '${MEMBER_ROLE}') THEN
        BEGIN
          CREATE ROLE ${MEMBER_ROLE} NOLOGIN;
        EXCEPTION WHEN insufficient_privilege THEN
          RAISE NOTICE '${MEMBER_ROLE} was not made: %', SQLERRM;
        END;
      END IF;
    END
    $do$;

    -- Rights on the tables given to other roles before (one shared login)
    -- are taken back: from here, only the functions write.
    DO $do$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT DISTINCT c.relname, g.grantee::regrole::text AS who
                 FROM pg_catalog.pg_class c CROSS JOIN LATERAL pg_catalog.aclexplode(c.relacl) g
                WHERE c.relnamespace = current_schema()::regnamespace
                  AND c.relname IN ('accounts', 'answers', 'claims', 'slots', 'slot_queue',
                                    'job_summaries', 'suppression', 'suppression_sources',
                                    'list_cleaner_schema')
                  AND g.grantee <> c.relowner AND g.grantee <> 0
      LOOP
        EXECUTE format('REVOKE ALL ON %I FROM %s', r.relname, r.who);
      END LOOP;
    END
    $do$;

    -- No one else creates objects in the store's schema, where one could
    -- stand in for a function or operator the functions below call. (Only
    -- the schema's owner may revoke it; PostgreSQL 15 and later already do.)
    DO $do$
    BEGIN
      EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', current_schema());
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'CREATE on the schema was not taken back from PUBLIC: %', SQLERRM;
    END
    $do$;

    -- Who wrote each row: the login, kept beside the rows the functions
    -- write (null: written before migration 7).
    ALTER TABLE answers ADD COLUMN member text;
    ALTER TABLE claims ADD COLUMN member text;
    ALTER TABLE slots ADD COLUMN member text;
    ALTER TABLE slot_queue ADD COLUMN member text;
    ALTER TABLE job_summaries ADD COLUMN member text;
    ALTER TABLE suppression ADD COLUMN added_by text;

    -- An entry removed from the suppression list: what it was, who removed
    -- it and when (the store's clock), by address or with its file.
    CREATE TABLE suppression_removals (
      account_id integer     NOT NULL,
      addr_hash  bytea       NOT NULL,
      address    text        NOT NULL,
      reason     smallint    NOT NULL,
      source     text,
      added_by   text,
      removed_by text        NOT NULL,
      removed_at timestamptz NOT NULL DEFAULT now(),
      how        text        NOT NULL CHECK (how IN ('address', 'file'))
    );
    CREATE INDEX suppression_removals_recent ON suppression_removals (account_id, removed_at DESC);

    -- An answer replaced by one with another status: what it said, whose it was, who changed it.
    CREATE TABLE answer_changes (
      account_id integer     NOT NULL,
      addr_hash  bytea       NOT NULL,
      product    smallint    NOT NULL,
      old_status smallint    NOT NULL,
      new_status smallint    NOT NULL,
      was_by     text,
      changed_by text        NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX answer_changes_recent ON answer_changes (account_id, changed_at DESC);

    DROP FUNCTION list_cleaner_take_slot(text, text, text, text, integer, integer, integer, integer);
    ${MIGRATION_7_FUNCTIONS}

    -- Every function of the store runs with a fixed search_path: the catalog
    -- first, then the store's own schema, temporary objects last, so no
    -- object a member could make elsewhere stands in for one of ours.
    DO $do$
    DECLARE f record;
    BEGIN
      FOR f IN SELECT p.oid::regprocedure AS fn FROM pg_catalog.pg_proc p
                WHERE p.pronamespace = current_schema()::regnamespace
                  AND p.proname LIKE 'list\\_cleaner\\_%'
      LOOP
        EXECUTE format('ALTER FUNCTION %s SET search_path = pg_catalog, %I, pg_temp', f.fn, current_schema());
      END LOOP;
    END
    $do$;

    -- Functions are callable by everyone unless told otherwise: only members and the owner.
    REVOKE EXECUTE ON FUNCTION ${MEMBER_FUNCTIONS.join(', ')} FROM PUBLIC;
    REVOKE EXECUTE ON FUNCTION list_cleaner_admit_members() FROM PUBLIC;
    SELECT list_cleaner_admit_members();
  `,
};
