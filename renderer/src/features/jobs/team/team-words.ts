// The team's finished jobs as the Jobs screen's Team tab words them: who ran
// a job and where, what it found, what it cost, and which page is shown.
import type { TeamJobView } from '../../../../../electron/common/team-views';
import { JOB_PRODUCTS, type JobProduct } from '../../../../../electron/common/model';
import { formatNumber, formatUsd, plural } from '../../../format';
import { PRODUCT_WORDS } from '../job-words';

/** The product in the app's words; another build's product as it named it. */
export function productWords(product: string): string {
  return (JOB_PRODUCTS as readonly string[]).includes(product)
    ? PRODUCT_WORDS[product as JobProduct]
    : product;
}

/** "8 of 10 deliverable". */
export const resultWords = (job: Pick<TeamJobView, 'deliverable' | 'unique'>): string =>
  `${formatNumber(job.deliverable)} of ${formatNumber(job.unique)} deliverable`;

/** "2 undeliverable · 1 unknown · 3 reused", leaving out what is none. */
export function restWords(job: Pick<TeamJobView, 'undeliverable' | 'unknown' | 'reused'>): string {
  return [
    job.undeliverable > 0 ? `${formatNumber(job.undeliverable)} undeliverable` : null,
    job.unknown > 0 ? `${formatNumber(job.unknown)} unknown` : null,
    job.reused > 0 ? `${formatNumber(job.reused)} reused free` : null,
  ]
    .filter((w) => w !== null)
    .join(' · ');
}

/** What the job cost: "$0.42", "nothing", or "not known" (paid at a price not learned where it ran). */
export function chargedWords(job: Pick<TeamJobView, 'chargedMicros'>): string {
  if (job.chargedMicros === null) return 'not known';
  return job.chargedMicros === 0 ? 'nothing' : formatUsd(job.chargedMicros);
}

/** "51–100 of 130 finished jobs". */
export function pageWords(offset: number, shown: number, total: number): string {
  if (total === 0) return 'No finished jobs';
  const last = offset + shown;
  return shown === total
    ? plural(total, 'finished job', 'finished jobs')
    : `${formatNumber(offset + 1)}–${formatNumber(last)} of ${plural(total, 'finished job', 'finished jobs')}`;
}
