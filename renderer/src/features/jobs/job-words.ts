// A job's state and product in the user's words.
import { UNFINISHED_STATES } from '../../../../electron/common/model';
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

export const isBulk = (job: JobView) => job.tasks.length > 0;

export const isActive = (job: JobView) => job.running || UNFINISHED_STATES.has(job.state);
