// What the window and the command line are shown: the views main builds and
// every process reads. Types only, with no dependencies, so the window's
// bundle stays free of main's code; the IPC contract checks them with its
// schemas (each domain's contract under electron/ipc/). The account's views are here; a
// job's, its review's and its results' in the files named for them.
import type { AskedLanguage, LanguageChoice } from '../i18n/languages';
import type { JobProduct, Theme } from '../model';

export type * from './job-views';
export type * from './review-views';
export type * from './result-views';

/** What the renderer may know about the account: never the key itself. */
export interface AccountStatus {
  mode: 'none' | 'demo' | 'key';
  /** Last four characters of the key, for "…1a2b"; null unless mode is 'key'. */
  keyLast4: string | null;
  /** Where the key lives: the OS keychain, or only this run's memory. */
  storage: 'keychain' | 'memory' | null;
  /** Set when the key cannot be kept across restarts, in words for the user. */
  storageWarning: string | null;
  baseUrl: string;
  /** The host the key was proven against ("api.example.com"); null unless mode is 'key'. */
  keyHost: string | null;
  /**
   * The service address now points at another host than the key was proven
   * for: the key is not sent there until the user confirms it (or enters it again).
   */
  keyUnconfirmed: boolean;
}

export interface Balance {
  balanceMicros: number;
  /** ISO 8601 time the balance was read from the service. */
  fetchedAt: string;
  /**
   * True when the service did not answer just now: this is the last balance
   * read, at `fetchedAt` (issue 48), shown with its time rather than beside
   * a red "unavailable".
   */
  stale?: boolean;
}

export interface SettingsView {
  baseUrl: string;
  /** The service's billing page (https), for the "Add funds" link; null: none known. */
  billingUrl: string | null;
  theme: Theme;
  pollIntervalSeconds: number;
  /** Days a paid answer is reused instead of paid for again; 0: never. */
  reuseDays: number;
  /** The most one job may spend, in micros; null: no limit. */
  maxSpendMicros: number | null;
  /** Unit prices from the user's plan, used until the service's own are learned. */
  enteredPrices: Record<JobProduct, number | null>;
  /** Days after which a finished list is due to be checked again; null: no reminders. */
  recheckDays: number | null;
  /** Hours a job waits out the service's refusals before it pauses for the user. */
  patienceHours: number;
  /** The language the window speaks, as main decides it (shell/language.ts). */
  language: AskedLanguage;
  /** The user's choice in Settings: the system's language, or one named. */
  languageChoice: LanguageChoice;
  /** The system's language, which "System" in Settings stands for. */
  systemLanguage: AskedLanguage;
}

/** The memory of paid answers of the account in use. */
export interface MemoryView {
  /** False when it cannot be used on this machine: every address is then paid for as before. */
  available: boolean;
  /** Answers kept, both products. */
  outcomes: number;
}

/** A file the user chose by a gesture (a drop, the Open dialog): usable once, by its token. */
export interface FileGrantView {
  token: string;
  fileName: string;
}

export interface CheckView {
  address: string;
  status: 'deliverable' | 'undeliverable' | 'unknown';
  provider: string | null;
  avatar: boolean | null;
  avatarUrl: string | null;
}

/**
 * Where an update of the app stands. 'off' where it is never checked (a
 * development build, the demo account); 'ready' once one is downloaded and
 * the window may offer to restart into it; 'available' on Linux, where the
 * app installs nothing itself and only says a version is out (shell/updates.ts).
 */
export interface UpdateView {
  state: 'off' | 'idle' | 'checking' | 'available' | 'downloading' | 'ready' | 'error';
  /** The version on offer, when there is one. */
  version: string | null;
  /** 0–1 while downloading. */
  progress: number | null;
  /** Why updates are off, or what went wrong, in words. */
  message: string | null;
}
