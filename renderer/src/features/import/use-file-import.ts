// Opening a list file, from a drop anywhere on the window or from "Choose
// file…": the file is granted to main by the user's gesture (the preload
// reads a dropped file's path; main shows the Open dialog) and the window gets
// only a one-use token for it. Main reads it (progress arrives as list:progress
// events), then the review shows. The import lives beyond the component that
// started it, so leaving the screen mid-read loses nothing.
import { useCallback, useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { FileGrantView } from '../../../../electron/ipc/contract';
import { call, errorMessage } from '../../api/call';
import { useImportList, useRemoveJob } from '../../api/job-hooks';
import { useUiStore } from '../../state/ui-store';

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

export interface FileImport {
  /** Reads the first of the dropped files and shows its review. */
  openFiles(files: readonly File[]): Promise<void>;
  /** Main's Open dialog; the chosen file is read and reviewed. */
  chooseFile(): Promise<void>;
}

export function useFileImport(): FileImport {
  const { mutateAsync: importList } = useImportList();
  const { mutate: removeJob } = useRemoveJob();

  const read = useCallback(
    async (fileName: string, grant: () => Promise<FileGrantView>, skipped: string[] = []) => {
      const ui = useUiStore.getState();
      if (ui.importing) return;
      const flow = useImportFlow.getState();
      flow.set({ failure: null, skipped });
      const previous = ui.review;
      ui.setReview(null);
      ui.setImporting({ fileName, progress: null });
      ui.go('import');
      try {
        const view = await importList((await grant()).token);
        // The list this one replaces was never started: its draft holds nothing paid for.
        if (previous && previous.job.state === 'draft' && previous.job.id !== view.job.id) {
          removeJob(previous.job.id);
        }
        flow.set({ focus: 'review' });
        useUiStore.getState().setReview(view);
      } catch (err) {
        flow.set({ failure: { fileName, message: errorMessage(err) }, focus: 'failure' });
        // The review replaced by the failed file stays reviewable.
        if (previous) useUiStore.getState().setReview(previous);
      } finally {
        useUiStore.getState().setImporting(null);
      }
    },
    [importList, removeJob],
  );

  const openFiles = useCallback(
    async (files: readonly File[]) => {
      const file = files[0];
      if (!file) return;
      await read(
        file.name,
        () => call(window.files.grant(file)),
        files.slice(1).map((f) => f.name),
      );
    },
    [read],
  );

  const chooseFile = useCallback(async () => {
    if (useUiStore.getState().importing) return;
    let chosen: FileGrantView | null;
    try {
      chosen = await call(window.api.file.choose());
    } catch (err) {
      useImportFlow.getState().set({
        failure: { fileName: 'The file', message: errorMessage(err) },
        focus: 'failure',
      });
      useUiStore.getState().go('import');
      return;
    }
    if (chosen) await read(chosen.fileName, async () => chosen);
  }, [read]);

  return { openFiles, chooseFile };
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
