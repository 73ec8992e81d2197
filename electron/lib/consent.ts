// What main does for the window only with the user's own answer: the window is
// untrusted, so sending the key to an address no key was proven for,
// replacing the saved key, starting a job over its spending limit, and
// raising or lifting that limit each ask first, in a native dialog main
// shows (shell/consent.ts). Without a shell that can ask, the answer is no.
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
function notDone(q: ConsentQuestion): string {
  const ask = "that needs your yes in List Cleaner's own dialog";
  switch (q.kind) {
    case 'send-key':
      return `Your API key was not sent to ${q.host}: ${ask}. Nothing was sent or charged.`;
    case 'replace-key':
      return `Your saved key ending in ${q.oldLast4} was kept: replacing it needs your yes in List Cleaner's own dialog. Nothing was sent or charged.`;
    case 'over-limit':
      return `${q.fileName} was not started: going over your spending limit of ${usdExact(q.limitMicros)} needs your yes in List Cleaner's own dialog. Raise the limit in Settings, or check fewer addresses. Nothing was charged.`;
    case 'raise-limit':
      return `Your spending limit stays at ${usdExact(q.fromMicros)}: raising it needs your yes in List Cleaner's own dialog.`;
    case 'retire-members':
      return `No member of ${q.listName} was ${q.mode === 'archive' ? 'archived' : 'unsubscribed'}: that needs your yes in List Cleaner's own dialog. Nothing was written.`;
  }
}

/** Asks, and throws what was not done when the answer is no. */
export async function requireConsent(consent: Consent, question: ConsentQuestion): Promise<void> {
  if (await consent(question)) return;
  throw new AppError('declined', notDone(question));
}
