// One rule for what each address of a job costs, used by the estimate, the
// sample and the start alike: an address with an outcome already (a sample)
// is done; one on the account's suppression list, or decided by a block rule,
// is never sent; one answered within the reuse window is taken from memory; one at
// a domain that takes no mail, a throw-away domain or a role mailbox is not
// sent when the user chose so. For Email + avatar, the avatar products'
// coverage of its domain decides the rest (jobs/coverage/rule.ts): covered
// addresses are sent as usual, those at domains not known yet only by multi
// checks, and those outside coverage are not sent, or, by the user's choice,
// checked with Email (an Email answer in the window then serves, free).
import { readFile } from 'node:fs/promises';
import { DISPOSABLE, ROLE } from '../../checks/findings';
import type { OthersChoice } from '../../common/model';
import type { RuleAction } from '../../rules/types';
import type { SkipChoice } from '../../common/views/views';
import { NO_MAIL } from '../../lists/judge/free-checks';
import type { Coverage } from '../coverage/rule';

export type AddressCost =
  | 'done'
  /** On the account's suppression list: never sent, never paid for. */
  | 'suppressed'
  /** Decided by a block rule: never sent, never paid for. */
  | 'blocked'
  | 'reused'
  | 'noMail'
  | 'disposable'
  | 'role'
  /** Sent with the job's product, by the plan's route. */
  | 'send'
  /** Email + avatar, at a domain not known yet: avatar multi checks, never a bulk file. */
  | 'unknownDomain'
  /** Email + avatar, outside coverage: not sent, never paid for (not_covered). */
  | 'notCovered'
  /** Email + avatar, outside coverage: checked with Email, by the user's choice. */
  | 'sendEmail'
  /** As sendEmail, with an Email answer within the reuse window: reused, free. */
  | 'reusedEmail';

/** What the rule knows of one address. Dates are epoch seconds, 0 for none. */
export interface AddressFacts {
  /** It has an outcome already (a sample's). */
  done: boolean;
  /** When the memory's answer that may serve the job's product was given. */
  reusedAt: number;
  /** When the memory's answer that may serve an Email check was given (Email + avatar only). */
  emailAt: number;
  /** The free checks' flags (lists/judge/free-checks.ts). */
  flags: number;
  /** Email + avatar: where the avatar products stand on its domain; null for Email. */
  coverage: Coverage | null;
  /** On the account's suppression list. */
  suppressed: boolean;
  /** The action of the user's rule that decides it, if one does. */
  rule: RuleAction | null;
}

/** What the user chose, as the rule reads it; `from`: the oldest date reused, null when reuse is off. */
export interface CostRule {
  from: number | null;
  skip: SkipChoice;
  others: OthersChoice;
}

const within = (at: number, from: number | null) => from !== null && at > 0 && at >= from;

/** What an allow rule leaves of the user's choices: nothing is left out by a free check. */
const SKIP_NOTHING: SkipChoice = { noMail: false, disposable: false, role: false };

export function costOf(a: AddressFacts, rule: CostRule): AddressCost {
  if (a.done) return 'done';
  // The platform's own evidence outranks the user's rules: a suppressed address is never mailed.
  if (a.suppressed) return 'suppressed';
  if (a.rule === 'block') return 'blocked';
  if (within(a.reusedAt, rule.from)) return 'reused';
  const skip = a.rule === 'allow' ? SKIP_NOTHING : rule.skip;
  if (skip.noMail && a.flags & NO_MAIL) return 'noMail';
  if (skip.disposable && a.flags & DISPOSABLE) return 'disposable';
  if (skip.role && a.flags & ROLE) return 'role';
  if (a.coverage === 'unknown') return 'unknownDomain';
  if (a.coverage === 'outside') {
    if (rule.others !== 'email') return 'notCovered';
    return within(a.emailAt, rule.from) ? 'reusedEmail' : 'sendEmail';
  }
  return 'send';
}

export interface SplitCounts {
  send: number;
  unknownDomain: number;
  sendEmail: number;
  notCovered: number;
  done: number;
  suppressed: number;
  blocked: number;
  /** Reused answers, Email answers for addresses outside coverage among them. */
  reused: number;
  noMail: number;
  disposable: number;
  role: number;
  /** When the oldest and newest reused answers were given, epoch seconds. */
  oldest: number | null;
  newest: number | null;
}

export const emptySplit = (): SplitCounts => ({
  send: 0,
  unknownDomain: 0,
  sendEmail: 0,
  notCovered: 0,
  done: 0,
  suppressed: 0,
  blocked: 0,
  reused: 0,
  noMail: 0,
  disposable: 0,
  role: 0,
  oldest: null,
  newest: null,
});

/** Adds one address to the counts; `reusedAt`: the date of the answer a reuse takes. */
export function tallyCost(counts: SplitCounts, cost: AddressCost, reusedAt: number): void {
  const key = cost === 'reusedEmail' ? 'reused' : cost;
  counts[key] += 1;
  if (key === 'reused') {
    counts.oldest = counts.oldest === null ? reusedAt : Math.min(counts.oldest, reusedAt);
    counts.newest = counts.newest === null ? reusedAt : Math.max(counts.newest, reusedAt);
  }
}

/** The findings' flags per address (lists/judge/free-checks.ts); none for a list kept before them. */
export async function readFlags(path: string | undefined, unique: number): Promise<Uint8Array> {
  if (path) {
    try {
      const bytes = await readFile(path);
      if (bytes.length === unique) return new Uint8Array(bytes.buffer, bytes.byteOffset, unique);
    } catch {
      // A damaged or missing file only means nothing is skipped for free.
    }
  }
  return new Uint8Array(unique);
}
