// The row's one button (primary-action.ts decides which). Its words are the
// window's own: Continue and Try again, never a command of the command line.
import type { JobView } from '../../../../../electron/ipc/contract';
import { useT } from '../../../i18n/words';
import { sentTasks } from '../job-words';
import { primaryAction } from './primary-action';
import type { JobCommands } from './use-job-commands';

export function PrimaryActionButton({ job, commands }: { job: JobView; commands: JobCommands }) {
  const t = useT();
  const action = primaryAction(job);
  if (action === null) return null;
  const button = (
    label: string,
    run: () => void,
    pending: boolean,
    extra: { describedBy?: string; title?: string; tone?: 'primary' | 'secondary' } = {},
  ) => (
    <button
      type="button"
      className={`button small ${extra.tone ?? 'primary'}`}
      onClick={run}
      disabled={pending}
      aria-describedby={extra.describedBy}
      title={extra.title}
    >
      {label}
    </button>
  );
  switch (action) {
    case 'review':
      return button(
        commands.review.pending ? t('jobs.action.opening') : t('jobs.action.review'),
        commands.review.run,
        commands.review.pending,
      );
    case 'stop':
      return (
        <button
          type="button"
          className="button small secondary"
          onClick={commands.stop.run}
          disabled={commands.stop.pending}
          // Said before it is pressed: a bulk task already sent cannot be taken back.
          aria-describedby={sentTasks(job) > 0 ? `${job.id}-stop` : undefined}
          title={t('jobs.action.stopTitle')}
        >
          <svg className="button-icon" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />
          </svg>
          {commands.stop.pending ? t('jobs.stopping') : t('jobs.action.stop')}
        </button>
      );
    case 'continue':
      return button(t('jobs.action.continue'), commands.resume.run, commands.resume.pending, {
        describedBy: job.hold ? `${job.id}-hold` : undefined,
      });
    case 'run-rest':
      return button(t('jobs.action.runRest'), commands.runRest.run, commands.runRest.pending, {
        describedBy: `${job.id}-failure`,
      });
    case 'try-again':
      return button(t('jobs.tryAgain'), commands.resume.run, commands.resume.pending, {
        describedBy: `${job.id}-failure`,
      });
    case 'results':
      return button(t('jobs.action.results'), commands.openResults, false);
  }
}
