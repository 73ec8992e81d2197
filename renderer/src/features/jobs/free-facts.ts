// What a job got without paying, in words, for its card and its results: the
// answers reused from earlier checks, the addresses left out by the user's
// "Don't pay for" choice, those found undeliverable for free (their domain
// takes no mail), those an avatar check does not cover, and those the
// suppression list or a block rule keeps out (never sent). Only
// what there is, in that order.
import type { JobView } from '../../../../electron/ipc/contract';
import { formatNumber, plural } from '../../format';

export function freeFacts(
  job: Pick<
    JobView,
    'reused' | 'disposable' | 'role' | 'noMail' | 'notCovered' | 'suppressed' | 'blocked'
  >,
): string[] {
  const facts: string[] = [];
  if (job.reused > 0) facts.push(`${formatNumber(job.reused)} reused from earlier checks`);
  const left = [
    job.disposable > 0 ? `${formatNumber(job.disposable)} disposable` : null,
    job.role > 0 ? plural(job.role, 'role address', 'role addresses') : null,
  ].filter((part): part is string => part !== null);
  if (left.length > 0) facts.push(`${left.join(' and ')} left out`);
  if (job.noMail > 0) {
    facts.push(
      job.noMail === 1
        ? '1 address at a domain with no mail server'
        : `${formatNumber(job.noMail)} addresses at domains with no mail server`,
    );
  }
  if (job.notCovered > 0) {
    facts.push(`${formatNumber(job.notCovered)} not covered by avatar, not sent`);
  }
  if (job.suppressed > 0) facts.push(`${formatNumber(job.suppressed)} suppressed, not sent`);
  if (job.blocked > 0) facts.push(`${formatNumber(job.blocked)} blocked by your rules, not sent`);
  return facts;
}
