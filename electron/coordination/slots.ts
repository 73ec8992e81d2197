// The account's request slots shared with every other process of the account
// (sharing.ts), behind this process's own limiter: a request first takes one
// of the process's places (service/limiter.ts, first come first served among
// its jobs), then one of the account's. It asks again every few milliseconds
// until the rule (fair.ts) gives it one; a request called off leaves the queue.
import { setTimeout as sleep } from 'node:timers/promises';
import { log } from '../lib/log';
import { memoryAccountOf } from '../lib/account-name';
import { limiterForKey, type Limiter } from '../service/limiter';
import type { CoordinationBackend } from './backend';
import type { SlotKind } from './fair';
import { PROCESS_HOLDER } from './holder';
import { sharingFor, type AccountSharing, type SharingOptions } from './sharing';

/** Pauses between asks: short at first, since a slot frees up within moments when checks are quick. */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 50;

let tickets = 0;
/**
 * The last release sent: asked for before the next take, so this process's
 * next request does not find its own slot still held.
 */
let releasing: Promise<void> = Promise.resolve();

/** Takes one of the account's slots; resolves with its release. */
export async function takeSharedSlot(
  sharing: AccountSharing,
  kind: SlotKind,
  signal?: AbortSignal,
): Promise<() => void> {
  const ticket = `${PROCESS_HOLDER}#${++tickets}`;
  const since = Date.now();
  let pause = FIRST_PAUSE_MS;
  let queued: CoordinationBackend | null = null;
  const leave = () => {
    const where = queued;
    queued = null;
    if (where) void where.leaveQueue(ticket).catch(() => undefined);
  };
  try {
    for (;;) {
      signal?.throwIfAborted();
      await releasing;
      const backend = await sharing.backend();
      // Moved to another place (the store went away or came back): the old queue forgets it.
      if (queued !== backend) leave();
      queued = backend;
      let taken: boolean;
      try {
        taken = await backend.takeSlot(ticket, PROCESS_HOLDER, kind, since);
      } catch (err) {
        if (backend.where === 'team store') {
          sharing.storeFailed(err);
          continue;
        }
        // Without any shared place, this process's own limiter still keeps the account's limits here.
        log.warn('coordination: the data folder could not share the service’s limits', err);
        queued = null;
        return () => undefined;
      }
      if (taken) {
        queued = null;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          releasing = backend.releaseSlot(ticket).catch(() => undefined);
        };
      }
      await sleep(pause + Math.random() * pause, undefined, signal ? { signal } : undefined);
      pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
    }
  } catch (err) {
    leave();
    // As the process's own limiter: a request called off rejects with the signal's reason.
    throw signal?.aborted ? signal.reason : err;
  }
}

/** This process's limiter, each slot of it also one of the account's. */
export function sharedLimiter(own: Limiter, sharing: AccountSharing): Limiter {
  return {
    async acquire(kind, signal) {
      const releaseOwn = await own.acquire(kind, signal);
      try {
        const releaseShared = await takeSharedSlot(sharing, kind, signal);
        return () => {
          releaseShared();
          releaseOwn();
        };
      } catch (err) {
        releaseOwn();
        throw err;
      }
    },
    get inFlight() {
      return own.inFlight;
    },
    get waiting() {
      return own.waiting;
    },
  };
}

/**
 * The limiter every client of `apiKey` in this process uses: its slots shared
 * with the account's other processes through `place` (the data folder, and the
 * team store when there is one).
 */
export const keyLimiter = (apiKey: string, place: Omit<SharingOptions, 'account'>): Limiter =>
  sharedLimiter(limiterForKey(apiKey), sharingFor({ ...place, account: memoryAccountOf(apiKey) }));
