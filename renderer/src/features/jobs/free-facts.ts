// What a job got without paying, in words, for its card and its results: the
// answers reused from earlier checks, the addresses left out by the user's
// "Don't pay for" choice, those found undeliverable for free (their domain
// takes no mail), those an avatar check does not cover, and those the
// suppression list or a block rule keeps out (never sent). Only
// what there is, in that order.
import type { Translate } from '../../../../electron/common/i18n/message';
import type { JobView } from '../../../../electron/ipc/contract';
import { formatNumber } from '../../format';

export function freeFacts(
  job: Pick<
    JobView,
    'reused' | 'disposable' | 'role' | 'noMail' | 'notCovered' | 'suppressed' | 'blocked'
  >,
  t: Translate,
): string[] {
  const facts: string[] = [];
  const count = formatNumber;
  if (job.reused > 0) facts.push(t('jobs.free.reused', { count: count(job.reused) }));
  if (job.disposable > 0 && job.role > 0) {
    facts.push(
      t('jobs.free.leftOutBoth', {
        d: job.disposable,
        disposable: count(job.disposable),
        role: job.role,
        roleCount: count(job.role),
      }),
    );
  } else if (job.disposable > 0) {
    facts.push(t('jobs.free.leftOutDisposable', { count: count(job.disposable) }));
  } else if (job.role > 0) {
    facts.push(t('jobs.free.leftOutRole', { n: job.role, count: count(job.role) }));
  }
  if (job.noMail > 0) {
    facts.push(t('jobs.free.noMail', { n: job.noMail, count: count(job.noMail) }));
  }
  if (job.notCovered > 0) {
    facts.push(t('jobs.free.notCovered', { count: count(job.notCovered) }));
  }
  if (job.suppressed > 0) facts.push(t('jobs.free.suppressed', { count: count(job.suppressed) }));
  if (job.blocked > 0) facts.push(t('jobs.free.blocked', { count: count(job.blocked) }));
  return facts;
}
