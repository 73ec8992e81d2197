// The one action a job's row offers: what the user most likely wants next for
// a job in its state. Everything else (Remove, results while running, the
// reminder) is in the row's details. Pure, so each state's choice is tested.
import type { JobView } from '../../../../../electron/ipc/contract';
import { canStop } from '../job-words';

export type PrimaryAction =
  | 'review' // a draft: its review, where Check is pressed
  | 'stop' // running in this window
  | 'continue' // held by the user or the limit, or paused: carries on
  | 'run-rest' // an avatar file refused for coverage: its rest as multi checks
  | 'try-again' // failed, and trying again can help
  | 'results'; // done (or stopped for good with answers): the results

/** Failures that trying again at once cannot mend: the job's files are gone, or would send other addresses. */
const NO_TRY_AGAIN: ReadonlySet<string> = new Set(['job_folder_gone', 'task_file_changed']);

export function primaryAction(job: JobView): PrimaryAction | null {
  if (job.state === 'draft') return 'review';
  if (canStop(job)) return 'stop';
  // Another process runs it, or answers already on their way are awaited after Stop.
  if (job.elsewhere !== null || job.running) return null;
  if (job.hold !== null || job.paused) return 'continue';
  if (job.state === 'failed') {
    if (job.failure?.code === 'avatar_coverage') return 'run-rest';
    if (!NO_TRY_AGAIN.has(job.failure?.code ?? '')) return 'try-again';
    return job.checked > 0 ? 'results' : null;
  }
  return job.state === 'done' ? 'results' : null;
}
