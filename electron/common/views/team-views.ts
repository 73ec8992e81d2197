// What the window is shown of the team store (Settings → Team): where it is,
// what it holds for this account, or why it cannot be reached. Never the
// password: the window sees the address as settings.json keeps it.

export interface TeamView {
  /** The saved address, without its password; null when no team store is set. */
  url: string | null;
  /** Whether the saved store answered just now. */
  connected: boolean;
  /** user@host:port/database. */
  target: string | null;
  /** The server's PostgreSQL version ("16.4"). */
  serverVersion: string | null;
  /** The store's schema version; 0 for a store not set up yet. */
  schemaVersion: number | null;
  /** The login this computer is connected as (who, in the store's history and audit); null when not reached. */
  member: string | null;
  /** The store's owner (may change its schema) or a member (its functions only); null when not reached. */
  role: 'owner' | 'member' | null;
  /** The current account's remembered answers in the store; null when not counted (see answersNote). */
  answers: number | null;
  /** Why the answers are not counted (no account, or the demo), in words. */
  answersNote: string | null;
  /**
   * Answers paid for on this computer that wait to be sent to the store (it
   * could not be reached when they came); null when not counted.
   */
  waiting: number | null;
  /** Why the saved store could not be reached, in words. */
  error: string | null;
  /** Why the password cannot outlive this run (no keychain), in words; null when it can. */
  warning: string | null;
}

/** What "Test connection" found at an address, before anything is saved. */
export interface TeamTestView {
  target: string;
  serverVersion: string;
  schemaVersion: number;
  /** The schema versions this test applied. */
  migrated: number[];
  encrypted: boolean;
  canReadWrite: boolean;
}

/** A finished job of the team, as the Jobs screen's Team tab shows it: never a row or an address. */
export interface TeamJobView {
  id: string;
  listName: string;
  /** Who ran it: the OS user, and the computer. */
  osUser: string;
  machine: string;
  /** Run by this OS user on this computer. */
  here: boolean;
  /** 'email' or 'avatar'; another build's product as it named it. */
  product: string;
  finishedAt: string;
  rows: number;
  unique: number;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  invalid: number;
  duplicates: number;
  reused: number;
  paid: number;
  /** Null: answers were paid for at a price not known where the job ran. */
  chargedMicros: number | null;
}

/** One page of the team's finished jobs, newest first. */
export interface TeamHistoryView {
  /** Every finished job the store holds for this account. */
  total: number;
  offset: number;
  jobs: TeamJobView[];
  /** Jobs on this page that could not be read (written by another build, or damaged). */
  unreadable: number;
}

/** One person's jobs of one month, and what they cost. */
export interface TeamSpendPersonView {
  osUser: string;
  /** The computers the person's jobs of the month ran on. */
  machines: string[];
  jobs: number;
  /** What the jobs whose charge is known cost. */
  chargedMicros: number;
  /** Jobs whose charge is not known. */
  unknownCharges: number;
}

/** What the team spent per person per month: the last twelve months, newest first, months with jobs only. */
export interface TeamSpendView {
  /** The first month covered ("2025-12"), in the user's time zone. */
  from: string;
  /** This month ("2026-11"). */
  to: string;
  months: { month: string; people: TeamSpendPersonView[] }[];
}
