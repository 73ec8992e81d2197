// The user's yes, asked in a native dialog main shows (lib/consent.ts says
// what needs one). Each dialog names what will happen, with Cancel as the
// default. A window with script in it could ask again and again, so the
// questions are rate-limited: one dialog at a time, a "no" is the answer to
// the same question for a while without asking again, and only a few
// dialogs a minute in all. A question refused that way answers no.
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import { usd, usdExact } from '../common/money';
import type { Consent, ConsentQuestion } from '../lib/consent';
import { log } from '../lib/log';

export interface ConsentDeps {
  dialog: Pick<Dialog, 'showMessageBox'>;
  window(): BrowserWindow | null;
  now?: () => number;
}

/** After a "no", the same kind of question is answered no without a dialog for this long. */
export const QUIET_AFTER_NO_MS = 30_000;
/** The most dialogs in any minute. */
export const DIALOGS_PER_MINUTE = 5;

/** The dialog of each question: what it says and what its yes button does. */
export function consentDialog(q: ConsentQuestion): MessageBoxOptions {
  const ask = (title: string, message: string, detail: string, yes: string) => ({
    type: 'warning' as const,
    title,
    message,
    detail,
    buttons: [yes, 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  });
  switch (q.kind) {
    case 'send-key':
      return ask(
        'Send your API key to a new address?',
        `Send your API key to ${q.host}?`,
        `${q.provenHost ? `Your key was proven for ${q.provenHost}. ` : ''}Whoever runs ${q.host} can spend your balance with it. Continue only if your verification service gave you this address.`,
        `Send my key to ${q.host}`,
      );
    case 'replace-key':
      return ask(
        'Replace your API key?',
        `Replace your key ending in ${q.oldLast4} with the one ending in ${q.newLast4}?`,
        `The new key works at ${q.host}. Jobs from now on are charged to its account; the key ending in ${q.oldLast4} is removed from this computer's keychain.`,
        'Replace my key',
      );
    case 'over-limit':
      return ask(
        'Check over your spending limit?',
        q.estimateMicros === null
          ? `Check ${q.fileName} though its cost is not known?`
          : `Check ${q.fileName} for up to ${usd(q.estimateMicros)}?`,
        q.estimateMicros === null
          ? `Your spending limit is ${usdExact(q.limitMicros)}, and the price of these ${q.addresses.toLocaleString('en-US')} addresses is not known yet. The limit stays and counts once a price is learned.`
          : `Checking ${q.addresses.toLocaleString('en-US')} addresses costs up to ${usd(q.estimateMicros)}, over your spending limit of ${usdExact(q.limitMicros)}. This job may then spend up to ${usd(q.estimateMicros)}, and no more.`,
        'Check anyway',
      );
    case 'raise-limit':
      return ask(
        'Raise your spending limit?',
        q.toMicros === null
          ? `Remove your spending limit of ${usdExact(q.fromMicros)}?`
          : `Raise your spending limit from ${usdExact(q.fromMicros)} to ${usdExact(q.toMicros)}?`,
        q.toMicros === null
          ? 'Without a limit, a job may spend up to your whole balance.'
          : `A job may then spend up to ${usdExact(q.toMicros)} of your balance.`,
        q.toMicros === null ? 'Remove the limit' : 'Raise the limit',
      );
    case 'retire-members': {
      const n = q.count.toLocaleString('en-US');
      const verb = q.mode === 'archive' ? 'Archive' : 'Unsubscribe';
      return ask(
        `${verb} undeliverable members?`,
        `${verb} ${n} undeliverable members of ${q.listName} on ${q.platform}?`,
        q.mode === 'archive'
          ? `They stay in ${q.platform}, archived: no mail goes to them, and you can bring any of them back there. Nothing is deleted.`
          : `They stay in ${q.platform}, unsubscribed: no marketing mail goes to them. Nothing is deleted.`,
        `${verb} ${n} members`,
      );
    }
  }
}

export function createConsent(deps: ConsentDeps): Consent {
  const now = deps.now ?? Date.now;
  let open = false;
  const asked: number[] = [];
  const refusedAt = new Map<ConsentQuestion['kind'], number>();

  return async (question) => {
    const at = now();
    const refused = refusedAt.get(question.kind);
    while (asked.length > 0 && (asked[0] ?? 0) <= at - 60_000) asked.shift();
    const why = open
      ? 'another question is open'
      : refused !== undefined && at - refused < QUIET_AFTER_NO_MS
        ? 'it was refused a moment ago'
        : asked.length >= DIALOGS_PER_MINUTE
          ? 'too many were asked this minute'
          : null;
    if (why !== null) {
      log.warn(`consent: "${question.kind}" answered no without a dialog: ${why}`);
      return false;
    }
    open = true;
    asked.push(at);
    try {
      const win = deps.window();
      const options = consentDialog(question);
      const result = win
        ? await deps.dialog.showMessageBox(win, options)
        : await deps.dialog.showMessageBox(options);
      const yes = result.response === 0;
      if (yes) refusedAt.delete(question.kind);
      else refusedAt.set(question.kind, now());
      return yes;
    } finally {
      open = false;
    }
  };
}
