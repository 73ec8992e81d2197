// "Check again" joins the lists being read like a dropped file: the import
// screen shows it being read, then its review (or why it could not be read,
// beside the drop zone the user is asked to use), so nothing is paid for
// before Start. Main finds the file from the job; the window names only the job.
import type { QueryClient } from '@tanstack/react-query';
import type { JobView } from '../../../../electron/ipc/contract';
import { call } from '../../api/call';
import { enqueue, type ListSource } from '../import/import-queue';

export function againSource(job: Pick<JobView, 'id' | 'fileName'>): ListSource {
  return {
    reading: job.fileName,
    failure: job.fileName,
    open: () => call(window.api.job.again({ jobId: job.id })),
  };
}

/** Reads the job's file again into a new draft, shown on the import screen. */
export function checkAgain(job: Pick<JobView, 'id' | 'fileName'>, client: QueryClient): void {
  enqueue([againSource(job)], client);
}
