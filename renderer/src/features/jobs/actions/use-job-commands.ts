// The calls a job's row and its details make, made once per row so that the
// primary action in the row and the actions in the details share one pending
// state and one error (shown under the row, where it is seen open or closed).
import type { JobView } from '../../../../../electron/ipc/contract';
import {
  useContinueJob,
  useRemoveJob,
  useResumeJob,
  useReviewDraft,
  useStopJob,
} from '../../../api/job-hooks';
import { useUiStore } from '../../../state/ui-store';
import { useImportFlow } from '../../import/use-file-import';

export function useJobCommands(job: JobView) {
  const resume = useResumeJob();
  const runRest = useContinueJob();
  const remove = useRemoveJob();
  const review = useReviewDraft();
  const stop = useStopJob();

  const reviewDraft = async () => {
    try {
      const view = await review.mutateAsync(job.id);
      useImportFlow.getState().set({ failures: [], focus: 'review' });
      useUiStore.getState().setReview(view);
      useUiStore.getState().go('import');
    } catch {
      // Shown under the row (error below).
    }
  };

  const doRemove = () => {
    remove.mutate(job.id, {
      onSuccess: () => {
        const ui = useUiStore.getState();
        if (ui.review?.job.id === job.id) ui.setReview(null);
        if (ui.selectedJobId === job.id) ui.go(ui.screen, null);
      },
    });
  };

  return {
    review: { run: () => void reviewDraft(), pending: review.isPending },
    stop: { run: () => stop.mutate(job.id), pending: stop.isPending },
    resume: { run: () => resume.mutate(job.id), pending: resume.isPending },
    runRest: { run: () => runRest.mutate(job.id), pending: runRest.isPending },
    remove: { run: doRemove, pending: remove.isPending, error: remove.error },
    openResults: () => useUiStore.getState().go('results', job.id),
    error: resume.error ?? runRest.error ?? review.error ?? stop.error ?? null,
  };
}

export type JobCommands = ReturnType<typeof useJobCommands>;
