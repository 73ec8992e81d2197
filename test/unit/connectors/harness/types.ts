// One handle on each platform's fake, so the connector tests that every
// platform must pass (a 50,000-member list read, checked and written back; a
// crash in the middle of the write-back; a refused key; a 429 storm) are
// written once and run for each platform.
import type { PlatformId } from '../../../../electron/common/catalogs/platforms';
import type { FaultControls } from '../../../fakes/common/faults';

export interface HarnessMember {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Not subscribed: unsubscribed, or the platform's word for it. Default false. */
  unsubscribed?: boolean;
  /** A member the platform refuses to update (Mailchimp's `cleaned`); platforms without one ignore it. */
  locked?: boolean;
}

export interface FakeHarness {
  platform: PlatformId;
  url: string;
  key: string;
  /** The list the members were seeded into. */
  listId: string;
  /** The verdict the fake holds for the member now (tag, property or attribute), or null. */
  verdictOf(email: string): { status: string; checkedAt: string | null } | null;
  /** How many write requests changed or set this member's verdict. */
  writesOf(email: string): number;
  /** Unsubscribed or archived by a write (not as seeded). */
  retired(email: string): boolean;
  /** Members that exist now; nothing may ever be deleted. */
  memberCount(): number;
  faults: FaultControls;
  /** Requests answered so far (for "the batch endpoints were used" and pacing checks). */
  requests: readonly { method: string; path: string; status: number | null }[];
  stop(): Promise<void>;
}

export interface HarnessOptions {
  members: HarnessMember[];
  /** Answer each request after this long, so requests overlap as over a network. */
  latencyMs?: number;
}

export type StartHarness = (options: HarnessOptions) => Promise<FakeHarness>;
