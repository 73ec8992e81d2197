// What the command line prints: money, a job in one line, and progress on
// stderr (one line redrawn on a terminal; a line per change, at most every
// few seconds, when stderr is a file or a pipe).
import type { JobView } from '../ipc/contract';
import type { ImportProgress } from '../lists/read';
import type { ListFindings } from '../lists/types';

import { usd } from '../common/money';

const n = (x: number) => x.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * "6 deliverable, 3 undeliverable, 1 unknown", then what was not paid for:
 * the statuses of addresses not sent (--skip, outside avatar coverage), and
 * answers reused for free.
 */
function outcomeCounts(job: JobView): string {
  const noMail = job.noMail > 0 ? ` (${n(job.noMail)} with no mail server)` : '';
  const parts = [
    `${n(job.deliverable)} deliverable`,
    `${n(job.undeliverable)} undeliverable${noMail}`,
    `${n(job.unknown)} unknown`,
    job.disposable > 0 ? `${n(job.disposable)} disposable` : '',
    job.role > 0 ? `${n(job.role)} role` : '',
    job.notCovered > 0 ? `${n(job.notCovered)} not covered by avatar (not sent)` : '',
    job.suppressed > 0 ? `${n(job.suppressed)} suppressed (not sent)` : '',
    job.blocked > 0 ? `${n(job.blocked)} blocked by a rule (not sent)` : '',
  ].filter(Boolean);
  const vendors =
    job.reusedFromVendors > 0 ? ` (${n(job.reusedFromVendors)} from other vendors' results)` : '';
  const reused =
    job.reused > 0 ? `; ${n(job.reused)} reused from earlier checks${vendors}, free` : '';
  const email =
    job.paidAsEmail > 0 ? `; ${n(job.paidAsEmail)} outside avatar coverage checked with Email` : '';
  return `${parts.join(', ')}${reused}${email}`;
}

export function jobProgress(job: JobView, at = Date.now()): string {
  if (job.hold && job.state !== 'done' && job.state !== 'failed') {
    const kept = `${n(job.checked)} of ${n(job.unique)} have an outcome`;
    if (job.hold.reason === 'limit') return `stopped at its spending limit (${kept})`;
    if (job.hold.reason === 'patience') return `paused: the service kept refusing (${kept})`;
    return `stopped (${kept})`;
  }
  switch (job.state) {
    case 'draft':
      return 'imported, not started';
    case 'queued':
      return 'queued';
    case 'checking':
      return `checking ${n(job.checked)} of ${n(job.unique)}`;
    case 'waiting': {
      const ids = job.tasks
        .map((t) => t.id)
        .filter(Boolean)
        .join(', ');
      const next = job.nextCheckAt
        ? Math.max(0, Math.round((Date.parse(job.nextCheckAt) - at) / 1000))
        : null;
      return `waiting for the service${ids ? ` (task ${ids})` : ''}${next !== null ? `, next check in ${next} s` : ''}`;
    }
    case 'downloading':
      return 'downloading the results';
    case 'done':
      return `done: ${outcomeCounts(job)}${job.chargedMicros !== null ? `; charged ${usd(job.chargedMicros)}` : ''}`;
    case 'failed':
      return `failed: ${job.failure?.message ?? 'unknown reason'}`;
  }
}

/** A clock time for a log line: 21:14:05 (this machine's time zone). */
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * A job waiting out the service, in one line: why, when it tries next, and
 * until when it keeps trying before it pauses.
 */
export function waitLine(job: JobView, at = Date.now()): string {
  const wait = job.wait;
  if (!wait) return '';
  const seconds = Math.max(0, Math.round((Date.parse(wait.nextTryAt) - at) / 1000));
  return `${job.fileName}: waiting: ${wait.words}. Next try at ${clock(wait.nextTryAt)} (in ${seconds} s); nothing refused is charged. It keeps trying until ${clock(wait.patienceEndsAt)} (--patience), then pauses.`;
}

/**
 * How to carry on a job the limit stopped, as it must be typed: under a limit
 * that covers what is left at the price known (rounded up to the cent), or
 * with no limit when the price is not known yet.
 */
export function resumeUnderLimit(job: JobView): string {
  const left = Math.max(0, job.unique - job.checked);
  const needed =
    job.unitPriceMicros !== null ? (job.chargedMicros ?? 0) + left * job.unitPriceMicros : null;
  const limit = needed !== null ? (Math.ceil(needed / 10_000) / 100).toFixed(2) : 'none';
  return `list-cleaner resume ${job.id} --max-spend ${limit}`;
}

/** The command that carries a job on, exactly as it must be typed. */
export const carryOnCommand = (job: JobView): string =>
  job.hold?.reason === 'limit' ? resumeUnderLimit(job) : `list-cleaner resume ${job.id}`;

export function describeJob(job: JobView): string {
  const product =
    job.product === 'avatar' ? 'email + avatar' : job.product === 'email' ? 'email' : '';
  const where = job.elsewhere
    ? ` (running in ${job.elsewhere})`
    : job.hold
      ? ` (${carryOnCommand(job)} carries on)`
      : job.paused
        ? ` (paused: list-cleaner resume ${job.id} carries on)`
        : '';
  return `${job.fileName}${product ? ` [${product}]` : ''}: ${jobProgress(job)}${job.resumed ? ' (resumed)' : ''}${where}`;
}

/** Suggestions named in the free checks' line; the rest are counted. */
const SUGGESTIONS_NAMED = 3;

/**
 * The free checks in one line, before anything is paid: "Free checks: 12
 * disposable, 5 role, 3 possible typos (jane@gmial.com → jane@gmail.com, …)".
 * Only what was found is named; the user's addresses are never changed.
 */
export function describeFindings(f: ListFindings): string {
  const typos = f.suggestions
    .slice(0, SUGGESTIONS_NAMED)
    .map((s) => `${s.address} → ${s.suggestion}`);
  if (typos.length > 0 && f.typo > typos.length) typos.push('…');
  const parts = [
    f.disposable > 0 ? `${n(f.disposable)} disposable` : '',
    f.role > 0 ? `${n(f.role)} role` : '',
    f.typo > 0
      ? `${n(f.typo)} possible ${f.typo === 1 ? 'typo' : 'typos'}${typos.length > 0 ? ` (${typos.join(', ')})` : ''}`
      : '',
    f.noMail > 0 ? `${n(f.noMail)} at domains with no mail server` : '',
    f.free > 0 ? `${n(f.free)} free webmail` : '',
  ].filter(Boolean);
  const dns =
    f.dns === 'unavailable'
      ? '; mail servers could not be checked on this network, so these addresses are sent as usual'
      : '';
  return `Free checks: ${parts.length > 0 ? parts.join(', ') : 'nothing found'}${dns}.`;
}

export interface Progress {
  reading(p: ImportProgress): void;
  /** Any other work under way ("Reading Newsletter from Mailchimp: 2,000 members"). */
  step(line: string): void;
  job(view: JobView): void;
  /** A line of its own, kept in a scheduler's log too ("The team store cannot be reached…"). */
  note(line: string): void;
  /** Ends the redrawn line, if any. */
  done(): void;
}

export function createProgress(stream: NodeJS.WriteStream): Progress {
  const tty = stream.isTTY === true;
  let last = '';
  let lastAt = 0;
  let drawn = false;
  const show = (line: string, force = false) => {
    if (line === last) return;
    const now = Date.now();
    if (tty) {
      stream.write(`\r\x1b[2K${line.slice(0, (stream.columns || 100) - 1)}`);
      drawn = true;
    } else if (force || now - lastAt > 2_000) {
      stream.write(`${line}\n`);
      lastAt = now;
    } else return;
    last = line;
  };
  let waitSaid = '';
  /** A wait is said once per try, as a line of its own: a scheduler's log shows each. */
  const sayLine = (line: string) => {
    if (tty && drawn) stream.write('\n');
    drawn = false;
    last = '';
    stream.write(`${line}\n`);
  };
  const sayWait = (view: JobView) => {
    const key = view.wait ? `${view.id}|${view.wait.reason}|${view.wait.nextTryAt}` : '';
    if (key === waitSaid) return;
    waitSaid = key;
    if (view.wait) sayLine(waitLine(view));
  };
  return {
    reading(p) {
      const share = p.totalBytes > 0 ? Math.floor((p.bytesRead / p.totalBytes) * 100) : 100;
      show(`Reading: ${share}% (${mb(p.bytesRead)} of ${mb(p.totalBytes)}, ${n(p.rows)} rows)`);
    },
    step(line) {
      show(line);
    },
    job(view) {
      sayWait(view);
      const line = `${view.fileName}: ${jobProgress(view)}`;
      const key = `${view.state}`;
      show(
        line,
        key !== last.split(':')[0] &&
          (view.state === 'done' || view.state === 'failed' || view.state === 'waiting'),
      );
    },
    note: sayLine,
    done() {
      if (tty && drawn) stream.write('\n');
      drawn = false;
      last = '';
    },
  };
}
