// A job's state and product in the user's words. The ids are written out as
// literals, one per value, so the catalogs' check sees each one used.
import { UNFINISHED_STATES } from '../../../../electron/common/model';
import { platformListName } from '../../../../electron/common/words/platform-list-name';
import { PLATFORM_NAMES } from '../../../../electron/common/catalogs/platforms';
import type { Translate } from '../../../../electron/common/i18n/message';
import type { MessageId } from '../../../../electron/common/i18n/translate';
import type { JobProduct, JobStateName, JobView } from '../../../../electron/ipc/contract';
import { useWords } from '../../i18n/words';

const STATE_IDS = {
  draft: 'jobs.state.draft',
  queued: 'jobs.state.queued',
  checking: 'jobs.state.checking',
  waiting: 'jobs.state.waiting',
  downloading: 'jobs.state.downloading',
  done: 'jobs.state.done',
  failed: 'jobs.state.failed',
} as const satisfies Record<JobStateName, MessageId>;

const PRODUCT_IDS = {
  email: 'job.product.email',
  avatar: 'job.product.avatar',
} as const satisfies Record<JobProduct, MessageId>;

const HOLD_IDS = {
  stopped: 'jobs.hold.stopped',
  limit: 'jobs.hold.limit',
  patience: 'jobs.hold.patience',
} as const satisfies Record<NonNullable<JobView['hold']>['reason'], MessageId>;

/** A job's state as a word: "Not started", "Checking", "Done"… */
export const stateWords = (state: JobStateName, t: Translate): string => t(STATE_IDS[state]);

/** The product a job checks with: "Email", "Email + avatar". */
export const productWords = (product: JobProduct, t: Translate): string => t(PRODUCT_IDS[product]);

/** Why a job waits for the user (JobView.hold), as its badge says it. */
export const holdWords = (reason: NonNullable<JobView['hold']>['reason'], t: Translate): string =>
  t(HOLD_IDS[reason]);

/**
 * What a job is called wherever it is listed or headed: its file's name, or
 * for a list read from a platform, the list's name and the platform's
 * ("Newsletter · Mailchimp").
 */
export const jobName = (
  job: Pick<JobView, 'fileName' | 'source'>,
  t: Translate = useWords.getState().translator.t,
): string =>
  job.source
    ? `${platformListName(t, job.source.platform, job.source.listName)} · ${PLATFORM_NAMES[job.source.platform]}`
    : job.fileName;

export const isBulk = (job: JobView) => job.tasks.length > 0;

export const isActive = (job: JobView) => job.running || UNFINISHED_STATES.has(job.state);

/**
 * The badge of a job: a held job says why, and while answers already on their
 * way are still awaited after Stop, that it is stopping.
 */
export function badgeWords(job: JobView, t: Translate): { text: string; tone: string } {
  if (job.hold) {
    return job.running
      ? { text: t('jobs.stopping'), tone: 'held' }
      : { text: holdWords(job.hold.reason, t), tone: 'held' };
  }
  if (job.paused) return { text: t('jobs.badge.paused'), tone: 'paused' };
  // Waiting out a refusal is not the bulk task's own wait: said apart.
  if (job.wait) return { text: t('jobs.waitingForService'), tone: 'waiting' };
  return { text: stateWords(job.state, t), tone: job.state };
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
export function elsewhereWords(by: string, t: Translate): string {
  return /command/i.test(by) ? t('jobs.elsewhere.command') : t('jobs.elsewhere.window');
}
