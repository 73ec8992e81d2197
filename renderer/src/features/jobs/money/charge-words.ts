// What a job has charged, as its row and its details say it. Main prices the
// paid answers at the unit prices it knows (electron/jobs/view.ts), for a
// running job too; until the service has reported a price there is no amount,
// so the line says how many paid answers there are and that the amount
// follows, never just "not known".
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatNumber, formatUsd, formatUsdExact } from '../../../format';

export type ChargeJob = Pick<JobView, 'state' | 'chargedMicros' | 'paid' | 'failure'>;

export interface ChargeLine {
  /** "$0.40", or null while no price is known for paid answers. */
  amount: string | null;
  /** The exact amount, for a tooltip. */
  exact: string | null;
  /** What the amount is: "charged", "charged so far", or why there is none yet. */
  note: string;
}

/**
 * Null for a draft that has charged nothing (no sample): there is nothing to
 * say yet. `decimals`: the precision of the figures shown with it (a month's
 * jobs and their total, history.ts), so the shown rows add up to the shown total.
 */
export function chargeLine(job: ChargeJob, t: Translate, decimals?: number): ChargeLine | null {
  const done = job.state === 'done' || job.state === 'failed';
  if (job.chargedMicros === null) {
    if (job.paid === 0) {
      if (job.state === 'draft') return null;
      return {
        amount: formatUsd(0, undefined, decimals),
        exact: null,
        note: done ? t('jobs.charge.charged') : t('jobs.charge.soFar'),
      };
    }
    return {
      amount: null,
      exact: null,
      note: t('jobs.charge.noPrice', { n: job.paid, count: formatNumber(job.paid) }),
    };
  }
  if (job.state === 'draft' && job.chargedMicros === 0) return null;
  const lost = job.failure?.charged === 'unknown';
  return {
    amount: formatUsd(job.chargedMicros, undefined, decimals),
    exact: formatUsdExact(job.chargedMicros),
    note:
      job.state === 'draft'
        ? t('jobs.charge.sample')
        : lost
          ? t('jobs.charge.lost')
          : done
            ? t('jobs.charge.charged')
            : t('jobs.charge.soFar'),
  };
}
