// The counts a job's row shows at a glance, for its state: a draft's rows,
// how far a job under way is, how many of a finished list are deliverable.
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatNumber, plural } from '../../../format';

export function countsWords(
  job: Pick<JobView, 'state' | 'rows' | 'unique' | 'checked' | 'deliverable'>,
): string {
  switch (job.state) {
    case 'draft':
      return plural(job.rows, 'row', 'rows');
    case 'done':
      return `${formatNumber(job.deliverable)} of ${formatNumber(job.unique)} deliverable`;
    default:
      return `${formatNumber(job.checked)} of ${formatNumber(job.unique)} checked`;
  }
}
