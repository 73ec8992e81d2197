// Why an unfinished job waits for the user, in words: stopped from the window
// (or the command line), stopped before a request that would have taken it
// over its spending limit, or paused after the service refused for longer than
// the patience allows. Continue (resume) carries on from where it is.
import { usd, usdExact } from '../../common/money';
import type { JobRecord } from '../storage/record';
import type { Live, Shared } from '../live';
import { spentSoFar } from '../money/spend';

const n = (count: number) => count.toLocaleString('en-US');

/** Bulk tasks sent and not yet fetched: the service cannot take them back. */
export const tasksUnderWay = (record: JobRecord): number =>
  (record.plan?.bulk ?? []).filter((t) => t.taskId !== null && t.status !== 'done').length;

/**
 * The hold's words reach the window as they are, so they name the window's
 * actions (Settings, Continue) and no option of the command line: the command
 * line adds its exact command itself (cli/output.ts, carryOnCommand).
 */
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
      : `Stopped before going over this job's limit of ${usdExact(l.record.limitMicros ?? 0)} (spent about ${usd(spentSoFar(s, l))}). ${progress} Raise the limit in Settings, then Continue.`;
  return { reason, message, at: new Date().toISOString() };
}

/** How long a while was, in words: "6 hours", "45 minutes". */
export function durationWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return `${Math.max(1, Math.round(ms / 1_000))} seconds`;
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}

/**
 * Past the patience: the service refused for longer than the user allows a
 * job to wait, so it pauses for them, keeping everything, instead of failing.
 */
export function patienceHold(
  l: Live,
  refusal: { words: string },
  since: string,
): NonNullable<JobRecord['hold']> {
  const done = l.outcomes.counts().done;
  const waited = durationWords(Date.now() - Date.parse(since));
  return {
    reason: 'patience',
    message: `Paused: the service has refused for ${waited} (${refusal.words}). ${n(done)} of ${n(l.record.unique)} addresses have an outcome and are kept; nothing was charged for what was refused. Continue tries again.`,
    at: new Date().toISOString(),
  };
}

/** The words shown the moment Stop is pressed, before the run has wound down. */
export function stoppingMessage(record: JobRecord): string {
  const sent = tasksUnderWay(record);
  return sent === 0
    ? 'Stopping: answers already on their way are waited for and kept; nothing new is sent.'
    : `Stopping: nothing new is sent. ${sent === 1 ? 'A bulk task already sent' : `${n(sent)} bulk tasks already sent`} cannot be cancelled at the service; ${sent === 1 ? 'its results are' : 'their results are'} still fetched and kept.`;
}
