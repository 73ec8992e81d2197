// Opening lists: files dropped anywhere on the window, a file from "Choose
// file…", or text pasted on the import screen. A file is granted to main by
// the user's gesture (the preload reads a dropped file's path; main shows the
// Open dialog) and the window gets only a one-use token for it. Each list
// becomes its own draft job, read in turn (import-queue.ts; progress arrives
// as list:progress events), and the first one read is reviewed.
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FileGrantView } from '../../../../electron/ipc/contract';
import { call, errorMessage } from '../../api/call';
import { useUiStore } from '../../state/ui-store';
import { useT } from '../../i18n/words';
import { useImportFlow, type FocusTarget } from './import-flow';
import { enqueue, fileSource, grantSource, pasteSource } from './import-queue';
import { pasteProblem } from './import-words';

export { useImportFlow } from './import-flow';

export interface FileImport {
  /** Reads every dropped file, one after another, each as its own job. */
  openFiles(files: readonly File[]): void;
  /** Main's Open dialog; the chosen file is read and reviewed. */
  chooseFile(): Promise<void>;
  /** Reads pasted text as a list; answers why not (nothing in it, too long) without sending it. */
  pasteText(text: string): string | null;
}

export function useFileImport(): FileImport {
  const client = useQueryClient();
  const t = useT();

  const openFiles = useCallback(
    (files: readonly File[]) => enqueue(files.map(fileSource), client),
    [client],
  );

  const chooseFile = useCallback(async () => {
    let chosen: FileGrantView | null;
    try {
      chosen = await call(window.api.file.choose());
    } catch (err) {
      useImportFlow.getState().set({
        failures: [{ fileName: '', message: errorMessage(err), unnamed: 'chosen' }],
        focus: 'failure',
      });
      useUiStore.getState().go('import');
      return;
    }
    if (chosen) enqueue([grantSource(chosen)], client);
  }, [client]);

  const pasteText = useCallback(
    (text: string) => {
      const problem = pasteProblem(text, t);
      if (problem === null) enqueue([pasteSource(text, t)], client);
      return problem;
    },
    [client, t],
  );

  return { openFiles, chooseFile, pasteText };
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
