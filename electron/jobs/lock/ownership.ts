// Which process runs a job. This one takes the job's lock (lock.ts) before
// anything about the job changes on disk, so two processes never both rewrite
// its record nor both send its addresses. A job whose lock another process
// holds is followed instead: read again from disk now and then (follow.ts)
// until its lock is free.
import { stat } from 'node:fs/promises';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { createFollower } from './follow';
import { announce, settle, type Live, type Shared } from '../live';
import { acquireJobLock, jobLockHolder } from './lock';
import { loadOutcomes } from '../storage/outcomes';

export interface Ownership {
  /** True when this process holds the job's lock now; false when another runs it (then followed). */
  takeLock(l: Live): Promise<boolean>;
  releaseLock(l: Live): Promise<void>;
  /** A job left unfinished here may be run by another process: follows it if so. */
  followIfElsewhere(l: Live): Promise<void>;
  /** Stops following every job (the jobs are closing). */
  stopFollowing(): void;
}

/** What a job run by another process says to an action that would send its addresses here. */
export const runningElsewhere = (l: Live): AppError =>
  new AppError(
    'running_elsewhere',
    l.elsewhere
      ? message('error.job.runningElsewhere', { fileName: l.record.fileName, by: l.elsewhere.by })
      : message('error.job.runningElsewhereUnnamed', { fileName: l.record.fileName }),
  );

export function openOwnership(s: Shared): Ownership {
  const { store, live, options } = s;

  // A job another process runs is read again from disk now and then, until
  // its lock is free; its files are read again only when they changed.
  const seenOnDisk = new Map<string, string>();
  const follower = createFollower({
    intervalMs: options.followIntervalMs ?? 1_000,
    async check(id) {
      const l = live.get(id);
      if (!l) return false;
      const paths = store.paths(id);
      const holder = await jobLockHolder(paths.dir);
      const marks = await Promise.all(
        [paths.record, paths.outcomes].map((p) =>
          stat(p).then(
            (st) => `${st.size}:${st.mtimeMs}`,
            () => '-',
          ),
        ),
      );
      const mark = marks.join('|');
      if (seenOnDisk.get(id) !== mark) {
        const record = await store.load(id).catch(() => null);
        if (record) {
          l.record = record;
          l.outcomes = await loadOutcomes(paths.outcomes, record.unique);
          seenOnDisk.set(id, mark);
        }
      }
      l.elsewhere = holder;
      announce(s, l);
      if (holder !== null) return true;
      seenOnDisk.delete(id);
      settle(s, l);
      return false;
    },
  });

  return {
    async takeLock(l) {
      if (l.lock) return true;
      const attempt = await acquireJobLock(store.paths(l.record.id).dir, {
        by: options.runner ?? 'another List Cleaner',
      });
      if (attempt.ok) {
        l.lock = attempt.lock;
        l.elsewhere = null;
        return true;
      }
      l.elsewhere = attempt.holder;
      follower.follow(l.record.id);
      announce(s, l);
      return false;
    },

    async releaseLock(l) {
      const lock = l.lock;
      l.lock = null;
      await lock?.release().catch((err: unknown) => log.warn('jobs: a lock was not released', err));
    },

    async followIfElsewhere(l) {
      if (l.lock || l.elsewhere) return;
      const holder = await jobLockHolder(store.paths(l.record.id).dir);
      if (holder) {
        l.elsewhere = holder;
        follower.follow(l.record.id);
      }
    },

    stopFollowing: () => follower.stop(),
  };
}
