// Why an unfinished job waits for the user, in words: stopped from the window
// (or the command line), stopped before a request that would have taken it
// over its spending limit, or paused after the service refused for longer than
// the patience allows. Continue (resume) carries on from where it is.
import { english, message, say, type Message } from '../../common/i18n/message';
import { usd, usdExact } from '../../common/money';
import type { JobRecord } from '../storage/record';
import type { Live, Shared } from '../live';
import { spentSoFar } from '../money/spend';

/** Bulk tasks sent and not yet fetched: the service cannot take them back. */
export const tasksUnderWay = (record: JobRecord): number =>
  (record.plan?.bulk ?? []).filter((t) => t.taskId !== null && t.status !== 'done').length;

type Hold = NonNullable<JobRecord['hold']>;

/** A hold's words as job.json keeps them: English, and the message to say again later. */
const holdSaying = (reason: Hold['reason'], said: Message): Hold => ({
  reason,
  message: say(english.t, said),
  said,
  at: new Date().toISOString(),
});

/**
 * The hold's words reach the window as they are, so they name the window's
 * actions (Settings, Continue) and no option of the command line: the command
 * line adds its exact command itself (cli/output/output.ts, carryOnCommand).
 */
export function holdOf(s: Shared, l: Live, reason: 'stopped' | 'limit'): Hold {
  const done = l.outcomes.counts().done;
  const unique = l.record.unique;
  const progress = message('error.hold.progress', { done, unique, left: unique - done });
  return holdSaying(
    reason,
    reason === 'stopped'
      ? message('error.hold.stopped', { progress })
      : message('error.hold.limit', {
          limit: usdExact(l.record.limitMicros ?? 0),
          spent: usd(spentSoFar(s, l)),
          progress,
        }),
  );
}

/** How long a while was, in words: "6 hours", "45 minutes". */
export function durationWords(ms: number): Message {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) {
    return message('error.hold.duration', {
      unit: 'seconds',
      count: Math.max(1, Math.round(ms / 1_000)),
    });
  }
  if (minutes < 120) return message('error.hold.duration', { unit: 'minutes', count: minutes });
  const hours = Math.round(minutes / 60);
  return hours < 48
    ? message('error.hold.duration', { unit: 'hours', count: hours })
    : message('error.hold.duration', { unit: 'days', count: Math.round(hours / 24) });
}

/**
 * Past the patience: the service refused for longer than the user allows a
 * job to wait, so it pauses for them, keeping everything, instead of failing.
 */
export function patienceHold(l: Live, refusal: { words: Message }, since: string): Hold {
  return holdSaying(
    'patience',
    message('error.hold.patience', {
      waited: durationWords(Date.now() - Date.parse(since)),
      words: refusal.words,
      done: l.outcomes.counts().done,
      unique: l.record.unique,
    }),
  );
}

/** The words shown the moment Stop is pressed, before the run has wound down. */
export function stoppingHold(record: JobRecord): Hold {
  const sent = tasksUnderWay(record);
  return holdSaying(
    'stopped',
    sent === 0
      ? message('error.hold.stopping')
      : message('error.hold.stoppingTasks', { count: sent }),
  );
}
