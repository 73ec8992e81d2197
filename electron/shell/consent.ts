// The user's yes, asked in a native dialog main shows (lib/consent.ts says
// what needs one). Each dialog names what will happen, with Cancel as the
// default. A window with script in it could ask again and again, so the
// questions are rate-limited: one dialog at a time, a "no" is the answer to
// the same question for a while without asking again, and only a few
// dialogs a minute in all. A question refused that way answers no.
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import type { Translator } from '../common/i18n/translate';
import type { Consent, ConsentQuestion } from '../lib/consent';
import { log } from '../lib/log';
import { consentWords } from './consent-words';

export interface ConsentDeps {
  dialog: Pick<Dialog, 'showMessageBox'>;
  window(): BrowserWindow | null;
  /** The words in the user's language as they are now. */
  words(): Translator;
  now?: () => number;
}

/** After a "no", the same kind of question is answered no without a dialog for this long. */
export const QUIET_AFTER_NO_MS = 30_000;
/** The most dialogs in any minute. */
export const DIALOGS_PER_MINUTE = 5;

/** The dialog of each question, in the words of `words`: what it says and what its yes button does. */
export function consentDialog(q: ConsentQuestion, words: Translator): MessageBoxOptions {
  const { title, message, detail, yes } = consentWords(q, words);
  return {
    type: 'warning',
    title,
    message,
    detail,
    buttons: [yes, words.t('consent.cancel')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
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
      const options = consentDialog(question, deps.words());
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
