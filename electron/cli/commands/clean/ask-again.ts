// What the command line does and says about asking a finished job's unknowns
// again, free: `clean --ask-again <delays>` waits out the schedule in the
// process and saves afterwards; `resume` runs the rounds due now; both say
// how many resolved, and when the next ask is.
import type { JobView } from '../../../ipc/contract';
import type { Jobs } from '../../../jobs/jobs';
import { err } from '../../output/print';
import { clockTime, t } from '../../output/say';

type Asking = NonNullable<JobView['askAgain']>;

const waitingLine = (a: Asking, at: string) =>
  t('cli.askAgain.waiting', {
    left: a.left,
    time: clockTime(at),
    round: a.round + 1,
    rounds: a.rounds,
  });

/** The job's asking-again lines: what resolved, then when it asks next. */
export function askAgainLines(job: JobView): string[] {
  const a = job.askAgain;
  if (!a || a.state === 'asking') return [];
  const lines: string[] = [];
  if (a.round > 0) {
    lines.push(
      t('cli.askAgain.resolved', {
        resolved: a.resolved.deliverable + a.resolved.undeliverable,
        asked: a.asked,
        deliverable: a.resolved.deliverable,
        undeliverable: a.resolved.undeliverable,
        left: a.left,
      }),
    );
  }
  if (a.state === 'waiting' && a.nextAt !== null) lines.push(waitingLine(a, a.nextAt));
  return lines;
}

/** For --json: what asking again did and will do. */
export const askAgainJson = (job: JobView) =>
  job.askAgain
    ? {
        asked: job.askAgain.asked,
        resolved: job.askAgain.resolved,
        left: job.askAgain.left,
        round: job.askAgain.round,
        next_at: job.askAgain.nextAt,
        ended: job.askAgain.ended,
      }
    : null;

const sleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Runs the job's rounds as they come due, in this process, until its schedule ends. */
export async function askAgainToEnd(jobs: Jobs, job: JobView): Promise<JobView> {
  let now = job;
  for (let a = now.askAgain; a?.state === 'waiting' && a.nextAt !== null; a = now.askAgain) {
    err(waitingLine(a, a.nextAt));
    await sleepUntil(Date.parse(a.nextAt));
    const started = await jobs.askAgainDue(Date.now(), job.id);
    // None started: another process holds the job; its answers are read from disk.
    if (started.length === 0) return jobs.get(job.id);
    err(t('cli.askAgain.asking', { left: a.left, round: a.round + 1, rounds: a.rounds }));
    now = await jobs.finished(job.id);
    for (const line of askAgainLines(now).slice(0, 1)) err(line);
  }
  return now;
}

/** The rounds due now (of one job or all), run to their end: the jobs as they ended. */
export async function dueRounds(jobs: Jobs, id?: string): Promise<JobView[]> {
  const started = await jobs.askAgainDue(Date.now(), id);
  const ended: JobView[] = [];
  for (const job of started) ended.push(await jobs.finished(job.id));
  return ended;
}
