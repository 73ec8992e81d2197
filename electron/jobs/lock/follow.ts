// Following jobs another process runs: each is looked at again every
// interval until its check says it is no longer run elsewhere. One timer for
// all of them, never two looks at once, and nothing keeps a process alive.

export interface Follower {
  follow(id: string): void;
  /** Stops following everything (the jobs are closing). */
  stop(): void;
}

export function createFollower(options: {
  intervalMs: number;
  /** Looks at the job again; false when it needs no more following. */
  check(id: string): Promise<boolean>;
}): Follower {
  const ids = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let looking = false;

  const tick = async () => {
    if (looking) return;
    looking = true;
    try {
      for (const id of [...ids]) {
        const keep = await options.check(id).catch(() => true);
        if (!keep) ids.delete(id);
      }
    } finally {
      looking = false;
      if (ids.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    }
  };

  return {
    follow(id) {
      ids.add(id);
      if (timer) return;
      timer = setInterval(() => void tick(), options.intervalMs);
      timer.unref();
    },
    stop() {
      ids.clear();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
