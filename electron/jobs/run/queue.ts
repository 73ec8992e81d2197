// The queue of this process: a few jobs run at a time (they share the
// client's limits) and the rest wait as queued, first come first run. A job
// joins it only once this process holds its lock; stopping takes no new work,
// waits for the runs in flight, and lets go of the jobs that never started.
import { execute } from './execute';
import { announce, now, runsHere, save, settle, type Live, type Shared } from '../live';
import { runningElsewhere, type Ownership } from '../lock/ownership';

export interface Queue {
  /** Takes the job's lock (or throws running_elsewhere), marks it queued and runs it when a slot is free. */
  enqueue(l: Live): Promise<void>;
  /** Is any job running or queued here. */
  busy(): boolean;
  /** Stops taking new work and waits for what is in flight. */
  stop(): Promise<void>;
}

export function openQueue(s: Shared, own: Ownership): Queue {
  const { live, queue } = s;
  const concurrency = s.options.concurrency ?? 2;
  let active = 0;
  let stopper = new AbortController();
  const running = new Set<Promise<void>>();
  const slot = { alone: () => active === 1, stopSignal: () => stopper.signal };

  const pump = () => {
    while (active < concurrency && queue.length > 0 && !stopper.signal.aborted) {
      const id = queue.shift() as string;
      const l = live.get(id);
      if (!l || l.running) continue;
      active += 1;
      l.running = true;
      if (!l.record.startedAt) l.record.startedAt = now();
      const work = execute(s, l, slot)
        .finally(() => own.releaseLock(l))
        .finally(() => {
          active -= 1;
          l.running = false;
          running.delete(work);
          announce(s, l);
          settle(s, l);
          pump();
        });
      running.add(work);
    }
  };

  return {
    async enqueue(l) {
      if (runsHere(s, l)) return;
      if (!(await own.takeLock(l))) throw runningElsewhere(l);
      s.sentHere.add(l.record.id);
      l.record.state = 'queued';
      await save(s, l);
      queue.push(l.record.id);
      pump();
    },

    busy: () => active > 0 || queue.length > 0,

    async stop() {
      stopper.abort();
      own.stopFollowing();
      // Queued but not started: their locks go now, so another process may run them.
      const waiting = queue.splice(0).map((id) => live.get(id));
      await Promise.allSettled([...running]);
      for (const l of waiting) if (l && !l.running) await own.releaseLock(l);
      stopper = new AbortController();
    },
  };
}
