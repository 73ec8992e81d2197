// What main does for the window only with the user's own answer: the window is
// untrusted, so sending the key to an address no key was proven for,
// replacing the saved key, starting a job over its spending limit, and
// raising or lifting that limit each ask first, in a native dialog main
// shows (shell/consent.ts). Without a shell that can ask, the answer is no.
import { message, type Message } from '../common/i18n/message';
import { AppError } from './app-error';
import { usdExact } from '../common/money';

export type ConsentQuestion =
  /** The key goes to a host no key was proven for (provenHost: where it was, if anywhere). */
  | { kind: 'send-key'; host: string; provenHost: string | null }
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
    };

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
  }
}

/** Asks, and throws what was not done when the answer is no. */
export async function requireConsent(consent: Consent, question: ConsentQuestion): Promise<void> {
  if (await consent(question)) return;
  throw new AppError('declined', notDone(question));
}
