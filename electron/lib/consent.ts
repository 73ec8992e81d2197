// What main does for the window only with the user's own answer: the window is
// untrusted, so sending the key to an address no key was proven for, putting
// a first key in place or replacing or removing the saved one, starting a
// job over its spending limit, raising or lifting that limit, lowering a
// price the limit counts with, the page opened to add funds, connecting to a
// team store (or testing, changing or leaving one), and removing suppression
// entries or the memory of paid answers each ask first, in a native dialog
// main shows (shell/consent.ts). Without a shell that can ask, the answer is no.
import { message, type Message } from '../common/i18n/message';
import { AppError } from './app-error';
import { usdExact } from '../common/money';
import type { JobProduct } from '../common/model';

export type ConsentQuestion =
  /** The key goes to a host no key was proven for (provenHost: where it was, if anywhere). */
  | { kind: 'send-key'; host: string; provenHost: string | null }
  /** A key is put in place where none is saved (foreign: not the service's own address). */
  | { kind: 'use-key'; last4: string; host: string; foreign: boolean }
  /** The saved key is removed from this computer. */
  | { kind: 'clear-key'; last4: string; host: string }
  /** A unit price the estimate and the limit count with goes down (from null: none was entered). */
  | { kind: 'lower-price'; product: JobProduct; fromMicros: number | null; toMicros: number }
  /** The page opened to add funds becomes another one. */
  | { kind: 'billing-page'; url: string; host: string }
  /** Main connects to a team store the window typed, to test it. */
  | { kind: 'team-test'; target: string }
  /** The team store the app shares its work through (replacing: the one it had). */
  | { kind: 'team-connect'; target: string; replacing: string | null }
  /** The app stops using its team store. */
  | { kind: 'team-remove'; target: string }
  /** A whole file's entries leave the suppression list (the team's with a team store). */
  | { kind: 'unsuppress-file'; name: string; entries: number; team: boolean }
  /** One address leaves the suppression list (the team's with a team store). */
  | { kind: 'unsuppress-address'; address: string; team: boolean }
  /** The answers already paid for are forgotten. */
  | { kind: 'forget-memory'; answers: number }
  /** The saved key (…oldLast4) is replaced by another (…newLast4), proven at host. */
  | { kind: 'replace-key'; oldLast4: string; newLast4: string; host: string }
  /** A job starts though its estimate is over its limit (or cannot be told against it). */
  | {
      kind: 'over-limit';
      fileName: string;
      addresses: number;
      estimateMicros: number | null;
      limitMicros: number;
    }
  /** The spending limit goes up, or away (toMicros null). */
  | { kind: 'raise-limit'; fromMicros: number; toMicros: number | null }
  /** Undeliverable members of a platform list are unsubscribed or archived (never deleted). */
  | {
      kind: 'retire-members';
      platform: string;
      listName: string;
      count: number;
      mode: 'unsubscribe' | 'archive';
    }
  /** A watch retires a platform list's undeliverable members on every run, up to a ceiling a run. */
  | {
      kind: 'watch-retire';
      platform: string;
      listName: string;
      mode: 'unsubscribe' | 'archive';
      /** The ceiling a run, in basis points of the members read. */
      ceilingBp: number;
    }
  /** A watch is removed with its runs (nothing on the platform changes). */
  | { kind: 'watch-remove'; name: string };

/** Asks the user; true only when they said yes. */
export type Consent = (question: ConsentQuestion) => Promise<boolean>;

/** The answer where no one can be asked (no shell, a test without dialogs). */
export const noConsent: Consent = async () => false;

/** What was not done because the answer was no, and what to do instead. */
function notDone(q: ConsentQuestion): Message {
  switch (q.kind) {
    case 'send-key':
      return message('error.consent.sendKey', { host: q.host });
    case 'replace-key':
      return message('error.consent.replaceKey', { last4: q.oldLast4 });
    case 'over-limit':
      return message('error.consent.overLimit', {
        fileName: q.fileName,
        limit: usdExact(q.limitMicros),
      });
    case 'raise-limit':
      return message('error.consent.raiseLimit', { limit: usdExact(q.fromMicros) });
    case 'retire-members':
      return message('error.consent.retireMembers', { listName: q.listName, mode: q.mode });
    case 'watch-retire':
      return message('error.consent.watchRetire', { listName: q.listName });
    case 'watch-remove':
      return message('error.consent.watchRemove', { name: q.name });
    case 'use-key':
      return message('error.consent.useKey', { last4: q.last4 });
    case 'clear-key':
      return message('error.consent.clearKey', { last4: q.last4 });
    case 'lower-price':
      return message('error.consent.lowerPrice', { product: q.product });
    case 'billing-page':
      return message('error.consent.billingPage', { host: q.host });
    case 'team-test':
      return message('error.consent.teamTest', { target: q.target });
    case 'team-connect':
      return message('error.consent.teamConnect', { target: q.target });
    case 'team-remove':
      return message('error.consent.teamRemove', { target: q.target });
    case 'unsuppress-file':
      return message('error.consent.unsuppressFile', { name: q.name });
    case 'unsuppress-address':
      return message('error.consent.unsuppressAddress', { address: q.address });
    case 'forget-memory':
      return message('error.consent.forgetMemory');
  }
}

/** Asks, and throws what was not done when the answer is no. */
export async function requireConsent(consent: Consent, question: ConsentQuestion): Promise<void> {
  if (await consent(question)) return;
  throw new AppError('declined', notDone(question));
}
