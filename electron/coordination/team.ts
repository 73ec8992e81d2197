// Coordination through the team store: the slots, their queue and the claims
// of every process of the team, on any machine, in its tables (migration 2 in
// team/migrations.ts), reached through the store's functions (migration 7:
// each member touches only its own leases and claims). Each step is one
// call, so a slot or a claim costs one round trip however far the store is. Leases are renewed by their
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
        await client.query('SELECT list_cleaner_release_slot($1, $2)', [account, ticket]);
      }),

    leaveQueue: (ticket) =>
      run(async (client) => {
        await client.query('SELECT list_cleaner_leave_queue($1, $2)', [account, ticket]);
      }),

    claim: (holder, product: JobProduct, hashes, answeredSinceMs) =>
      run(async (client): Promise<ClaimState[]> => {
        if (hashes.length === 0) return [];
        const result = await client.query(
          'SELECT * FROM list_cleaner_claim($1, $2, $3, $4, $5, $6)',
          [account, holder, hashes, product, LEASE_MS, Math.max(Date.now() - answeredSinceMs, 0)],
        );
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
          await client.query('SELECT list_cleaner_settle($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
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
          await client.query('SELECT list_cleaner_drop_claims($1, $2, $3)', [
            account,
            holder,
            dropped,
          ]);
        }
      }),

    letGo: (holder) =>
      run(async (client) => {
        await client.query('SELECT list_cleaner_let_go($1, $2)', [account, holder]);
      }),

    forgetAnswers: () =>
      run(async (client) => {
        await client.query('SELECT list_cleaner_forget_claim_answers($1)', [account]);
      }),

    // Slots and unanswered claims renewed; answers told long enough go, and
    // a claim lapsed is taken over where it stands.
    renew: (process, runs) =>
      run(async (client) => {
        await client.query('SELECT list_cleaner_renew($1, $2, $3, $4)', [
          account,
          process,
          runs,
          LEASE_MS,
        ]);
      }),

    // The store is the process's (team/current.ts): closed with it.
    close: async () => undefined,
  };
}
