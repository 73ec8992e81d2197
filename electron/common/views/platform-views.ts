// What the window and the command line are shown of the list platforms: the
// connections (never a key, only its last four characters), a platform's
// lists, the write-back's plan and its report; and, in the reader's language,
// how a platform holds the verdict written back. The platforms' names and the
// names the verdict is written under (tags, properties) stay as they are.
import type { Translate } from '../i18n/message';
import type { MessageId } from '../i18n/translate';
import type { PlatformId, VerdictStatus } from '../catalogs/platforms';

export type RetireMode = 'unsubscribe' | 'archive';

export interface ConnectionView {
  platform: PlatformId;
  name: string;
  connected: boolean;
  /** Where the key goes ("us21.api.mailchimp.com"). */
  host: string | null;
  keyEnding: string | null;
  /** What the key is called there ("API key", "private app access token"). */
  keyName: string;
  /** Where to make a key, and the permissions it needs. */
  keyHelp: string;
  /** The platform's word for a list ("audience"). */
  listWord: string;
  from: 'saved' | 'environment' | null;
}

/** A list, audience or segment as the platform names it. */
export interface PlatformListView {
  id: string;
  name: string;
  /** Members in it, as the platform counts them; null when it does not say. */
  size: number | null;
  kind: string;
}

export interface ReadProgress {
  members: number;
  /** The list's size as the platform counts it, when it says. */
  total: number | null;
}

export interface WorkCounts {
  /** Members to write, by their new verdict. */
  write: Partial<Record<VerdictStatus, number>>;
  /** Members that carry this verdict already (written by an earlier run of the same check). */
  unchanged: number;
  /** Rows with no verdict to write (repeats of an address, addresses not checked). */
  skipped: number;
  /** Members the retire step would unsubscribe or archive. */
  retirable: number;
  /**
   * Members by what they carried before and their verdict now ("none>deliverable",
   * "deliverable>undeliverable"): a watch's changes and the list's health.
   */
  moves?: Record<string, number>;
}

export interface WriteBackPlan {
  platform: PlatformId;
  listName: string;
  /** The day the verdicts are dated, YYYY-MM-DD. */
  checkedAt: string;
  counts: WorkCounts;
  /** How the verdict is written, in the platform's words ("<status>" stands for each member's). */
  how: string;
  /** Whether the platform keeps the day of the check with it (a Mailchimp tag does not). */
  dated: boolean;
  retireModes: RetireMode[];
}

export interface WriteBackReport {
  platform: PlatformId;
  listName: string;
  state: 'writing' | 'done' | 'failed';
  phase: 'verdicts' | 'retire' | 'done';
  plan: WorkCounts;
  counts: { written: number; refused: number; retired: number; retireRefused: number };
  /** The first refusals, with the platform's reasons. */
  refusals: { email: string; reason: string }[];
  retire: RetireMode | null;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

const HOW_IDS = {
  mailchimp: 'platform.how.mailchimp',
  hubspot: 'platform.how.hubspot',
  klaviyo: 'platform.how.klaviyo',
  brevo: 'platform.how.brevo',
} as const satisfies Record<PlatformId, MessageId>;

/**
 * How `platform` holds the verdict written back, as a plan's `how` says it in
 * English ('the tag "list-cleaner: <status>", …'), in the language of `t`;
 * `status` stands where each member's own result goes.
 */
export const verdictHow = (t: Translate, platform: PlatformId, status: string): string =>
  t(HOW_IDS[platform], { status });
