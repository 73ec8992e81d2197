// One shape for every list platform: what a connector knows of its platform
// (how a key is sent, where its API lives), and the five things it does
// (prove a key, list the lists, read members a page at a time, get ready to
// write, write verdicts and retire members in batches). A fifth platform is
// one file more in platforms/; nothing else learns which platform a list
// came from beyond its source label.
import type { MemberChoice, PlatformId, VerdictStatus } from '../common/catalogs/platforms';
import type { PlatformListView, RetireMode } from '../common/views/platform-views';
import { english, say, type Message } from '../common/i18n/message';
import type { PlatformHttp, PlatformResponse } from './http';

/** A list, audience or segment as the platform names it. */
export type PlatformList = PlatformListView;

/** One member of a list, with what a marketer recognises and what an earlier check wrote. */
export interface PlatformMember {
  /** The platform's own id of the member (the write-back's address). */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The platform's word for the member's state ("subscribed", "cleaned", ...). */
  status: string;
  /** What List Cleaner wrote on the member before, as the platform holds it now. */
  verdict: { status: string; checkedAt: string } | null;
}

export interface MembersPage {
  members: PlatformMember[];
  /** Where the next page starts (a cursor, an offset); null after the last. */
  next: string | null;
}

/** What one check said of one member, to be written back. */
export interface Verdict {
  id: string;
  email: string;
  status: VerdictStatus;
  /** The day of the check, YYYY-MM-DD. */
  checkedAt: string;
}

/** A member the write-back touches, by its id and address. */
export type MemberRef = Pick<Verdict, 'id' | 'email'>;

/**
 * What became of one member's write: refused ones carry the platform's
 * reason, in its own words as it gave them or in ours (English), with our
 * message to say it in the reader's language (refusalOf).
 */
export type WriteOutcome =
  | { id: string; result: 'written' }
  | { id: string; result: 'refused'; reason: string; said?: Message };

/** A refusal of `id`: the platform's own words as they are, or our message with its English. */
export function refusalOf(id: string, reason: string | Message): WriteOutcome {
  return typeof reason === 'string'
    ? { id, result: 'refused', reason }
    : { id, result: 'refused', reason: say(english.t, reason), said: reason };
}

/** How undeliverable members leave the list, where the user asks it: never deleted. */
export type { RetireMode };

export interface ConnectorLimits {
  /** Members asked for per page. */
  pageSize: number;
  /** Members written per batch call. */
  writeBatch: number;
  /** Requests sent at once. */
  maxInFlight: number;
}

export interface Connector {
  id: PlatformId;
  /** "Mailchimp". */
  name: string;
  /** What the key is called there ("API key", "private app access token"): said in the reader's language. */
  keyName: Message;
  /** Where the user makes a key, and the permissions (scopes) it needs, in words. */
  keyHelp: Message;
  /** The platform's word for a list ("audience"). */
  listWord: Message;
  /** The API's base address for this key (Mailchimp's depends on the key's data center). */
  defaultUrl(key: string): string;
  /** The key's last four characters as the user knows it, when not simply its end (Mailchimp's come before its data center). */
  keyEnding?(key: string): string;
  /** The headers that carry the key (and any version header every call needs). */
  headers(key: string): Record<string, string>;
  /** The platform's own words for an error answer, when its body says them. */
  errorText(res: PlatformResponse): string | null;
  /** Seconds to wait after a 429, from the platform's own headers, when it sends them. */
  retryAfter?(res: PlatformResponse): number | undefined;
  /** Retire modes the platform has. */
  retireModes: readonly RetireMode[];
  limits: ConnectorLimits;

  /** One cheap read that proves the key; answers the account's name for Settings. */
  prove(http: PlatformHttp): Promise<{ account: string }>;
  lists(http: PlatformHttp): Promise<PlatformList[]>;
  /** One page of members, from `cursor` (null for the first). */
  members(
    http: PlatformHttp,
    listId: string,
    options: { cursor: string | null; choice: MemberChoice },
  ): Promise<MembersPage>;
  /** Makes what the verdicts are written into (properties, attributes) where missing. */
  prepare(http: PlatformHttp): Promise<void>;
  /**
   * Writes one batch of verdicts; one outcome per verdict, in any order. A
   * platform that runs a batch as a job of its own (Mailchimp's batches,
   * Klaviyo's import jobs) tells `submitted` the job's id once it is made.
   */
  write(
    http: PlatformHttp,
    listId: string,
    verdicts: Verdict[],
    submitted?: (job: string) => Promise<void>,
  ): Promise<WriteOutcome[]>;
  /**
   * Waits until a job `write` made before a crash has finished, so what the
   * members carry can be read before anything is sent again.
   */
  settle?(http: PlatformHttp, job: string): Promise<void>;
  /** Unsubscribes or archives one batch; one outcome per member. */
  retire(
    http: PlatformHttp,
    listId: string,
    members: MemberRef[],
    mode: RetireMode,
  ): Promise<WriteOutcome[]>;
  /**
   * The verdict each member carries now, for a batch that may or may not have
   * been written before a crash: those that carry it are not written again.
   */
  current(
    http: PlatformHttp,
    listId: string,
    members: MemberRef[],
  ): Promise<Map<string, { status: string; checkedAt: string } | null>>;
}
