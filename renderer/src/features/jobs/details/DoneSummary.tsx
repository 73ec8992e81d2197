// A finished job in its details: the three outcomes, the sum of the file's
// rows (RowSum.tsx), what was got without paying, and any address sent twice
// after an answer was lost.
import type { JobView } from '../../../../../electron/ipc/contract';
import {
  formatDuration,
  formatNumber,
  formatPercent,
  formatTimeOfDay,
  formatUsd,
} from '../../../format';
import { useT } from '../../../i18n/words';
import { freeFacts } from '../free-facts';
import { askAgainWords } from '../ask-again-words';
import { RowSum } from './RowSum';

export function DoneSummary({ job }: { job: JobView }) {
  const t = useT();
  const free = freeFacts(job, t);
  const duration =
    job.startedAt && job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.startedAt) : null;
  const outcomes = [
    { key: 'deliverable', label: t('jobs.outcome.deliverable'), value: job.deliverable },
    { key: 'undeliverable', label: t('jobs.outcome.undeliverable'), value: job.undeliverable },
    { key: 'unknown', label: t('jobs.outcome.unknown'), value: job.unknown },
  ];
  const again = { n: job.sentAgainAfterLoss, count: formatNumber(job.sentAgainAfterLoss) };
  const inFlight = job.mayBeChargedTwice.inFlightAtStop;
  const stopped = { n: inFlight, count: formatNumber(inFlight) };
  return (
    <div className="job-done">
      <dl className="job-outcomes">
        {outcomes.map((o) => (
          <div key={o.key} className={`outcome is-${o.key}`}>
            <dt>{o.label}</dt>
            <dd>
              <span className="outcome-count">{formatNumber(o.value)}</span>
              {job.unique > 0 && (
                <span className="outcome-share">{formatPercent(o.value / job.unique)}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <RowSum job={job} />
      {free.length > 0 && (
        <p className="job-free" data-testid="job-free">
          {t('jobs.done.free', { facts: free.join(' · ') })}
        </p>
      )}
      {job.sentAgainAfterLoss > 0 && (
        <p className="hint" data-testid="job-sent-again">
          {job.unitPriceMicros === null
            ? t('jobs.done.sentAgain', again)
            : t('jobs.done.sentAgainUpTo', {
                ...again,
                amount: formatUsd(job.sentAgainAfterLoss * job.unitPriceMicros),
              })}
        </p>
      )}
      {job.mayBeChargedTwice.inFlightAtStop > 0 && (
        <p className="hint" data-testid="job-stopped-mid-check">
          {job.mayBeChargedTwice.upToMicros === null
            ? t('jobs.done.stoppedMidCheck', stopped)
            : t('jobs.done.stoppedMidCheckUpTo', {
                ...stopped,
                amount: formatUsd(
                  Math.ceil(
                    (job.mayBeChargedTwice.upToMicros * job.mayBeChargedTwice.inFlightAtStop) /
                      job.mayBeChargedTwice.addresses,
                  ),
                ),
              })}
        </p>
      )}
      {askAgainWords(job, t).map((line) => (
        <p key={line} className="hint" data-testid="job-ask-again">
          {line}
        </p>
      ))}
      <p className="hint">
        {t('jobs.done.unique', {
          n: job.unique,
          count: formatNumber(job.unique),
          took: duration === null ? 'none' : duration < 1_000 ? 'instant' : 'timed',
          duration: duration === null ? '' : formatDuration(duration),
          finished: job.finishedAt ? 'yes' : 'no',
          time: job.finishedAt ? formatTimeOfDay(job.finishedAt) : '',
        })}
      </p>
    </div>
  );
}
