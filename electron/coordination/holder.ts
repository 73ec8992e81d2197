// Who holds a slot or a claim, and for how long. Every process of a team
// (the app, a scheduled command line, on any machine) names itself once:
// its machine, its process id and a random part, so a process id used again
// after a restart is never taken for the process that held it before. A
// lease lasts a few seconds and is renewed while its holder lives, so a
// laptop that crashed or lost its network frees what it held within seconds;
// on one machine a holder whose process is gone frees it at once.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** How long a slot or an unanswered claim lasts unless its holder renews it. */
export const LEASE_MS = 10_000;
/** How often a process renews its leases: several times per lease, so one slow renewal costs nothing. */
export const RENEW_MS = 2_500;
/** How long a place in the queue for a slot lasts: its waiter asks again far more often. */
export const WAITER_MS = 3_000;
/**
 * How long an answered claim tells latecomers the answer: long enough for a
 * job that waited to take it; by then the memories hold it.
 */
export const ANSWERED_MS = 10 * 60_000;

const machine = hostname() || 'unknown';

/** This process, as the slots and claims name it: "machine:pid:random". */
export const PROCESS_HOLDER = `${machine.replace(/[:/]/g, '_')}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** A job run's own name for its claims: two jobs of one process never take each other's. */
export const runHolder = (jobId: string): string => `${PROCESS_HOLDER}/${jobId}`;

/** The process a holder names (a run's holder names its process's). */
export function processOf(holder: string): { machine: string; pid: number } | null {
  const match = /^([^:/]*):(\d+):[0-9a-f]+(?:\/|$)/.exec(holder);
  return match ? { machine: match[1] as string, pid: Number(match[2]) } : null;
}

/**
 * Whether a holder on this machine still runs. Only for the data folder's
 * coordination, which only processes of this machine use; a holder of
 * another machine, or one that cannot be read, counts as alive.
 */
export function aliveHere(holder: string): boolean {
  if (holder.startsWith(`${PROCESS_HOLDER}/`) || holder === PROCESS_HOLDER) return true;
  const p = processOf(holder);
  if (p === null || p.machine !== machine.replace(/[:/]/g, '_')) return true;
  try {
    process.kill(p.pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
