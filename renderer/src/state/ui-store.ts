// UI-only state (never server data): which screen is showing, which job is
// selected, the import under way, and what is open.
import { create } from 'zustand';
import type { ImportProgressView, ImportView, JobProduct } from '../../../electron/ipc/contract';

export type Screen = 'import' | 'jobs' | 'results' | 'check' | 'account';

interface UiState {
  settingsOpen: boolean;
  openSettings(): void;
  closeSettings(): void;

  screen: Screen;
  /** The job whose results are showing. */
  selectedJobId: string | null;
  go(screen: Screen, jobId?: string | null): void;

  /** The list being reviewed before Start (a draft job), and the product chosen for it. */
  review: ImportView | null;
  product: JobProduct;
  setReview(review: ImportView | null): void;
  setProduct(product: JobProduct): void;

  /** Reading progress of the file being imported, if any. */
  importing: { fileName: string; progress: ImportProgressView | null } | null;
  setImporting(importing: UiState['importing']): void;
  /** Main's list:progress events, for the file being imported. */
  setImportProgress(progress: ImportProgressView): void;
}

export const useUiStore = create<UiState>((set) => ({
  settingsOpen: false,
  openSettings: () => set({ settingsOpen: true }),
  closeSettings: () => set({ settingsOpen: false }),

  screen: 'import',
  selectedJobId: null,
  go: (screen, jobId) =>
    set((s) => ({ screen, selectedJobId: jobId === undefined ? s.selectedJobId : jobId })),

  review: null,
  product: 'email',
  setReview: (review) => set({ review }),
  setProduct: (product) => set({ product }),

  importing: null,
  setImporting: (importing) => set({ importing }),
  setImportProgress: (progress) =>
    set((s) => (s.importing ? { importing: { ...s.importing, progress } } : {})),
}));
