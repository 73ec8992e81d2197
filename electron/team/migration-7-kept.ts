// The functions of migration 7 for what is kept across jobs: the team's
// history (insert-only, dated by the store), the suppression list (each
// entry with who added it, each removal kept with who and when) and the
// audit that reads what was removed or changed. The statements are those
// history/team.ts and suppression/team-rows.ts sent before.

export const DEFINER = 'SECURITY DEFINER';

const HISTORY = `
  -- A finished job, written once by its member and dated by the store: sent
  -- again (a retry), it changes nothing; no one rewrites or removes it.
  CREATE FUNCTION list_cleaner_push_summary(
    p_account text, p_id text, p_list text, p_os_user text, p_machine text, p_product text,
    p_counts jsonb, p_charged bigint
  ) RETURNS boolean LANGUAGE sql ${DEFINER} AS $fn$
    WITH written AS (
      INSERT INTO job_summaries
             (account, id, list_name, os_user, machine, product, finished_at, counts,
              charged_micros, member)
      VALUES (p_account, left(p_id, 200), left(p_list, 1000), left(p_os_user, 256),
              left(p_machine, 256), left(p_product, 64), now(), p_counts, p_charged, session_user)
      ON CONFLICT (account, id) DO NOTHING
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM written)
  $fn$;

  CREATE FUNCTION list_cleaner_history_total(p_account text) RETURNS bigint
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT count(*) FROM job_summaries WHERE account = p_account
  $fn$;

  CREATE FUNCTION list_cleaner_history(p_account text, p_limit integer, p_offset integer)
  RETURNS TABLE (id text, list_name text, os_user text, machine text, product text,
                 finished_at timestamptz, counts jsonb, charged_micros text)
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT s.id, s.list_name, s.os_user, s.machine, s.product, s.finished_at, s.counts,
           s.charged_micros::text
      FROM job_summaries s
     WHERE s.account = p_account
     ORDER BY s.finished_at DESC, s.id
     LIMIT least(greatest(p_limit, 0), 1000) OFFSET greatest(p_offset, 0)
  $fn$;

  CREATE FUNCTION list_cleaner_spend(p_account text, p_zone text, p_now timestamptz, p_months integer)
  RETURNS TABLE (month text, os_user text, machines text[], jobs integer, charged text, unknown integer)
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT to_char(date_trunc('month', s.finished_at AT TIME ZONE p_zone), 'YYYY-MM'),
           s.os_user,
           array_agg(DISTINCT s.machine ORDER BY s.machine),
           count(*)::int,
           coalesce(sum(s.charged_micros), 0)::text,
           (count(*) FILTER (WHERE s.charged_micros IS NULL))::int
      FROM job_summaries s
     WHERE s.account = p_account
       AND s.finished_at AT TIME ZONE p_zone
           >= date_trunc('month', p_now AT TIME ZONE p_zone) - make_interval(months => p_months)
     GROUP BY 1, 2
     ORDER BY 1 DESC, 2
  $fn$;
`;

const ENTRY = `s.addr_hash, s.address, s.reason::int4,
  extract(epoch FROM s.suppressed_at)::float8, src.name, s.detail`;

const SUPPRESSION = `
  CREATE FUNCTION list_cleaner_suppression_source(p_account integer, p_name text) RETURNS integer
  LANGUAGE sql ${DEFINER} AS $fn$
    INSERT INTO suppression_sources (account_id, name, added_at) VALUES (p_account, p_name, now())
    ON CONFLICT (account_id, name) DO UPDATE SET added_at = excluded.added_at RETURNING id
  $fn$;

  -- A later entry for an address replaces the store's, as a later file says
  -- why it is suppressed now; each entry keeps who added it.
  CREATE FUNCTION list_cleaner_suppression_add(
    p_account integer, p_source integer, p_hashes bytea, p_reasons smallint[],
    p_dates double precision[], p_addresses text[], p_details text[]
  ) RETURNS TABLE (added integer, replaced integer) LANGUAGE sql ${DEFINER} AS $fn$
    WITH written AS (
      INSERT INTO suppression AS s
             (account_id, reason, source_id, suppressed_at, addr_hash, address, detail, added_by)
      SELECT DISTINCT ON (h) p_account, r, p_source, to_timestamp(t), h, a, d, session_user
        FROM (SELECT substring(p_hashes FROM (n::int4 - 1) * 16 + 1 FOR 16) AS h, r, t, a, d, n
                FROM unnest(p_reasons, p_dates, p_addresses, p_details)
                     WITH ORDINALITY AS u(r, t, a, d, n)) AS x
       ORDER BY h, n DESC
      ON CONFLICT (account_id, addr_hash) DO UPDATE
         SET reason = excluded.reason, source_id = excluded.source_id,
             suppressed_at = excluded.suppressed_at, address = excluded.address,
             detail = excluded.detail, added_by = excluded.added_by
      RETURNING (xmax = 0) AS inserted)
    SELECT (count(*) FILTER (WHERE inserted))::int4, (count(*) FILTER (WHERE NOT inserted))::int4
      FROM written
  $fn$;

  -- By the memory's spot of an address (a 64-bit tag: bytes 5 to 12 of the hash).
  CREATE FUNCTION list_cleaner_suppression_look_up(p_account integer, p_tags bytea, p_n integer)
  RETURNS TABLE (n integer, h bytea, reason integer) LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT q.n, s.addr_hash, s.reason::int4
      FROM (SELECT substring(p_tags FROM (g - 1) * 8 + 1 FOR 8) AS t, g AS n
              FROM generate_series(1, least(greatest(p_n, 0), octet_length(p_tags) / 8)) AS g
             ORDER BY 1) AS q
      CROSS JOIN LATERAL (
           SELECT s.addr_hash, s.reason FROM suppression AS s
            WHERE s.account_id = p_account AND substring(s.addr_hash FROM 5 FOR 8) = q.t
            LIMIT 4) AS s
  $fn$;

  CREATE FUNCTION list_cleaner_suppression_any(p_account integer) RETURNS boolean
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT EXISTS (SELECT 1 FROM suppression WHERE account_id = p_account)
  $fn$;

  CREATE FUNCTION list_cleaner_suppression_entry(p_account integer, p_hash bytea)
  RETURNS TABLE (h bytea, address text, reason integer, at double precision, source text, detail text)
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT ${ENTRY}
      FROM suppression AS s LEFT JOIN suppression_sources AS src ON src.id = s.source_id
     WHERE s.account_id = p_account AND s.addr_hash = p_hash
  $fn$;

  CREATE FUNCTION list_cleaner_suppression_page(p_account integer, p_after bytea, p_limit integer, p_source text)
  RETURNS TABLE (h bytea, address text, reason integer, at double precision, source text, detail text)
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT ${ENTRY}
      FROM suppression AS s LEFT JOIN suppression_sources AS src ON src.id = s.source_id
     WHERE s.account_id = p_account AND s.addr_hash > p_after
       AND (p_source IS NULL OR src.name = p_source)
     ORDER BY s.addr_hash LIMIT least(greatest(p_limit, 1), 1001)
  $fn$;

  -- A removal is kept: what the entry was, who added it, who removed it and when.
  CREATE FUNCTION list_cleaner_suppression_remove(p_account integer, p_hash bytea) RETURNS boolean
  LANGUAGE sql ${DEFINER} AS $fn$
    WITH gone AS (
      DELETE FROM suppression WHERE account_id = p_account AND addr_hash = p_hash
      RETURNING account_id, addr_hash, address, reason, source_id, added_by
    ),
    kept AS (
      INSERT INTO suppression_removals
             (account_id, addr_hash, address, reason, source, added_by, removed_by, how)
      SELECT g.account_id, g.addr_hash, g.address, g.reason, src.name, g.added_by, session_user, 'address'
        FROM gone g LEFT JOIN suppression_sources src ON src.id = g.source_id
    )
    SELECT EXISTS (SELECT 1 FROM gone)
  $fn$;

  -- The file's record first: an add of the same file at the same moment
  -- waits for it, then makes the file anew. Each entry removed is kept.
  CREATE FUNCTION list_cleaner_suppression_remove_source(p_account integer, p_name text)
  RETURNS integer LANGUAGE sql ${DEFINER} AS $fn$
    WITH src AS (
      DELETE FROM suppression_sources WHERE account_id = p_account AND name = p_name
      RETURNING id, name
    ),
    gone AS (
      DELETE FROM suppression
       WHERE account_id = p_account AND source_id IN (SELECT id FROM src)
      RETURNING account_id, addr_hash, address, reason, added_by
    ),
    kept AS (
      INSERT INTO suppression_removals
             (account_id, addr_hash, address, reason, source, added_by, removed_by, how)
      SELECT g.account_id, g.addr_hash, g.address, g.reason, p_name, g.added_by, session_user, 'file'
        FROM gone g
    )
    SELECT count(*)::integer FROM gone
  $fn$;

  CREATE FUNCTION list_cleaner_suppression_sources(p_account integer)
  RETURNS TABLE (name text, added_at timestamptz, entries integer)
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT src.name, src.added_at, count(s.source_id)::int4
      FROM suppression_sources AS src
      LEFT JOIN suppression AS s ON s.account_id = src.account_id AND s.source_id = src.id
     WHERE src.account_id = p_account
     GROUP BY src.id, src.name, src.added_at
     ORDER BY src.added_at DESC
  $fn$;

  CREATE FUNCTION list_cleaner_suppression_count(p_account integer) RETURNS integer
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    SELECT count(*)::int4 FROM suppression WHERE account_id = p_account
  $fn$;
`;

const AUDIT = `
  -- What changed in the last p_days days, newest first: each suppression
  -- entry removed, and answers changed to another status, one row per
  -- member, whose they were, product, change and minute.
  CREATE FUNCTION list_cleaner_audit(p_account text, p_days integer, p_limit integer)
  RETURNS TABLE (kind text, at timestamptz, by_member text, address text, detail jsonb)
  LANGUAGE sql STABLE ${DEFINER} AS $fn$
    WITH acc AS (SELECT id FROM accounts WHERE name = p_account),
    since AS (SELECT now() - least(greatest(p_days, 1), 3660) * interval '1 day' AS t)
    SELECT * FROM (
      SELECT 'suppression-removed'::text, r.removed_at, r.removed_by, r.address,
             jsonb_build_object('reason', r.reason, 'source', r.source, 'how', r.how,
                                'added_by', r.added_by)
        FROM suppression_removals r
       WHERE r.account_id = (SELECT id FROM acc) AND r.removed_at >= (SELECT t FROM since)
      UNION ALL
      SELECT 'answers-changed', max(c.changed_at), c.changed_by, NULL,
             jsonb_build_object('count', count(*), 'product', c.product, 'from', c.old_status,
                                'to', c.new_status, 'was_by', c.was_by)
        FROM answer_changes c
       WHERE c.account_id = (SELECT id FROM acc) AND c.changed_at >= (SELECT t FROM since)
       GROUP BY c.changed_by, c.was_by, c.product, c.old_status, c.new_status,
                date_trunc('minute', c.changed_at)
    ) AS changes
    ORDER BY 2 DESC, 3, 4
    LIMIT least(greatest(p_limit, 1), 10000)
  $fn$;
`;

export const MIGRATION_7_KEPT = [HISTORY, SUPPRESSION, AUDIT].join('\n');
