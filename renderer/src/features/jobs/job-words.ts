// A job's state and product in the user's words.
import { UNFINISHED_STATES } from '../../../../electron/common/model';
import { PLATFORM_NAMES } from '../../../../electron/common/platforms';
import type { JobProduct, JobStateName, JobView } from '../../../../electron/ipc/contract';

export const STATE_WORDS: Record<JobStateName, string> = {
  draft: 'Not started',
  queued: 'Queued',
  checking: 'Checking',
  waiting: 'With the service',
  downloading: 'Fetching results',
  done: 'Done',
  failed: 'Stopped',
};

export const PRODUCT_WORDS: Record<JobProduct, string> = {
  email: 'Email',
  avatar: 'Email + avatar',
};

/**
 * What a job is called wherever it is listed or headed: its file's name, or
 * for a list read from a platform, the list's name and the platform's
 * ("Newsletter · Mailchimp").
 */
export const jobName = (job: Pick<JobView, 'fileName' | 'source'>): string =>
  job.source ? `${job.source.listName} · ${PLATFORM_NAMES[job.source.platform]}` : job.fileName;

export const isBulk = (job: JobView) => job.tasks.length > 0;

export const isActive = (job: JobView) => job.running || UNFINISHED_STATES.has(job.state);

/** Why a job waits for the user (JobView.hold), as its badge says it. */
export const HOLD_WORDS: Record<NonNullable<JobView['hold']>['reason'], string> = {
  stopped: 'Stopped by you',
  limit: 'Stopped at your limit',
  patience: 'Paused: the service kept refusing',
};

/**
 * The badge of a job: a held job says why, and while answers already on their
 * way are still awaited after Stop, that it is stopping.
 */
export function badgeWords(job: JobView): { text: string; tone: string } {
  if (job.hold) {
    return job.running
      ? { text: 'Stopping…', tone: 'held' }
      : { text: HOLD_WORDS[job.hold.reason], tone: 'held' };
  }
  if (job.paused) return { text: 'Paused', tone: 'paused' };
  // Waiting out a refusal is not the bulk task's own wait: said apart.
  if (job.wait) return { text: 'Waiting for the service', tone: 'waiting' };
  return { text: STATE_WORDS[job.state], tone: job.state };
}

/** Stop is offered while this window runs the job and it has not been told to stop. */
export const canStop = (job: JobView) =>
  job.hold === null && job.elsewhere === null && (job.running || job.state === 'queued');

/** Bulk tasks the service already has and not yet fetched: Stop cannot cancel those, their results still come. */
export const sentTasks = (job: JobView) =>
  job.tasks.filter((t) => t.id !== null && t.status !== 'done').length;

/**
 * Who runs a job another process holds, in the window's words: main names the
 * command by its program name ("the list-cleaner command"), which the window
 * does not show.
 */
export function elsewhereWords(by: string): string {
  return /command/i.test(by)
    ? 'Running from the command line'
    : 'Running in another List Cleaner window';
}
