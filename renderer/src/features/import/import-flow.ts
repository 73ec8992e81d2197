// What the import screen says about lists being opened that is not server
// state: the files of the last batch that could not be used, and where focus
// goes when a read ends. Its own module so the queue that reads the files and
// the screens that show them both take it without importing each other.
import { create } from 'zustand';

export type FocusTarget = 'review' | 'failure' | 'jobs';

export interface ImportNotice {
  /** The list's file name ('' for one without: see `unnamed`). */
  fileName: string;
  message: string;
  /**
   * A list with no file name of its own, named by the screen in the user's
   * words: text pasted, or the file the Open dialog could not give.
   */
  unnamed?: 'pasted' | 'chosen';
}

interface ImportFlowState {
  /**
   * The files (or pasted text) of the latest batch that could not be read,
   * each with its reason in words for the user. A new batch starts it afresh.
   */
  failures: ImportNotice[];
  /**
   * Where focus goes once the read ends (the button that started it is gone by
   * then): the new review's heading, or the failure's way forward; after Start,
   * the Jobs screen's heading. Taken once.
   */
  focus: FocusTarget | null;
  set(patch: Partial<Pick<ImportFlowState, 'failures' | 'focus'>>): void;
  addFailure(notice: ImportNotice): void;
}

export const useImportFlow = create<ImportFlowState>((set) => ({
  failures: [],
  focus: null,
  set: (patch) => set(patch),
  addFailure: (notice) => set((s) => ({ failures: [...s.failures, notice] })),
}));
