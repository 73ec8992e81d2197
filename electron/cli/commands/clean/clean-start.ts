// What both kinds of `clean` (a file, a platform list) share when they check a
// job: the product asked for, the free checks and the estimate said, the
// start that keeps within the spending limit unless told otherwise, the wait
// for the end, and a failure said with the command that carries it on.
import type { JobView } from '../../../ipc/contract';
import type { CostChoices, Jobs } from '../../../jobs/jobs';
import type { ImportedList } from '../../../lists/types';
import { estimateLines, sendLine } from '../../output/cost-lines';
import { describeFindings, type Progress } from '../../output/output';
import { message } from '../../../common/i18n/message';
import { AppError, sayError } from '../../../lib/app-error';
import { EXIT_LIMIT, UsageError, type Values } from '../../args/args';
import { err } from '../../output/print';
import { t } from '../../output/say';
import { cliWords } from '../../output/words';

export function parseProduct(value: string | undefined): 'email' | 'avatar' {
  if (value === undefined || value === 'email') return 'email';
  if (value === 'avatar') return 'avatar';
  throw new UsageError(message('cli.usage.product'));
}

/**
 * Starts the job; over its spending limit only with --confirm-over-limit.
 * Null when it started, else the exit code of the refusal (nothing was sent).
 */
export async function startWithin(
  jobs: Jobs,
  id: string,
  product: 'email' | 'avatar',
  choices: CostChoices,
  values: Values,
): Promise<number | null> {
  try {
    await jobs.start(id, product, choices, values['confirm-over-limit']);
    return null;
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'over_limit') throw e;
    err(`list-cleaner: ${sayError(e, cliWords().t)} ${t('cli.clean.overLimitHint')}`);
    return EXIT_LIMIT;
  }
}

/**
 * Says what the free checks found and what it will cost, starts the job and
 * waits for its end; the exit code instead when the limit kept it from starting.
 */
export async function checkToEnd(
  jobs: Jobs,
  job: JobView,
  list: ImportedList,
  run: { product: 'email' | 'avatar'; choices: CostChoices; values: Values; progress: Progress },
): Promise<JobView | number> {
  if (list.findings && job.unique > 0) err(describeFindings(list.findings));
  if (job.unique > 0) {
    const t = cliWords().t;
    const estimate = await jobs.estimate(job.id, run.product, run.choices);
    const sending = sendLine(estimate, t);
    for (const line of estimateLines(estimate, t)) if (line !== sending) err(line);
    const started = await startWithin(jobs, job.id, run.product, run.choices, run.values);
    if (started !== null) return started;
    // Said only once the job is on disk as started: from this line on, a kill
    // at any moment leaves a job `resume` carries on to its export.
    err(sending);
  }
  const finished = job.unique > 0 ? await jobs.finished(job.id) : job;
  run.progress.done();
  return finished;
}

/** A failed job as one line: its reason, and a retry that can help given as it must be typed. */
export function failedJob(job: JobView): AppError {
  const failure = job.failure?.message ?? message('error.cli.jobFailed');
  return new AppError(
    'service',
    job.failure?.retry
      ? message('error.cli.jobFailedResume', {
          failure,
          command: `list-cleaner resume ${job.id}`,
        })
      : message('error.cli.jobFailedId', { failure, jobId: job.id }),
  );
}
