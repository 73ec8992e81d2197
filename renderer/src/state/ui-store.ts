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

/** The Settings page's sections, in the sidebar's order; each can be opened from anywhere. */
export const SETTINGS_SECTIONS = [
  'account',
  'spending',
  'checking',
  'platforms',
  'team',
  'suppression',
  'rules',
  'vendors',
  'appearance',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

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
  /**
   * The Settings page shows in place of the screen, which stays as it was underneath: closing
   * Settings (or choosing a tab) returns to it.
   */
  settingsOpen: boolean;
  /** The Settings section asked for (it is scrolled to and takes the focus); null: the top. */
  settingsAt: SettingsSection | null;
  /** Settings, at a section when one is named: "connect a platform first" names platforms. */
  openSettings(section?: SettingsSection): void;
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
  openSettings: (section) => set({ settingsOpen: true, settingsAt: section ?? null }),
  closeSettings: () => set({ settingsOpen: false, settingsAt: null }),

  screen: 'import',
  selectedJobId: null,
  // A screen chosen (a tab, a notification) is shown: Settings, if open, gives way to it.
  go: (screen, jobId) =>
    set((s) => ({
      screen,
      selectedJobId: jobId === undefined ? s.selectedJobId : jobId,
      settingsOpen: false,
      settingsAt: null,
    })),

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
