// Opening a list file, from a drop anywhere on the window or from "Choose
// file…": ask the shell for its path, let main read it (progress arrives as
// list:progress events), then show the review. The import lives beyond the
// component that started it, so leaving the screen mid-read loses nothing.
import { useCallback, useEffect, useRef } from 'react';
import { create } from 'zustand';
import { errorMessage } from '../../api/call';
import { useImportList, useRemoveJob } from '../../api/job-hooks';
import { useUiStore } from '../../state/ui-store';

/** What the file inputs accept; main judges the content, not the name. */
export const ACCEPTED_FILES = '.csv,.tsv,.txt';

type FocusTarget = 'review' | 'failure' | 'jobs';

interface ImportNotice {
  fileName: string;
  message: string;
}

interface ImportFlowState {
  /** The last file that could not be read, and why, in words for the user. */
  failure: ImportNotice | null;
  /** Several files were dropped: only the first is opened. */
  skipped: string[];
  /**
   * Where focus goes once the read ends (the button that started it is gone by
   * then): the new review's heading, or the failure's way forward; after Start,
   * the Jobs screen's heading. Taken once.
   */
  focus: FocusTarget | null;
  set(patch: Partial<Pick<ImportFlowState, 'failure' | 'skipped' | 'focus'>>): void;
}

export const useImportFlow = create<ImportFlowState>((set) => ({
  failure: null,
  skipped: [],
  focus: null,
  set: (patch) => set(patch),
}));

/** Returns open(files): reads the first file and shows its review. */
export function useFileImport(): (files: readonly File[]) => Promise<void> {
  const { mutateAsync: importList } = useImportList();
  const { mutate: removeJob } = useRemoveJob();

  return useCallback(
    async (files: readonly File[]) => {
      const file = files[0];
      const ui = useUiStore.getState();
      if (!file || ui.importing) return;
      const flow = useImportFlow.getState();
      flow.set({ failure: null, skipped: files.slice(1).map((f) => f.name) });
      const previous = ui.review;
      ui.setReview(null);
      ui.setImporting({ fileName: file.name, progress: null });
      ui.go('import');
      try {
        const path = await window.files.pathFor(file);
        const view = await importList(path);
        // The list this one replaces was never started: its draft holds nothing paid for.
        if (previous && previous.job.state === 'draft' && previous.job.id !== view.job.id) {
          removeJob(previous.job.id);
        }
        flow.set({ focus: 'review' });
        useUiStore.getState().setReview(view);
      } catch (err) {
        flow.set({
          failure: { fileName: file.name, message: errorMessage(err) },
          focus: 'failure',
        });
        // The review replaced by the failed file stays reviewable.
        if (previous) useUiStore.getState().setReview(previous);
      } finally {
        useUiStore.getState().setImporting(null);
      }
    },
    [importList, removeJob],
  );
}

/** Gives the element focus when the import flow asks for this target (once). */
export function useFlowFocus<T extends HTMLElement>(target: FocusTarget) {
  const ref = useRef<T>(null);
  const wanted = useImportFlow((s) => s.focus === target);
  useEffect(() => {
    if (!wanted || !ref.current) return;
    ref.current.focus();
    useImportFlow.getState().set({ focus: null });
  }, [wanted]);
  return ref;
}
