// UI-only state (never server data): which screen is showing, which job is
// selected, the import under way, and what is open.
import { create } from 'zustand';
import type { ImportProgressView, ImportView, JobProduct } from '../../../electron/ipc/contract';
import type { SkipChoice } from '../../../electron/common/views/views';
import type { OthersChoice } from '../../../electron/common/model';
import type { ReadProgress } from '../../../electron/common/views/platform-views';
import { DEFAULT_SKIP } from '../../../electron/common/model';

/** The review's "Don't pay for" boxes as they first show: throw-away domains and no mail server. */
export const defaultSkip = (): SkipChoice => ({
  disposable: DEFAULT_SKIP.includes('disposable'),
  noMail: DEFAULT_SKIP.includes('no-mail-server'),
  role: DEFAULT_SKIP.includes('role'),
});

export type Screen = 'import' | 'jobs' | 'watches' | 'results' | 'check' | 'account';

/**
 * A file being read, and its place among the files given at once ("Reading 2
 * of 3"): `index` is 1-based, `total` counts every file of the batch.
 */
export interface Importing {
  fileName: string;
  progress: ImportProgressView | null;
  /** A list read from a platform: the members read so far; absent for a file or a paste. */
  members?: ReadProgress | null;
  index: number;
  total: number;
}

interface UiState {
  settingsOpen: boolean;
  /** The Settings section that takes the focus on opening; null: the dialog's first control. */
  settingsAt: 'connections' | null;
  openSettings(): void;
  /** Settings opened at Connections (from "connect a platform first"). */
  openConnections(): void;
  closeSettings(): void;

  screen: Screen;
  /** The job whose results are showing. */
  selectedJobId: string | null;
  go(screen: Screen, jobId?: string | null): void;

  /**
   * The list being reviewed before Start (a draft job), the product chosen for it, and what
   * not to pay for. Another list starts from the defaults again; after a sample, the product
   * is the sample's.
   */
  review: ImportView | null;
  product: JobProduct;
  skip: SkipChoice;
  /** Email + avatar: the addresses it does not cover are not sent ('skip'), or checked with Email. */
  others: OthersChoice;
  setReview(review: ImportView | null): void;
  setProduct(product: JobProduct): void;
  setSkip(skip: SkipChoice): void;
  setOthers(others: OthersChoice): void;

  /** The file being read, if any. */
  importing: Importing | null;
  setImporting(importing: UiState['importing']): void;
  /** Main's list:progress events, for the file being imported. */
  setImportProgress(progress: ImportProgressView): void;
  /** Main's platform:progress events, for the platform list being read. */
  setMembersRead(members: ReadProgress): void;
}

export const useUiStore = create<UiState>((set) => ({
  settingsOpen: false,
  settingsAt: null,
  openSettings: () => set({ settingsOpen: true, settingsAt: null }),
  openConnections: () => set({ settingsOpen: true, settingsAt: 'connections' }),
  closeSettings: () => set({ settingsOpen: false, settingsAt: null }),

  screen: 'import',
  selectedJobId: null,
  go: (screen, jobId) =>
    set((s) => ({ screen, selectedJobId: jobId === undefined ? s.selectedJobId : jobId })),

  review: null,
  product: 'email',
  skip: defaultSkip(),
  others: 'skip',
  setReview: (review) =>
    set((s) => {
      const another = review !== null && review.job.id !== s.review?.job.id;
      return {
        review,
        ...(another ? { skip: defaultSkip(), others: 'skip' as const } : {}),
        ...(review?.sample ? { product: review.sample.product } : {}),
      };
    }),
  setProduct: (product) => set((s) => (s.review?.sample ? {} : { product })),
  setSkip: (skip) => set({ skip }),
  setOthers: (others) => set({ others }),

  importing: null,
  setImporting: (importing) => set({ importing }),
  setImportProgress: (progress) =>
    set((s) => (s.importing ? { importing: { ...s.importing, progress } } : {})),
  setMembersRead: (members) =>
    set((s) =>
      s.importing?.members !== undefined ? { importing: { ...s.importing, members } } : {},
    ),
}));
