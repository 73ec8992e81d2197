// One job on the Jobs screen: its file, product, date and state, its progress while under way,
// what it found and cost once done (and a reminder when it is due to be checked again), why it
// stopped when it failed, and what can be done with it.
import { useId } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { ErrorIcon } from '../../../components/ErrorNotice';
import {
  formatDuration,
  formatNumber,
  formatPercent,
  formatTimeOfDay,
  formatUsd,
  formatUsdExact,
  plural,
} from '../../../format';
import { ProgressBar } from '../../import/ProgressBar';
import { JobActions } from '../actions/JobActions';
import { HoldNotice } from './HoldNotice';
import { WaitNotice } from './WaitNotice';
import { freeFacts } from '../free-facts';
import { PRODUCT_WORDS, badgeWords, chargedSoFar, isActive, isBulk } from '../job-words';
import { RecheckReminder } from '../RecheckReminder';

/** Failures where an answer went missing between the service and us; the others say their own charge. */
const LOST_ON_THE_WAY: ReadonlySet<string> = new Set([
  'network',
  'timeout',
  'bad_response',
  'internal',
]);

/** `level`: the title's heading level, 3 under a month's heading on the Jobs screen. */
export function JobCard({ job, now, level = 2 }: { job: JobView; now: number; level?: 2 | 3 }) {
  const titleId = useId();
  const active = isActive(job);
  const badge = badgeWords(job);
  const Title = level === 3 ? 'h3' : 'h2';
  const charged = chargedSoFar(job);
  return (
    <article
      className={`card job is-${job.state}`}
      aria-labelledby={titleId}
      data-testid="job"
      data-state={job.state}
    >
      <header className="job-head">
        <div className="job-heading">
          <Title id={titleId} className="job-title file-name">
            {job.fileName}
          </Title>
          <p className="job-meta">
            {job.product ? PRODUCT_WORDS[job.product] : 'Product not chosen'}
            <span aria-hidden="true"> · </span>
            {plural(job.rows, 'row', 'rows')}
            <span aria-hidden="true"> · </span>
            added {formatTimeOfDay(job.createdAt, now)}
            {charged && (
              <>
                <span aria-hidden="true"> · </span>
                <span data-testid="job-charged-so-far">{charged}</span>
              </>
            )}
          </p>
        </div>
        <div className="job-badges">
          {job.resumed && (
            <span className="badge badge-resumed" data-testid="resumed-badge">
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="M13 8a5 5 0 1 1-1.5-3.5M13 2.5v2.7h-2.7"
                />
              </svg>
              Resumed after a restart
            </span>
          )}
          <span className={`badge badge-state is-${badge.tone}`} data-testid="job-state">
            {badge.text}
          </span>
        </div>
      </header>

      {job.state === 'draft' && (
        <p className="hint">
          Imported but not started: review it to check the address column and choose what to check.
        </p>
      )}
      {job.elsewhere && (
        <p className="hint job-elsewhere" data-testid="job-elsewhere">
          Running in {job.elsewhere}, in another window or the command line. This window follows its
          progress and sends nothing for it.
        </p>
      )}
      {job.hold && <HoldNotice job={job} />}
      {job.wait && !job.hold && <WaitNotice job={job} now={now} />}
      {job.paused && !job.hold && (
        <p className="hint" data-testid="job-paused">
          Stopped before it finished, outside this window. What was checked is kept; Resume carries
          on with the rest.
        </p>
      )}
      {active && <Progress job={job} now={now} />}
      {job.state === 'done' && <Done job={job} />}
      {job.state === 'done' && <RecheckReminder job={job} now={now} />}
      {job.state === 'failed' && <Failure job={job} />}

      <JobActions job={job} />
    </article>
  );
}

function Progress({ job, now }: { job: JobView; now: number }) {
  const bulk = isBulk(job);
  const share = job.unique > 0 ? job.checked / job.unique : 0;
  const checkedText = `${formatNumber(job.checked)} of ${plural(job.unique, 'address', 'addresses')} checked`;
  // A bulk task reports nothing until it is done: say that rather than show a bar stuck at 0.
  const waitingOnService = bulk && job.checked === 0;
  // A job held for the user is not under way: no clock runs for it.
  const held = job.hold !== null && !job.running;
  const elapsed = job.startedAt && !held ? now - Date.parse(job.startedAt) : null;
  const submitted = job.tasks
    .map((t) => t.submittedAt)
    .filter((t): t is string => t !== null)
    .sort()[0];
  const tasksDone = job.tasks.filter((t) => t.status === 'done').length;
  const nextIn = job.nextCheckAt ? Date.parse(job.nextCheckAt) - now : null;

  return (
    <div className="job-progress">
      <ProgressBar
        value={job.state === 'queued' ? 0 : waitingOnService ? null : share}
        label={`Progress of ${job.fileName}`}
        valueText={
          job.state === 'queued'
            ? 'Waiting for another job to finish'
            : waitingOnService
              ? 'Waiting for the service'
              : checkedText
        }
      />
      <div className="job-progress-facts">
        <span className="num" data-testid="job-checked">
          {job.state === 'queued'
            ? 'Waiting for another job to finish'
            : bulk && job.checked === 0
              ? `${plural(job.unique, 'address', 'addresses')} with the service`
              : checkedText}
        </span>
        {elapsed !== null && (
          <span className="num job-elapsed">
            Elapsed{' '}
            <span className="fixed-duration" data-testid="job-elapsed">
              {formatDuration(elapsed)}
            </span>
          </span>
        )}
      </div>
      {bulk && (
        <p className="job-bulk" data-testid="job-bulk">
          {job.tasks.length === 1
            ? 'Bulk task'
            : `${formatNumber(job.tasks.length)} bulk tasks, ${formatNumber(tasksDone)} done`}
          {submitted && (
            <>
              <span aria-hidden="true"> · </span>
              submitted at {formatTimeOfDay(submitted, now)}
            </>
          )}
          {job.state === 'downloading' ? (
            <>
              <span aria-hidden="true"> · </span>
              downloading the results
            </>
          ) : (
            nextIn !== null && (
              <>
                <span aria-hidden="true"> · </span>
                {nextIn > 500 ? (
                  <>
                    next check in{' '}
                    <span className="num fixed-duration" data-testid="next-check">
                      {formatDuration(nextIn)}
                    </span>
                  </>
                ) : (
                  'checking now'
                )}
              </>
            )
          )}
        </p>
      )}
    </div>
  );
}

function Done({ job }: { job: JobView }) {
  const removed = job.invalid + job.empty + job.duplicates;
  const free = freeFacts(job);
  const duration =
    job.startedAt && job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.startedAt) : null;
  const outcomes = [
    { key: 'deliverable', label: 'Deliverable', value: job.deliverable },
    { key: 'undeliverable', label: 'Undeliverable', value: job.undeliverable },
    { key: 'unknown', label: 'Unknown', value: job.unknown },
    { key: 'removed', label: 'Removed for free', value: removed },
  ];
  return (
    <div className="job-done">
      <dl className="job-outcomes">
        {outcomes.map((o) => (
          <div key={o.key} className={`outcome is-${o.key}`}>
            <dt>{o.label}</dt>
            <dd>
              <span className="outcome-count">{formatNumber(o.value)}</span>
              {o.key !== 'removed' && job.unique > 0 && (
                <span className="outcome-share">{formatPercent(o.value / job.unique)}</span>
              )}
            </dd>
          </div>
        ))}
        <div className="outcome is-charged">
          <dt>Charged</dt>
          <dd>
            <span
              className="outcome-count"
              data-testid="job-charged"
              title={job.chargedMicros !== null ? formatUsdExact(job.chargedMicros) : undefined}
            >
              {job.chargedMicros !== null ? formatUsd(job.chargedMicros) : 'Not known'}
            </span>
            <span className="outcome-share">
              {job.chargedMicros !== null && job.unitPriceMicros !== null
                ? `${formatUsdExact(job.unitPriceMicros)} each`
                : 'price not learned'}
            </span>
          </dd>
        </div>
      </dl>
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
            ` (up to ${formatUsd(job.sentAgainAfterLoss * job.unitPriceMicros)})`}
          : if the service had checked {job.sentAgainAfterLoss === 1 ? 'it' : 'them'} before the
          answer was lost, {job.sentAgainAfterLoss === 1 ? 'it was' : 'they were'} charged twice.
        </p>
      )}
      <p className="hint">
        {plural(job.unique, 'unique address', 'unique addresses')} checked
        {duration !== null &&
          (duration < 1_000 ? <> in under a second</> : <> in {formatDuration(duration)}</>)}
        {job.finishedAt && <>, finished {formatTimeOfDay(job.finishedAt)}</>}. Unknown addresses are
        not charged.
      </p>
    </div>
  );
}

function Failure({ job }: { job: JobView }) {
  const failure = job.failure;
  if (!failure) return null;
  const coverage = failure.code === 'avatar_coverage';
  return (
    <div className="notice notice-error job-failure" role="group" aria-label="Why it stopped">
      <ErrorIcon />
      <div>
        <p className="notice-title">
          {coverage ? 'Some addresses have no avatar check' : 'This job stopped'}
        </p>
        <p data-testid="job-failure" id={`${job.id}-failure`}>
          {failure.message}
        </p>
        {(job.checked > 0 || failure.charged === 'unknown') && (
          <p className="job-failure-charge">
            {job.checked > 0 &&
              `${formatNumber(job.checked)} of ${plural(job.unique, 'address', 'addresses')} are checked and kept. `}
            {failure.charged === 'unknown' &&
              LOST_ON_THE_WAY.has(failure.code) &&
              'An answer from the service was lost on the way, so part of it may have been charged: your balance shows for sure.'}
          </p>
        )}
      </div>
    </div>
  );
}
