// What the command line prints: money, a job in one line, and progress on
// stderr (one line redrawn on a terminal; a line per change, at most every
// few seconds, when stderr is a file or a pipe).
import type { JobView } from '../ipc/contract';
import type { ImportProgress } from '../lists/read';

export const usd = (micros: number): string =>
  `${(micros / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USD`;

const n = (x: number) => x.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function jobProgress(job: JobView, at = Date.now()): string {
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
      return `done: ${n(job.deliverable)} deliverable, ${n(job.undeliverable)} undeliverable, ${n(job.unknown)} unknown${
        job.chargedMicros !== null ? `; charged ${usd(job.chargedMicros)}` : ''
      }`;
    case 'failed':
      return `failed: ${job.failure?.message ?? 'unknown reason'}`;
  }
}

export function describeJob(job: JobView): string {
  const product =
    job.product === 'avatar' ? 'email + avatar' : job.product === 'email' ? 'email' : '';
  const where = job.elsewhere
    ? ` (running in ${job.elsewhere})`
    : job.paused
      ? ' (paused: list-cleaner resume carries on)'
      : '';
  return `${job.fileName}${product ? ` [${product}]` : ''}: ${jobProgress(job)}${job.resumed ? ' (resumed)' : ''}${where}`;
}

export interface Progress {
  reading(p: ImportProgress): void;
  job(view: JobView): void;
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
  return {
    reading(p) {
      const share = p.totalBytes > 0 ? Math.floor((p.bytesRead / p.totalBytes) * 100) : 100;
      show(`Reading: ${share}% (${mb(p.bytesRead)} of ${mb(p.totalBytes)}, ${n(p.rows)} rows)`);
    },
    job(view) {
      const line = `${view.fileName}: ${jobProgress(view)}`;
      const key = `${view.state}`;
      show(
        line,
        key !== last.split(':')[0] &&
          (view.state === 'done' || view.state === 'failed' || view.state === 'waiting'),
      );
    },
    done() {
      if (tty && drawn) stream.write('\n');
      drawn = false;
      last = '';
    },
  };
}
