// The rule for the account's next slot, held to the same cases in both
// places it is applied: fair.ts for the data folder, and the team store's
// SQL function (migrations 2 and 6), asked against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grants, type HeldSlot, type Waiter } from '../../../electron/coordination/fair';
import { LEASE_MS, WAITER_MS } from '../../../electron/coordination/holder';
import { SERVICE_LIMITS } from '../../../electron/service/limiter';
import { migrate } from '../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../electron/team/store';
import { startPgServer, type PgServer } from '../team/pg-server';

interface Case {
  name: string;
  held: HeldSlot[];
  waiting: Waiter[];
  granted: string[];
}

const held = (ticket: string, holder: string, kind: 'single' | 'multi' = 'single'): HeldSlot => ({
  ticket,
  holder,
  kind,
});
const waits = (
  ticket: string,
  holder: string,
  since: number,
  kind: 'single' | 'multi' = 'single',
): Waiter => ({
  ticket,
  holder,
  kind,
  since: 1_700_000_000_000 + since,
});

const CASES: Case[] = [
  {
    name: 'free slots go to those waiting, longest first',
    held: [],
    waiting: [waits('b', 'p2', 2), waits('a', 'p1', 1)],
    granted: ['a', 'b'],
  },
  {
    name: 'the holder with fewest slots goes first: a big list does not starve a small one',
    held: [held('x1', 'big'), held('x2', 'big'), held('x3', 'big'), held('x4', 'big')],
    waiting: [waits('big5', 'big', 1), waits('small', 'small', 9)],
    granted: ['small'],
  },
  {
    name: 'one multi check at a time: singles behind a waiting multi pass it',
    held: [held('m', 'p1', 'multi')],
    waiting: [waits('m2', 'p2', 1, 'multi'), waits('s', 'p2', 2)],
    granted: ['s'],
  },
  {
    name: 'nothing is granted while five are in flight',
    held: ['1', '2', '3', '4', '5'].map((t) => held(t, 'p1')),
    waiting: [waits('w', 'p2', 1)],
    granted: [],
  },
  {
    name: 'a multi waiting longest takes the multi slot before a later one',
    held: [],
    waiting: [waits('m-late', 'p1', 5, 'multi'), waits('m-early', 'p2', 1, 'multi')],
    granted: ['m-early'],
  },
];

describe('the slot rule (fair.ts)', () => {
  it.each(CASES)('$name', ({ held: h, waiting, granted }) => {
    expect(grants(h, waiting, SERVICE_LIMITS)).toEqual(granted);
  });
});

describe('the same rule in the team store', () => {
  let pg: PgServer;
  let store: TeamStore;
  beforeAll(async () => {
    pg = await startPgServer();
    await pg.createUser('team', 'pw', 'team');
    store = await openTeamStore({ url: pg.url('team', 'team'), password: 'pw' });
    await store.withClient((client) => migrate(client));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await pg?.stop();
  }, 30_000);

  it.each(CASES)('$name', async ({ held: h, waiting, granted }) => {
    const account = `fair-${Math.random().toString(36).slice(2)}`;
    await store.withClient(async (client) => {
      let place = 0;
      for (const slot of h) {
        await client.query(
          `INSERT INTO slots (account, kind, slot, holder, expires_at, ticket, member)
           VALUES ($1, 'single', $2, $3, now() + interval '1 minute', $4, session_user)`,
          [account, place++, slot.holder, slot.ticket],
        );
        if (slot.kind === 'multi') {
          await client.query(
            `INSERT INTO slots (account, kind, slot, holder, expires_at, ticket, member)
             VALUES ($1, 'multi', 0, $2, now() + interval '1 minute', $3, session_user)`,
            [account, slot.holder, slot.ticket],
          );
        }
      }
      // The store dates a place in the queue by its own clock (migration 6): the
      // waiters join in the order they have waited, each in a statement of its own.
      for (const w of [...waiting].sort((a, b) => a.since - b.since)) {
        await client.query(
          `INSERT INTO slot_queue (account, ticket, holder, kind, since, expires_at, member)
           VALUES ($1, $2, $3, $4, now(), now() + interval '1 minute', session_user)`,
          [account, w.ticket, w.holder, w.kind],
        );
      }
      // Each waiter asks in turn, as it would: is it its turn now? (Asked, then undone.)
      const yes: string[] = [];
      for (const w of waiting) {
        await client.query('BEGIN');
        const result = await client.query<{ taken: boolean }>(
          'SELECT list_cleaner_take_slot($1, $2, $3, $4, $5, $6, $7, $8) AS taken',
          [account, w.ticket, w.holder, w.kind, LEASE_MS, WAITER_MS, 5, 1],
        );
        await client.query('ROLLBACK');
        if (result.rows[0]?.taken) yes.push(w.ticket);
      }
      expect(yes.sort()).toEqual([...granted].sort());
    });
  });
});
