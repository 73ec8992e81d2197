// What the command line prints: money, a job in one line, and progress on
// stderr (one line redrawn on a terminal; a line per change, at most every
// few seconds, when stderr is a file or a pipe). Each in the reader's
// language (say.ts); the commands it names are typed as they are.
import type { JobView } from '../../ipc/contract';
import type { ImportProgress } from '../../lists/read/read';
import type { ListFindings } from '../../lists/types';
import { bare, cash, clockTime, megabytes, t } from './say';
import { visibleLine, visibleLines } from '../../common/text/one-line';

/**
 * "6 deliverable, 3 undeliverable, 1 unknown", then what was not paid for:
 * the statuses of addresses not sent (--skip, outside avatar coverage), and
 * answers reused for free.
 */
function outcomeCounts(job: JobView): string {
  const noMail = job.noMail > 0 ? ` ${t('cli.count.noMailServer', { count: job.noMail })}` : '';
  const parts = [
    t('cli.count.deliverable', { count: job.deliverable }),
    `${t('cli.count.undeliverable', { count: job.undeliverable })}${noMail}`,
    t('cli.count.unknown', { count: job.unknown }),
    job.disposable > 0 ? t('cli.count.disposable', { count: job.disposable }) : '',
    job.role > 0 ? t('cli.count.role', { count: job.role }) : '',
    job.notCovered > 0 ? t('cli.count.notCovered', { count: job.notCovered }) : '',
    job.suppressed > 0 ? t('cli.count.suppressed', { count: job.suppressed }) : '',
    job.blocked > 0 ? t('cli.count.blocked', { count: job.blocked }) : '',
  ].filter(Boolean);
  const reused =
    job.reused === 0
      ? ''
      : job.reusedFromVendors > 0
        ? `; ${t('cli.count.reusedWithVendors', { count: job.reused, vendors: job.reusedFromVendors })}`
        : `; ${t('cli.count.reused', { count: job.reused })}`;
  const email =
    job.paidAsEmail > 0 ? `; ${t('cli.count.paidAsEmail', { count: job.paidAsEmail })}` : '';
  return `${parts.join(', ')}${reused}${email}`;
}

export function jobProgress(job: JobView, at = Date.now()): string {
  if (job.hold && job.state !== 'done' && job.state !== 'failed') {
    const kept = { checked: job.checked, unique: job.unique };
    if (job.hold.reason === 'limit') return t('cli.job.atLimit', kept);
    if (job.hold.reason === 'patience') return t('cli.job.pausedRefusing', kept);
    return t('cli.job.stopped', kept);
  }
  switch (job.state) {
    case 'draft':
      return t('cli.job.draft');
    case 'queued':
      return t('cli.job.queued');
    case 'checking':
      return t('cli.job.checking', { checked: job.checked, unique: job.unique });
    case 'waiting':
      return waitingWords(job, at);
    case 'downloading':
      return t('cli.job.downloading');
    case 'done': {
      const counts = outcomeCounts(job);
      return job.chargedMicros === null
        ? t('cli.job.done', { counts })
        : t('cli.job.doneCharged', { counts, charged: cash(job.chargedMicros) });
    }
    case 'failed':
      return t('cli.job.failed', { reason: job.failure?.message ?? t('cli.job.unknownReason') });
  }
}

/** "waiting for the service (task …), next check in 12 s". */
function waitingWords(job: JobView, at: number): string {
  const ids = job.tasks.map((task) => task.id).filter(Boolean);
  const next = job.nextCheckAt
    ? Math.max(0, Math.round((Date.parse(job.nextCheckAt) - at) / 1000))
    : null;
  const task =
    ids.length > 0 ? ` ${t('cli.job.tasks', { count: ids.length, ids: ids.join(', ') })}` : '';
  const check = next !== null ? `, ${t('cli.job.nextCheck', { seconds: bare(next) })}` : '';
  return `${t('cli.job.waiting')}${task}${check}`;
}

/**
 * A job waiting out the service, in one line: why, when it tries next, and
 * until when it keeps trying before it pauses.
 */
export function waitLine(job: JobView, at = Date.now()): string {
  const wait = job.wait;
  if (!wait) return '';
  const seconds = Math.max(0, Math.round((Date.parse(wait.nextTryAt) - at) / 1000));
  // The killed run's checks still at the service: no patience runs out on this wait.
  if (wait.expected) {
    return t('cli.job.waitLineExpected', {
      fileName: job.fileName,
      reason: wait.words,
      nextTry: clockTime(wait.nextTryAt),
      seconds: bare(seconds),
    });
  }
  return t('cli.job.waitLine', {
    fileName: job.fileName,
    reason: wait.words,
    nextTry: clockTime(wait.nextTryAt),
    seconds: bare(seconds),
    until: clockTime(wait.patienceEndsAt),
  });
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
    ? ` ${t('cli.job.runningIn', { where: job.elsewhere })}`
    : job.hold
      ? ` ${t('cli.job.carriesOn', { command: carryOnCommand(job) })}`
      : job.paused
        ? ` ${t('cli.job.pausedCarriesOn', { command: `list-cleaner resume ${job.id}` })}`
        : '';
  const resumed = job.resumed ? ` ${t('cli.job.resumed')}` : '';
  return `${visibleLine(job.fileName)}${product ? ` [${product}]` : ''}: ${jobProgress(job)}${resumed}${where}`;
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
    f.disposable > 0 ? t('cli.count.disposable', { count: f.disposable }) : '',
    f.role > 0 ? t('cli.count.role', { count: f.role }) : '',
    f.typo > 0
      ? `${t('cli.findings.typos', { count: f.typo })}${typos.length > 0 ? ` (${typos.join(', ')})` : ''}`
      : '',
    f.noMail > 0 ? t('cli.findings.noMailServer', { count: f.noMail }) : '',
    f.free > 0 ? t('cli.findings.free', { count: f.free }) : '',
  ].filter(Boolean);
  const found = parts.length > 0 ? parts.join(', ') : t('cli.findings.none');
  return f.dns === 'unavailable'
    ? t('cli.findings.lineNoDns', { found })
    : t('cli.findings.line', { found });
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
  const show = (said: string, force = false) => {
    // A list or file name in a step: its controls shown, never sent (the app's own \r\x1b[2K follows).
    const line = visibleLine(said);
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
    stream.write(`${visibleLines(line)}\n`);
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
      show(
        t('cli.progress.reading', {
          share,
          read: megabytes(p.bytesRead),
          total: megabytes(p.totalBytes),
          rows: p.rows,
        }),
      );
    },
    step(line) {
      show(line);
    },
    job(view) {
      sayWait(view);
      const line = `${visibleLine(view.fileName)}: ${jobProgress(view)}`;
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
