// The counts a job's row shows at a glance, for its state: a draft's rows,
// how far a job under way is, how many of a finished list are deliverable.
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatNumber } from '../../../format';

/** "12 rows", as a draft's row and a job's line under its name say it. */
export const rowsWords = (rows: number, t: Translate): string =>
  t('jobs.rows', { n: rows, count: formatNumber(rows) });

/** "8 of 10 deliverable", a finished job's count at a glance. */
export const deliverableWords = (
  job: Pick<JobView, 'deliverable' | 'unique'>,
  t: Translate,
): string =>
  t('jobs.row.deliverable', {
    deliverable: formatNumber(job.deliverable),
    unique: formatNumber(job.unique),
  });

export function countsWords(
  job: Pick<JobView, 'state' | 'rows' | 'unique' | 'checked' | 'deliverable'>,
  t: Translate,
): string {
  switch (job.state) {
    case 'draft':
      return rowsWords(job.rows, t);
    case 'done':
      return deliverableWords(job, t);
    default:
      return t('jobs.row.checked', {
        checked: formatNumber(job.checked),
        unique: formatNumber(job.unique),
      });
  }
}
