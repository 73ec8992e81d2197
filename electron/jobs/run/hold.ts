// Why an unfinished job waits for the user, in words: stopped from the window
// (or the command line), or stopped before a request that would have taken it
// over its spending limit. Continue (resume) carries on from where it is.
import { usd } from '../../common/money';
import type { JobRecord } from '../storage/record';
import type { Live, Shared } from '../live';
import { spentSoFar } from '../money/spend';

const n = (count: number) => count.toLocaleString('en-US');

/** Bulk tasks sent and not yet fetched: the service cannot take them back. */
export const tasksUnderWay = (record: JobRecord): number =>
  (record.plan?.bulk ?? []).filter((t) => t.taskId !== null && t.status !== 'done').length;

export function holdOf(
  s: Shared,
  l: Live,
  reason: 'stopped' | 'limit',
): NonNullable<JobRecord['hold']> {
  const done = l.outcomes.counts().done;
  const left = l.record.unique - done;
  const progress = `${n(done)} of ${n(l.record.unique)} addresses have an outcome and are kept; ${n(left)} are not sent yet.`;
  const message =
    reason === 'stopped'
      ? `Stopped: nothing more is sent. ${progress} Continue carries on from here.`
      : `Stopped before going over this job's limit of ${usd(l.record.limitMicros ?? 0)} (spent about ${usd(spentSoFar(s, l))}). ${progress} Raise the limit in Settings (or --max-spend) and Continue.`;
  return { reason, message, at: new Date().toISOString() };
}

/** The words shown the moment Stop is pressed, before the run has wound down. */
export function stoppingMessage(record: JobRecord): string {
  const sent = tasksUnderWay(record);
  return sent === 0
    ? 'Stopping: answers already on their way are waited for and kept; nothing new is sent.'
    : `Stopping: nothing new is sent. ${sent === 1 ? 'A bulk task already sent' : `${n(sent)} bulk tasks already sent`} cannot be cancelled at the service; ${sent === 1 ? 'its results are' : 'their results are'} still fetched and kept.`;
}
