// A finished job in its details: the three outcomes, the sum of the file's
// rows (RowSum.tsx), what was got without paying, and any address sent twice
// after an answer was lost.
import type { JobView } from '../../../../../electron/ipc/contract';
import {
  formatDuration,
  formatNumber,
  formatPercent,
  formatTimeOfDay,
  formatUsdUpTo,
  plural,
} from '../../../format';
import { freeFacts } from '../free-facts';
import { RowSum } from './RowSum';

export function DoneSummary({ job }: { job: JobView }) {
  const free = freeFacts(job);
  const duration =
    job.startedAt && job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.startedAt) : null;
  const outcomes = [
    { key: 'deliverable', label: 'Deliverable', value: job.deliverable },
    { key: 'undeliverable', label: 'Undeliverable', value: job.undeliverable },
    { key: 'unknown', label: 'Unknown', value: job.unknown },
  ];
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
          Without paying: {free.join(' · ')}.
        </p>
      )}
      {job.sentAgainAfterLoss > 0 && (
        <p className="hint" data-testid="job-sent-again">
          {plural(job.sentAgainAfterLoss, 'address was', 'addresses were')} sent again after an
          answer was lost on the way
          {job.unitPriceMicros !== null &&
            ` (up to ${formatUsdUpTo(job.sentAgainAfterLoss * job.unitPriceMicros)})`}
          : if the service had checked {job.sentAgainAfterLoss === 1 ? 'it' : 'them'} before the
          answer was lost, {job.sentAgainAfterLoss === 1 ? 'it was' : 'they were'} charged twice.
        </p>
      )}
      <p className="hint">
        {plural(job.unique, 'unique address', 'unique addresses')}
        {duration !== null &&
          (duration < 1_000 ? <> in under a second</> : <> in {formatDuration(duration)}</>)}
        {job.finishedAt && <>, finished {formatTimeOfDay(job.finishedAt)}</>}.
      </p>
    </div>
  );
}
