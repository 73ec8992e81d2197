// Migration 6 of the team store: every date in it is the store's own clock,
// and every lease has a ceiling, whatever a member's computer sends.
//
// A member's clock may be wrong by days (set by hand, a dead battery,
// libfaketime): an answer dated by it looked fresh for as long as the clock
// ran ahead and could never be replaced by a real, newer one. From here the
// app sends ages ("answered 30 s ago"), which its own clock measures well
// however wrong its date is, and the store writes now() less the age. The
// triggers below hold the same rule for a row written any other way (an
// older build, psql with a member's password): a date ahead of the store's
// clock is stored as the store's now(), a lease as at most 60 s from now, a
// claim's answer as given now. Only the table's owner may turn a trigger off.
import type { Migration } from './migrations';

/** The longest lease the store keeps, whatever is asked: leases are renewed every few seconds. */
export const MAX_LEASE_S = 60;
/** How long a claim's answer is kept for the runs waiting on it (coordination/holder.ts ANSWERED_MS). */
export const MAX_ANSWER_KEPT_S = 600;

export const MIGRATION_6: Migration = {
  version: 6,
  name: "every date the store's clock, every lease bounded",
  sql: `
    -- An answer is never dated ahead of the store: "the newer wins" then
    -- compares real dates, and no answer outlives a real, newer one.
    CREATE FUNCTION list_cleaner_answer_dated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.answered_at := least(NEW.answered_at, now());
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER answers_dated BEFORE INSERT OR UPDATE ON answers
      FOR EACH ROW EXECUTE FUNCTION list_cleaner_answer_dated();

    -- A slot or a place in the queue lives at most ${MAX_LEASE_S} s from the
    -- store's now; a place in the queue waits from when the store saw it.
    CREATE FUNCTION list_cleaner_lease_bounded() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.expires_at := least(NEW.expires_at, now() + interval '${MAX_LEASE_S} seconds');
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER slots_bounded BEFORE INSERT OR UPDATE ON slots
      FOR EACH ROW EXECUTE FUNCTION list_cleaner_lease_bounded();
    CREATE FUNCTION list_cleaner_queue_dated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.expires_at := least(NEW.expires_at, now() + interval '${MAX_LEASE_S} seconds');
      NEW.since := CASE WHEN TG_OP = 'UPDATE' THEN least(OLD.since, now()) ELSE now() END;
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER slot_queue_dated BEFORE INSERT OR UPDATE ON slot_queue
      FOR EACH ROW EXECUTE FUNCTION list_cleaner_queue_dated();

    -- A claim is a lease while it waits for its answer; its answer is dated
    -- by the store when given, and kept for the waiting runs ${MAX_ANSWER_KEPT_S} s at most.
    ALTER TABLE claims ADD CONSTRAINT claims_product CHECK (product IN ('email', 'avatar'));
    CREATE FUNCTION list_cleaner_claim_dated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF NEW.status IS NULL THEN
        NEW.answered_at := NULL;
        NEW.expires_at := least(NEW.expires_at, now() + interval '${MAX_LEASE_S} seconds');
      ELSE
        IF TG_OP = 'INSERT' OR OLD.status IS NULL OR NEW.answered_at IS DISTINCT FROM OLD.answered_at THEN
          NEW.answered_at := now();
        END IF;
        NEW.expires_at := least(NEW.expires_at, now() + interval '${MAX_ANSWER_KEPT_S} seconds');
      END IF;
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER claims_dated BEFORE INSERT OR UPDATE ON claims
      FOR EACH ROW EXECUTE FUNCTION list_cleaner_claim_dated();

    -- A job's summary is never dated ahead of the store; a file of the
    -- suppression list is added when the store says.
    CREATE FUNCTION list_cleaner_summary_dated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.finished_at := least(NEW.finished_at, now());
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER job_summaries_dated BEFORE INSERT OR UPDATE ON job_summaries
      FOR EACH ROW EXECUTE FUNCTION list_cleaner_summary_dated();
    CREATE FUNCTION list_cleaner_source_dated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.added_at := now();
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER suppression_sources_dated BEFORE INSERT OR UPDATE ON suppression_sources
      FOR EACH ROW EXECUTE FUNCTION list_cleaner_source_dated();
    CREATE FUNCTION list_cleaner_entry_dated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- The export's own date, when it has one (least() would make a null now()).
      IF NEW.suppressed_at > now() THEN
        NEW.suppressed_at := now();
      END IF;
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER suppression_dated BEFORE INSERT OR UPDATE ON suppression
      FOR EACH ROW EXECUTE FUNCTION list_cleaner_entry_dated();

    -- What an earlier build (or a member) dated ahead is brought back to now:
    -- an answer dated 2100 would otherwise outlive every real, newer one. The
    -- triggers above do the clamping; only the rows ahead are touched.
    UPDATE answers SET answered_at = answered_at WHERE answered_at > now();
    UPDATE job_summaries SET finished_at = finished_at WHERE finished_at > now();
    UPDATE suppression SET suppressed_at = suppressed_at WHERE suppressed_at > now();
    UPDATE slots SET expires_at = expires_at WHERE expires_at > now() + interval '${MAX_LEASE_S} seconds';
    UPDATE slot_queue SET expires_at = expires_at WHERE expires_at > now() + interval '${MAX_LEASE_S} seconds';
    UPDATE claims SET expires_at = expires_at
     WHERE expires_at > now() + interval '${MAX_LEASE_S} seconds' OR answered_at > now();

    -- The slot rule of migration 2, with the store's clock for the queue
    -- (the member's "since" is no longer asked), leases and waits bounded
    -- here too, and a wait for the account's lock bounded: a session that
    -- holds it (a stuck transaction, a member's psql) costs the others 2 s,
    -- after which they go on with their own limits (coordination/sharing.ts).
    DROP FUNCTION list_cleaner_take_slot(text, text, text, text, double precision, integer, integer, integer, integer);
    CREATE FUNCTION list_cleaner_take_slot(
      p_account text, p_ticket text, p_holder text, p_kind text,
      p_lease_ms integer, p_waiter_ms integer, p_max_in_flight integer, p_max_multi integer
    ) RETURNS boolean LANGUAGE plpgsql SET lock_timeout = '2s' AS $fn$
    DECLARE
      lease interval := least(greatest(coalesce(p_lease_ms, 0), 1000), ${MAX_LEASE_S}000) * interval '1 millisecond';
      wait interval := least(greatest(coalesce(p_waiter_ms, 0), 1000), ${MAX_LEASE_S}000) * interval '1 millisecond';
      max_in integer := least(greatest(p_max_in_flight, 1), 100);
      max_multi integer := least(greatest(p_max_multi, 1), 100);
      free_in integer;
      free_multi integer;
      w record;
      place integer;
    BEGIN
      IF p_kind NOT IN ('single', 'multi') THEN
        RAISE EXCEPTION 'not a slot kind: %', left(p_kind, 20) USING ERRCODE = '22023';
      END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('list-cleaner slots ' || p_account, 0));
      DELETE FROM slots WHERE account = p_account AND expires_at < now();
      DELETE FROM slot_queue WHERE account = p_account AND expires_at < now();
      IF EXISTS (SELECT 1 FROM slots WHERE account = p_account AND ticket = p_ticket) THEN
        RETURN true;
      END IF;
      INSERT INTO slot_queue (account, ticket, holder, kind, since, expires_at)
        VALUES (p_account, p_ticket, p_holder, p_kind, now(), now() + wait)
        ON CONFLICT (account, ticket) DO UPDATE SET expires_at = EXCLUDED.expires_at;
      SELECT max_in - count(*) FILTER (WHERE kind = 'single'),
             max_multi - count(*) FILTER (WHERE kind = 'multi')
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
        CONTINUE WHEN w.kind = 'multi' AND free_multi <= 0;
        IF w.ticket = p_ticket THEN
          DELETE FROM slot_queue WHERE account = p_account AND ticket = p_ticket;
          SELECT min(s) INTO place FROM generate_series(0, max_in - 1) s
           WHERE NOT EXISTS (SELECT 1 FROM slots
                              WHERE account = p_account AND kind = 'single' AND slot = s);
          INSERT INTO slots (account, kind, slot, holder, expires_at, ticket)
            VALUES (p_account, 'single', place, p_holder, now() + lease, p_ticket);
          IF p_kind = 'multi' THEN
            SELECT min(s) INTO place FROM generate_series(0, max_multi - 1) s
             WHERE NOT EXISTS (SELECT 1 FROM slots
                                WHERE account = p_account AND kind = 'multi' AND slot = s);
            INSERT INTO slots (account, kind, slot, holder, expires_at, ticket)
              VALUES (p_account, 'multi', place, p_holder, now() + lease, p_ticket);
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
};
