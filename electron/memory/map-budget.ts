// How much of the memory's file this process keeps mapped in. LMDB reads
// through a memory map, and every page read stays resident in the process
// (counted in its RSS) until the map is let go of: keeping ten million answers
// reads every bucket some twenty times over, so a long job ended with the
// whole file, some 200 MB, resident on top of its own memory. Node cannot
// madvise a mapping away, but closing the store unmaps it, and opening it
// again costs a few milliseconds. So the work that reads many buckets
// (keeping answers, a list's dates) notes the bytes it read and, between its
// transactions, lets the store be reopened once a budget's worth was read.
//
// A reopen runs only when no other work is using the store (a hold each), and
// work that starts meanwhile waits for it (idle), so nothing in flight ever
// meets a closed store; a reopen skipped is tried again at the next chance.
// The store is closed only once its writes are on disk, so the close and the
// opening after it run without yielding to other tasks.

import type { DomainFacts } from './domain-facts';

/**
 * Bucket bytes read through the map before it is let go of. More stays
 * resident than the buckets read (LMDB's tree, partly filled pages, and the
 * kernel maps a fault's neighbours too): at ten million answers, 32 MB read
 * left up to 80 MB resident, 16 MB some 40 with spikes past 100. A reopen
 * costs a few milliseconds (no slower a job measured), so it is done often.
 */
export const MAP_READ_BUDGET = 8 * 1024 * 1024;

export interface MapBudget {
  /** Notes `bytes` of the file just read through the map. */
  read(bytes: number): void;
  /** Whether settle would reopen now: the caller then lets its own work finish first. */
  due(): boolean;
  /** Resolves once no reopen runs: work over several turns waits for it before its hold. */
  idle(): Promise<void>;
  /** Marks work that uses the store: no reopen runs under another's hold. Returns its release. */
  hold(): () => void;
  /**
   * Called by the holder of one hold, with nothing of its own in flight:
   * reopens the store if the budget was read and no one else holds it.
   */
  settle(): Promise<void>;
}

/** `reopen` closes the store and opens it again (it never throws: a failure closes the memory). */
export function mapBudget(reopen: () => Promise<void>, budget = MAP_READ_BUDGET): MapBudget {
  let read = 0;
  let holds = 0;
  let reopening: Promise<void> | null = null;
  const due = () => read >= budget && holds === 1 && !reopening;
  return {
    due,
    idle: async () => {
      while (reopening) await reopening;
    },
    read(bytes) {
      read += bytes;
    },
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
      };
    },
    async settle() {
      if (!due()) return;
      read = 0;
      reopening = reopen().finally(() => (reopening = null));
      await reopening;
    },
  };
}

/** For a store that is never reopened (migrations, tests): counts nothing. */
export const unbudgeted: MapBudget = {
  read: () => undefined,
  due: () => false,
  idle: async () => undefined,
  hold: () => () => undefined,
  settle: async () => undefined,
};

/** Runs work of several turns under a hold on the store, once any reopen is over. */
export async function underHold<T>(map: MapBudget, work: () => Promise<T>): Promise<T> {
  await map.idle();
  const release = map.hold();
  try {
    return await work();
  } finally {
    release();
  }
}

/** The facts of domains with their writes (several turns each) under a hold. */
export const heldFacts = (map: MapBudget, facts: DomainFacts): DomainFacts => ({
  ...facts,
  learn: (lessons, at) => underHold(map, () => facts.learn(lessons, at)),
  clear: () => underHold(map, () => facts.clear()),
  prune: (before) => underHold(map, () => facts.prune(before)),
});
