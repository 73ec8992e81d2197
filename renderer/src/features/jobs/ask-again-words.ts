// A finished job's unknowns asked again, free, in words for its details:
// how many resolved so far, then when it asks next (or that it is asking now).
import type { Translate } from '../../../../electron/common/i18n/message';
import type { JobView } from '../../../../electron/ipc/contract';
import { formatNumber, formatTimeOfDay } from '../../format';

export function askAgainWords(job: Pick<JobView, 'askAgain'>, t: Translate): string[] {
  const a = job.askAgain;
  if (!a) return [];
  const lines: string[] = [];
  const resolved = a.resolved.deliverable + a.resolved.undeliverable;
  if (a.round > 0) {
    lines.push(
      t('jobs.askAgain.resolved', {
        n: resolved,
        count: formatNumber(resolved),
        deliverable: formatNumber(a.resolved.deliverable),
        undeliverable: formatNumber(a.resolved.undeliverable),
      }),
    );
  }
  if (a.state === 'asking') {
    lines.push(t('jobs.askAgain.asking', { n: a.left, count: formatNumber(a.left) }));
  } else if (a.state === 'waiting' && a.nextAt !== null) {
    lines.push(
      t('jobs.askAgain.waiting', {
        n: a.left,
        count: formatNumber(a.left),
        time: formatTimeOfDay(a.nextAt),
        round: a.round + 1,
        rounds: a.rounds,
      }),
    );
  }
  return lines;
}
