// This computer's clock against the team store's. Every date in the store is
// the store's own (migration 6), so a member whose clock is wrong goes on
// working; they are told once, since the dates this computer shows of its own
// (a job's start, a file's) are wrong by as much.
import type { PoolClient } from 'pg';
import { z } from 'zod';

/** A difference past this is told: a few minutes is what computers drift between syncs. */
export const CLOCK_TOLD_MS = 5 * 60_000;

export interface ClockSkew {
  /** The store's clock less this computer's, in ms (positive: this computer is behind). */
  offsetMs: number;
  /** This computer's clock when measured (epoch ms). */
  hereMs: number;
  /** The store's clock at the same moment (epoch ms). */
  storeMs: number;
}

const clockRow = z.object({ at: z.number().finite().positive() });

/**
 * The store's clock against this one, measured over one round trip (taken
 * as even both ways): a difference the round trip cannot explain past
 * CLOCK_TOLD_MS, else null.
 */
export async function clockSkew(
  client: PoolClient,
  now: () => number = Date.now,
): Promise<ClockSkew | null> {
  const sent = now();
  const { rows } = await client.query(
    'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS at',
  );
  const back = now();
  const storeMs = clockRow.parse(rows[0]).at;
  const hereMs = (sent + back) / 2;
  const offsetMs = storeMs - hereMs;
  const uncertain = (back - sent) / 2;
  if (Math.abs(offsetMs) - uncertain <= CLOCK_TOLD_MS) return null;
  return { offsetMs, hereMs, storeMs };
}
