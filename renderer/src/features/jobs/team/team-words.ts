// The team's finished jobs as the Jobs screen's Team tab words them: who ran
// a job and where, what it found, what it cost, and which page is shown.
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { TeamJobView } from '../../../../../electron/common/views/team-views';
import { JOB_PRODUCTS, type JobProduct } from '../../../../../electron/common/model';
import { formatNumber, formatUsd } from '../../../format';
import { productWords as jobProductWords } from '../job-words';
import { deliverableWords } from '../list/row-words';

/** The product in the app's words; another build's product as it named it. */
export function productWords(product: string, t: Translate): string {
  return (JOB_PRODUCTS as readonly string[]).includes(product)
    ? jobProductWords(product as JobProduct, t)
    : product;
}

/** "8 of 10 deliverable". */
export const resultWords = (
  job: Pick<TeamJobView, 'deliverable' | 'unique'>,
  t: Translate,
): string => deliverableWords(job, t);

/** "2 undeliverable · 1 unknown · 3 reused", leaving out what is none. */
export function restWords(
  job: Pick<TeamJobView, 'undeliverable' | 'unknown' | 'reused'>,
  t: Translate,
): string {
  return [
    job.undeliverable > 0
      ? t('jobs.team.undeliverable', { count: formatNumber(job.undeliverable) })
      : null,
    job.unknown > 0 ? t('jobs.team.unknown', { count: formatNumber(job.unknown) }) : null,
    job.reused > 0 ? t('jobs.team.reused', { count: formatNumber(job.reused) }) : null,
  ]
    .filter((w) => w !== null)
    .join(' · ');
}

/** What the job cost: "$0.42", "nothing", or "not known" (paid at a price not learned where it ran). */
export function chargedWords(job: Pick<TeamJobView, 'chargedMicros'>, t: Translate): string {
  if (job.chargedMicros === null) return t('jobs.team.chargeUnknown');
  return job.chargedMicros === 0 ? t('jobs.team.chargeNothing') : formatUsd(job.chargedMicros);
}

/** "51–100 of 130 finished jobs". */
export function pageWords(offset: number, shown: number, total: number, t: Translate): string {
  if (total === 0) return t('jobs.team.pageNone');
  const count = formatNumber(total);
  return shown === total
    ? t('jobs.team.pageAll', { total, count })
    : t('jobs.team.pageSome', {
        first: formatNumber(offset + 1),
        last: formatNumber(offset + shown),
        total,
        count,
      });
}
