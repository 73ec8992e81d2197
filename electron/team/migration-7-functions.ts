// The functions of migration 7 (migration-7.ts): every statement the app
// makes, each as a function that runs with the owner's rights (SECURITY
// DEFINER) on the caller's behalf. The caller is session_user, the login:
// a function writes its rows only, dates them by the store's now(), and
// keeps what a removal or a change took away. The statements are those the
// app sent before (coordination/team.ts, memory/team/answers.ts), moved
// here with their comments; what is kept across jobs is in migration-7-kept.ts.
import { MAX_ANSWER_KEPT_S, MAX_LEASE_S } from './migration-6';
import { DEFINER, MIGRATION_7_KEPT } from './migration-7-kept';

/** A lease or a wait asked for, within 1 s and the store's ceiling. */
const bounded = (ms: string, ceilingS: number) =>
  `least(greatest(coalesce(${ms}, 0), 1000), ${ceilingS}000) * interval '1 millisecond'`;

const STORE = `
  CREATE FUNCTION list_cleaner_version() RETURNS integer LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT max(version) FROM list_cleaner_schema
  $fn$;

  CREATE FUNCTION list_cleaner_account_id(p_account text) RETURNS integer
  LANGUAGE plpgsql ${DEFINER} AS $fn$
  DECLARE found integer;
  BEGIN
    IF p_account IS NULL OR length(p_account) NOT BETWEEN 1 AND 200 THEN
      RAISE EXCEPTION 'not an account' USING ERRCODE = '22023';
    END IF;
    SELECT id INTO found FROM accounts WHERE name = p_account;
    IF found IS NULL THEN
      -- Two members' first pushes at once: the second's insert does nothing, and reads the first's.
      INSERT INTO accounts (name) VALUES (p_account)
        ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id INTO found;
    END IF;
    RETURN found;
  END
  $fn$;

  CREATE FUNCTION list_cleaner_answer_count(p_account text) RETURNS bigint
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT count(*) FROM answers WHERE account_id = (SELECT id FROM accounts WHERE name = p_account)
  $fn$;

  -- Owner only (not granted): lets the members' group call the functions.
  -- Called by migration 7 and by the owner's "Test connection", in case the
  -- group was made by the administrator after the migration.
  CREATE FUNCTION list_cleaner_admit_members() RETURNS boolean LANGUAGE plpgsql AS $fn$
  DECLARE f record;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'list_cleaner_member') THEN
      RETURN false;
    END IF;
    FOR f IN SELECT p.oid::regprocedure AS fn FROM pg_proc p
              WHERE p.pronamespace = (SELECT relnamespace FROM pg_class
                                       WHERE oid = 'list_cleaner_schema'::regclass)
                AND p.prosecdef AND p.proname LIKE 'list\\_cleaner\\_%'
    LOOP
      EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO list_cleaner_member', f.fn);
    END LOOP;
    RETURN true;
  END
  $fn$;
`;

const ANSWERS = `
  -- An answer replaces the store's for its address and product only when
  -- newer; dated now() less the age the member's clock gives it (0 to 365
  -- days: an age only makes an answer older, so it never wins over a newer
  -- one). An answer replaced by another status is kept in answer_changes.
  CREATE FUNCTION list_cleaner_push_answers(
    p_account integer, p_hashes bytea, p_products smallint[], p_statuses smallint[],
    p_providers text[], p_avatars boolean[], p_urls text[], p_ages double precision[]
  ) RETURNS integer LANGUAGE sql ${DEFINER} AS $fn$
    WITH input AS (
      SELECT DISTINCT ON (h, p) h, p, s, pr, av, url,
             now() - least(greatest(coalesce(age, 0), 0), 31536000) * interval '1 second' AS at
        FROM (SELECT substring(p_hashes FROM (n::int4 - 1) * 16 + 1 FOR 16) AS h,
                     p, s, pr, av, url, age
                FROM unnest(p_products, p_statuses, p_providers, p_avatars, p_urls, p_ages)
                     WITH ORDINALITY AS u(p, s, pr, av, url, age, n)) AS r
       ORDER BY h, p, age
    ),
    before AS (
      SELECT a.addr_hash, a.product, a.status, a.member
        FROM input i JOIN answers a ON a.account_id = p_account AND a.addr_hash = i.h AND a.product = i.p
    ),
    written AS (
      INSERT INTO answers AS a
             (account_id, addr_hash, product, status, provider, avatar, avatar_url, answered_at, member)
      SELECT p_account, h, p, s, pr, av, url, at, session_user FROM input ORDER BY h, p
      ON CONFLICT (account_id, addr_hash, product) DO UPDATE
         SET status = excluded.status, provider = excluded.provider, avatar = excluded.avatar,
             avatar_url = excluded.avatar_url, answered_at = excluded.answered_at,
             member = excluded.member
       WHERE a.answered_at < excluded.answered_at
      RETURNING a.addr_hash, a.product, a.status
    ),
    changed AS (
      INSERT INTO answer_changes (account_id, addr_hash, product, old_status, new_status, was_by, changed_by)
      SELECT p_account, w.addr_hash, w.product, b.status, w.status, b.member, session_user
        FROM written w JOIN before b ON b.addr_hash = w.addr_hash AND b.product = w.product
       WHERE b.status <> w.status
    )
    SELECT count(*)::integer FROM written
  $fn$;

  -- Each hash looked up in the key's index (LIMIT keeps the planner from a
  -- hash join that reads the whole table), in key order. Ages in, ages out.
  -- An answer held here was dated by an age rounded down to the second: one
  -- the store holds within 2 s of it is the same answer, not sent again.
  CREATE FUNCTION list_cleaner_pull_answers(
    p_account integer, p_hashes bytea, p_email_ages double precision[],
    p_avatar_ages double precision[], p_from_age double precision
  ) RETURNS TABLE (n integer, product smallint, status smallint, provider text, avatar boolean,
                   avatar_url text, age double precision)
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT q.n::int4, a.product, a.status, a.provider, a.avatar, a.avatar_url,
           greatest(extract(epoch FROM now() - a.answered_at), 0)::float8
      FROM (SELECT substring(p_hashes FROM (u.n::int4 - 1) * 16 + 1 FOR 16) AS h, u.n,
                   now() - u.email_age * interval '1 second' AS email_since,
                   now() - u.avatar_age * interval '1 second' AS avatar_since
              FROM unnest(p_email_ages, p_avatar_ages) WITH ORDINALITY AS u(email_age, avatar_age, n)
             ORDER BY 1) AS q
      CROSS JOIN LATERAL (
           SELECT a.product, a.status, a.provider, a.avatar, a.avatar_url, a.answered_at
             FROM answers AS a
            WHERE a.account_id = p_account AND a.addr_hash = q.h
              AND a.answered_at >= now() - p_from_age * interval '1 second'
            LIMIT 2) AS a
     WHERE a.answered_at > coalesce(CASE WHEN a.product = 1 THEN q.avatar_since ELSE q.email_since END
                                    + interval '2 seconds', '-infinity')
  $fn$;
`;

const LEASES = `
  -- The slot rule of migrations 2 and 6 (coordination/fair.ts), each row the
  -- member's own: a ticket is taken, kept or left only by who queued it.
  CREATE FUNCTION list_cleaner_take_slot(
    p_account text, p_ticket text, p_holder text, p_kind text,
    p_lease_ms integer, p_waiter_ms integer, p_max_in_flight integer, p_max_multi integer
  ) RETURNS boolean LANGUAGE plpgsql ${DEFINER} SET lock_timeout = '2s' AS $fn$
  DECLARE
    lease interval := ${bounded('p_lease_ms', MAX_LEASE_S)};
    wait interval := ${bounded('p_waiter_ms', MAX_LEASE_S)};
    max_in integer := least(greatest(p_max_in_flight, 1), 100);
    max_multi integer := least(greatest(p_max_multi, 1), 100);
    who text := session_user;
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
    IF EXISTS (SELECT 1 FROM slots WHERE account = p_account AND ticket = p_ticket AND member = who) THEN
      RETURN true;
    END IF;
    INSERT INTO slot_queue AS q (account, ticket, holder, kind, since, expires_at, member)
      VALUES (p_account, p_ticket, p_holder, p_kind, now(), now() + wait, who)
      ON CONFLICT (account, ticket) DO UPDATE SET expires_at = EXCLUDED.expires_at
      WHERE q.member = who;
    IF NOT EXISTS (SELECT 1 FROM slot_queue WHERE account = p_account AND ticket = p_ticket AND member = who) THEN
      RETURN false;
    END IF;
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
        INSERT INTO slots (account, kind, slot, holder, expires_at, ticket, member)
          VALUES (p_account, 'single', place, p_holder, now() + lease, p_ticket, who);
        IF p_kind = 'multi' THEN
          SELECT min(s) INTO place FROM generate_series(0, max_multi - 1) s
           WHERE NOT EXISTS (SELECT 1 FROM slots
                              WHERE account = p_account AND kind = 'multi' AND slot = s);
          INSERT INTO slots (account, kind, slot, holder, expires_at, ticket, member)
            VALUES (p_account, 'multi', place, p_holder, now() + lease, p_ticket, who);
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

  CREATE FUNCTION list_cleaner_release_slot(p_account text, p_ticket text) RETURNS void
  LANGUAGE sql ${DEFINER} AS $fn$
    DELETE FROM slots WHERE account = p_account AND ticket = p_ticket AND member = session_user
  $fn$;

  CREATE FUNCTION list_cleaner_leave_queue(p_account text, p_ticket text) RETURNS void
  LANGUAGE sql ${DEFINER} AS $fn$
    DELETE FROM slot_queue WHERE account = p_account AND ticket = p_ticket AND member = session_user
  $fn$;

  -- Claims what is free: no claim, this run's own (the member's), one whose
  -- lease lapsed, or one answered before the run's window or in a way that
  -- does not serve this product. Rows in the order of their hash, so two runs
  -- never wait on each other in a circle; what was not taken is read as it stands.
  CREATE FUNCTION list_cleaner_claim(
    p_account text, p_holder text, p_hashes bytea[], p_product text, p_lease_ms integer,
    p_window_ms double precision
  ) RETURNS TABLE (i integer, mine boolean, product text, status smallint, provider text,
                   avatar boolean, avatar_url text, answered_age double precision)
  LANGUAGE sql ${DEFINER} AS $fn$
    WITH input AS (
      SELECT h AS addr_hash, o::integer AS i FROM unnest(p_hashes) WITH ORDINALITY AS t(h, o)
    ),
    taken AS (
      INSERT INTO claims AS c (account, addr_hash, holder, product, expires_at, member)
      SELECT p_account, addr_hash, p_holder, p_product, now() + ${bounded('p_lease_ms', MAX_LEASE_S)},
             session_user
        FROM input ORDER BY addr_hash
      ON CONFLICT (account, addr_hash) DO UPDATE
         SET holder = EXCLUDED.holder, product = EXCLUDED.product, expires_at = EXCLUDED.expires_at,
             member = EXCLUDED.member, status = NULL, provider = NULL, avatar = NULL,
             avatar_url = NULL, answered_at = NULL
       WHERE (c.holder = EXCLUDED.holder AND c.member = EXCLUDED.member)
          OR c.expires_at < now()
          OR (c.status IS NOT NULL
              AND (c.answered_at < now() - greatest(p_window_ms, 0) * interval '1 millisecond'
                   OR (c.product <> EXCLUDED.product AND c.product <> 'avatar')))
      RETURNING addr_hash
    )
    SELECT input.i, taken.addr_hash IS NOT NULL,
           c.product, c.status, c.provider, c.avatar, c.avatar_url,
           greatest(extract(epoch FROM now() - c.answered_at) * 1000, 0)::float8
      FROM input
      LEFT JOIN taken ON taken.addr_hash = input.addr_hash
      LEFT JOIN claims c ON c.account = p_account AND c.addr_hash = input.addr_hash
     ORDER BY input.i
  $fn$;

  -- Answers the member's own live, unanswered claims; kept for the runs waiting on them.
  CREATE FUNCTION list_cleaner_settle(
    p_account text, p_holder text, p_kept_ms integer, p_hashes bytea[], p_statuses smallint[],
    p_providers text[], p_avatars boolean[], p_urls text[], p_products text[]
  ) RETURNS void LANGUAGE sql ${DEFINER} AS $fn$
    UPDATE claims c
       SET status = s.status, provider = s.provider, avatar = s.avatar, avatar_url = s.avatar_url,
           product = s.product, expires_at = now() + ${bounded('p_kept_ms', MAX_ANSWER_KEPT_S)}
      FROM unnest(p_hashes, p_statuses, p_providers, p_avatars, p_urls, p_products)
           AS s(addr_hash, status, provider, avatar, avatar_url, product)
     WHERE c.account = p_account AND c.holder = p_holder AND c.member = session_user
       AND c.addr_hash = s.addr_hash AND c.status IS NULL AND c.expires_at >= now()
  $fn$;

  CREATE FUNCTION list_cleaner_drop_claims(p_account text, p_holder text, p_hashes bytea[])
  RETURNS void LANGUAGE sql ${DEFINER} AS $fn$
    DELETE FROM claims
     WHERE account = p_account AND holder = p_holder AND member = session_user
       AND addr_hash = ANY (p_hashes)
  $fn$;

  CREATE FUNCTION list_cleaner_let_go(p_account text, p_holder text) RETURNS void
  LANGUAGE sql ${DEFINER} AS $fn$
    DELETE FROM claims
     WHERE account = p_account AND holder = p_holder AND member = session_user AND status IS NULL
  $fn$;

  CREATE FUNCTION list_cleaner_forget_claim_answers(p_account text) RETURNS void
  LANGUAGE sql ${DEFINER} AS $fn$
    DELETE FROM claims WHERE account = p_account AND member = session_user AND status IS NOT NULL
  $fn$;

  -- Renews the process's slots and its runs' unanswered claims (the member's
  -- own); answers told long enough go, whoever gave them.
  CREATE FUNCTION list_cleaner_renew(p_account text, p_process text, p_runs text[], p_lease_ms integer)
  RETURNS void LANGUAGE sql ${DEFINER} AS $fn$
    UPDATE slots SET expires_at = now() + ${bounded('p_lease_ms', MAX_LEASE_S)}
     WHERE holder = p_process AND member = session_user;
    UPDATE claims SET expires_at = now() + ${bounded('p_lease_ms', MAX_LEASE_S)}
     WHERE holder = ANY (p_runs) AND member = session_user AND status IS NULL;
    DELETE FROM claims WHERE account = p_account AND status IS NOT NULL AND expires_at < now();
  $fn$;
`;

export const MIGRATION_7_FUNCTIONS = [STORE, ANSWERS, LEASES, MIGRATION_7_KEPT].join('\n');
