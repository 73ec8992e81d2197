// What only the shell answers: its updates, and the job a notification asked
// for. An update waits for the jobs: a restart would cut a run short.
import { message } from '../../common/i18n/message';
import type { Workspace } from '../../jobs/workspace';
import { AppError } from '../../lib/app-error';
import type { Handlers } from '../registry';
import type { ShellHooks } from '../shell-hooks';

export function appHandlers(
  shell: ShellHooks,
  workspace: Pick<Workspace, 'busy'>,
): Pick<Handlers, 'results:pending' | 'update:status' | 'update:restart'> {
  return {
    'results:pending': async () => {
      const jobId = shell.takePendingResults?.() ?? null;
      return jobId === null ? null : { jobId };
    },
    'update:status': async () => shell.updates.status(),
    'update:restart': async () => {
      if (shell.updates.status().state !== 'ready') {
        throw new AppError('invalid_input', message('error.update.noneReady'));
      }
      if (workspace.busy()) {
        throw new AppError('job_running', message('error.update.jobRunning'));
      }
      shell.updates.restart();
      return { restarting: true };
    },
  };
}
