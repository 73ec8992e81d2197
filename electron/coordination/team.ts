// Coordination through the team store: the slots, their queue and the claims
// of every process of the team, on any machine, in its tables (migration 2 in
// team/migrations.ts). Each step is one statement, so a slot or a claim costs
// one round trip however far the store is. Leases are renewed by their
// process (holder.ts) and lapse when it stops: the next statement that looks
// at them clears them. No date crosses the wire (migration 6): the store
// dates queues, leases and answers by its own clock, bounds every lease, and
// a run's window for answers travels as an age.
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { JobProduct } from '../common/model';
import type { TeamStore } from '../team/store';
import type { ClaimAnswer, ClaimState, CoordinationBackend } from './backend';
import type { Limits, SlotKind } from './fair';
import { ANSWERED_MS, LEASE_MS, WAITER_MS } from './holder';

const takenRow = z.object({ taken: z.boolean() });
const claimRow = z.object({
  i: z.number().int(),
  mine: z.boolean(),
  product: z.enum(['email', 'avatar']).nullable(),
  status: z.number().int().min(1).max(2).nullable(),
  provider: z.string().nullable(),
  avatar: z.boolean().nullable(),
  avatar_url: z.string().nullable(),
  answered_age: z.number().nullable(),
});

/**
 * Claims what is free: no claim, this run's own, one whose lease lapsed, or
 * one answered before the run may take answers from, or in a way that does
 * not serve this product. Rows are taken in the order of their hash, so two runs claiming
 * overlapping lists never wait on each other in a circle. What was not taken
 * is read as it stands: held by a live run, or answered.
 */
const CLAIM = `
  WITH input AS (
    SELECT h AS addr_hash, i::integer AS i FROM unnest($3::bytea[]) WITH ORDINALITY AS t(h, i)
  ),
  taken AS (
    INSERT INTO claims AS c (account, addr_hash, holder, product, expires_at)
    SELECT $1, addr_hash, $2, $4, now() + $5 * interval '1 millisecond'
      FROM input ORDER BY addr_hash
    ON CONFLICT (account, addr_hash) DO UPDATE
       SET holder = EXCLUDED.holder, product = EXCLUDED.product, expires_at = EXCLUDED.expires_at,
           status = NULL, provider = NULL, avatar = NULL, avatar_url = NULL, answered_at = NULL
     WHERE c.holder = EXCLUDED.holder
        OR c.expires_at < now()
        OR (c.status IS NOT NULL AND (c.answered_at < now() - $6 * interval '1 millisecond'
                                       OR (c.product <> EXCLUDED.product AND c.product <> 'avatar')))
    RETURNING addr_hash
  )
  SELECT input.i, taken.addr_hash IS NOT NULL AS mine,
         c.product, c.status, c.provider, c.avatar, c.avatar_url,
         greatest(extract(epoch FROM now() - c.answered_at) * 1000, 0)::float8 AS answered_age
    FROM input
    LEFT JOIN taken ON taken.addr_hash = input.addr_hash
    LEFT JOIN claims c ON c.account = $1 AND c.addr_hash = input.addr_hash
   ORDER BY input.i`;

const SETTLE = `
  UPDATE claims c
     SET status = s.status, provider = s.provider, avatar = s.avatar, avatar_url = s.avatar_url,
         product = s.product, expires_at = now() + $3 * interval '1 millisecond'
    FROM unnest($4::bytea[], $5::smallint[], $6::text[], $7::boolean[], $8::text[], $9::text[])
         AS s(addr_hash, status, provider, avatar, avatar_url, product)
   WHERE c.account = $1 AND c.holder = $2 AND c.addr_hash = s.addr_hash
     AND c.status IS NULL AND c.expires_at >= now()`;

export function teamCoordination(
  store: TeamStore,
  account: string,
  limits: Limits,
): CoordinationBackend {
  const run = <T>(work: (client: PoolClient) => Promise<T>) => store.withLeaseClient(work);

  return {
    where: 'team store',

    // The queue's order is by when the store saw a ticket, not by this computer's clock.
    takeSlot: (ticket, holder, kind: SlotKind) =>
      run(async (client) => {
        const result = await client.query(
          `SELECT list_cleaner_take_slot($1, $2, $3, $4, $5, $6, $7, $8) AS taken`,
          [account, ticket, holder, kind, LEASE_MS, WAITER_MS, limits.maxInFlight, limits.maxMulti],
        );
        return takenRow.parse(result.rows[0]).taken;
      }),

    releaseSlot: (ticket) =>
      run(async (client) => {
        await client.query('DELETE FROM slots WHERE account = $1 AND ticket = $2', [
          account,
          ticket,
        ]);
      }),

    leaveQueue: (ticket) =>
      run(async (client) => {
        await client.query('DELETE FROM slot_queue WHERE account = $1 AND ticket = $2', [
          account,
          ticket,
        ]);
      }),

    claim: (holder, product: JobProduct, hashes, answeredSinceMs) =>
      run(async (client): Promise<ClaimState[]> => {
        if (hashes.length === 0) return [];
        const result = await client.query(CLAIM, [
          account,
          holder,
          hashes,
          product,
          LEASE_MS,
          Math.max(Date.now() - answeredSinceMs, 0),
        ]);
        const rows = z.array(claimRow).parse(result.rows);
        return rows.map((row): ClaimState => {
          if (row.mine) return { kind: 'mine' };
          if (row.status === null || row.product === null) return { kind: 'held' };
          return {
            kind: 'answered',
            answer: {
              product: row.product,
              status: row.status === 1 ? 'deliverable' : 'undeliverable',
              provider: row.provider,
              avatar: row.avatar,
              avatarUrl: row.avatar_url,
              // The store's date on this computer's clock: as old here as there.
              answeredAtMs: Math.round(Date.now() - (row.answered_age ?? 0)),
            },
          };
        });
      }),

    settle: (holder, settled) =>
      run(async (client) => {
        const answered = settled.filter(
          (s): s is { hash: Buffer; answer: ClaimAnswer } => s.answer !== null,
        );
        const dropped = settled.filter((s) => s.answer === null).map((s) => s.hash);
        if (answered.length > 0) {
          await client.query(SETTLE, [
            account,
            holder,
            ANSWERED_MS,
            answered.map((s) => s.hash),
            answered.map((s) => (s.answer.status === 'deliverable' ? 1 : 2)),
            answered.map((s) => s.answer.provider),
            answered.map((s) => s.answer.avatar),
            answered.map((s) => s.answer.avatarUrl),
            answered.map((s) => s.answer.product),
          ]);
        }
        if (dropped.length > 0) {
          await client.query(
            'DELETE FROM claims WHERE account = $1 AND holder = $2 AND addr_hash = ANY($3::bytea[])',
            [account, holder, dropped],
          );
        }
      }),

    letGo: (holder) =>
      run(async (client) => {
        await client.query(
          'DELETE FROM claims WHERE account = $1 AND holder = $2 AND status IS NULL',
          [account, holder],
        );
      }),

    forgetAnswers: () =>
      run(async (client) => {
        await client.query('DELETE FROM claims WHERE account = $1 AND status IS NOT NULL', [
          account,
        ]);
      }),

    renew: (process, runs) =>
      run(async (client) => {
        await client.query(
          `UPDATE slots SET expires_at = now() + $2 * interval '1 millisecond' WHERE holder = $1`,
          [process, LEASE_MS],
        );
        if (runs.length > 0) {
          await client.query(
            `UPDATE claims SET expires_at = now() + $2 * interval '1 millisecond'
              WHERE holder = ANY($1::text[]) AND status IS NULL`,
            [runs, LEASE_MS],
          );
        }
        // Answers told long enough go; a claim lapsed is taken over where it stands.
        await client.query(
          `DELETE FROM claims WHERE account = $1 AND status IS NOT NULL AND expires_at < now()`,
          [account],
        );
      }),

    // The store is the process's (team/current.ts): closed with it.
    close: async () => undefined,
  };
}
