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
