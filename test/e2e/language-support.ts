// What the language specs look for on a screen: a word still in English (in
// the pseudo-language, any outside its ⟦brackets⟧; in Russian, any in Latin
// letters), text cut off in its box, and what runs out of the screen. The
// user's own data (addresses, domains, file names, the file's cells, numbers)
// and names that are the same in every language are no words of ours.
import type { Locator } from '@playwright/test';

/**
 * Brands, units, key names and names that are the same in every language;
 * "email" too, which the glossary keeps in Latin letters in Russian.
 */
const SAME_EVERYWHERE =
  /List Cleaner|Google Sheets|TXT|Page Up|Page Down|Home|End|[Ee]mail|USD|API|CSV|XLSX|TSV|Excel|UTF-8|BOM|Mailchimp|HubSpot|Klaviyo|Brevo|ZeroBounce|NeverBounce|Kickbox|Emailable|Bouncer|MillionVerifier|SendGrid|Mailgun|Postmark|Amazon SES|PostgreSQL|Gmail|Outlook|Yahoo|iCloud|Yandex|Mail\.ru|GMX|Orange|UOL|MX|DNS|ID|OK|Ctrl|Cmd|Shift|Enter|Esc|Tab/g;

/** Where the user's own values are shown: their words are theirs. */
const USERS_OWN =
  '.brand-name, code, kbd, .file-name, [data-user-value], .mono, .preview, .finding-suggestions, .sheet-name, .drafts, .check-address, .history-address, .connection-title, option';

export interface Seen {
  english: string[];
  clipped: string[];
  outside: string[];
}

/**
 * What `root` shows. `words`: which words count as English: 'pseudo' (any
 * outside the pseudo-language's brackets), 'latin' (any in Latin letters, for
 * a language written in another script) or 'none' (a language in Latin
 * letters: only the layout is looked at).
 */
export async function lookAt(root: Locator, words: 'pseudo' | 'latin' | 'none'): Promise<Seen> {
  return root.evaluate(
    (el, { words: kind, same, own }) => {
      const sameEverywhere = new RegExp(same, 'g');
      const isData = (token: string) =>
        /[@.\d_/:#+…]/.test(token) ||
        token.length < 2 ||
        // The locale's (dates, sizes), not words of ours.
        /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM|kB|MB|GB|bytes?)$/.test(token);
      const english: string[] = [];
      // Shown to the eye (a screen reader's words, .visually-hidden, are checked for English only).
      const visible = (node: Element | null) =>
        !!node &&
        node.getClientRects().length > 0 &&
        getComputedStyle(node).visibility !== 'hidden';
      const onScreen = (node: Element) => visible(node) && !node.closest('.visually-hidden');
      // A wide table in a box that scrolls sideways is by design: its columns are scrolled to.
      const inScroller = (node: Element) => {
        for (let up = node.parentElement; up && up !== el; up = up.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
        }
        return false;
      };
      const left = (text: string) => {
        // A value written into the user's file is quoted as it is written there: English.
        const unquoted = text.replace(/«[^»]*»|„[^“]*“|"[^"]*"|“[^”]*”/g, ' ');
        const outside = kind === 'pseudo' ? unquoted.replace(/⟦[^⟧]*⟧/g, ' ') : unquoted;
        return outside
          .replace(sameEverywhere, ' ')
          .split(/[\s,;()«»„“”"'’!?]+/)
          .filter((token) => /[A-Za-z]{2}/.test(token) && !isData(token));
      };
      if (kind !== 'none') {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!visible(parent) || parent?.closest(own)) continue;
          if (left(node.textContent ?? '').length > 0)
            english.push((node.textContent ?? '').trim());
        }
        for (const node of el.querySelectorAll('[placeholder], [aria-label], [title]')) {
          if (!visible(node) || node.closest(own)) continue;
          for (const name of ['placeholder', 'aria-label', 'title']) {
            const value = node.getAttribute(name);
            if (value && left(value).length > 0) english.push(value);
          }
        }
      }
      const right = Math.min(el.getBoundingClientRect().right, window.innerWidth) + 0.5;
      const clipped = [...el.querySelectorAll<HTMLElement>('*')]
        .filter(
          (node) =>
            onScreen(node) &&
            node.scrollWidth > node.clientWidth + 1 &&
            ['hidden', 'clip'].includes(getComputedStyle(node).overflowX) &&
            // A cell that says it is cut (an ellipsis, its whole text on hover) is by design.
            !(getComputedStyle(node).textOverflow === 'ellipsis' && node.title),
        )
        .map((node) => `${node.className}: ${(node.textContent ?? '').slice(0, 60)}`);
      const outside = [
        ...el.querySelectorAll<HTMLElement>('button, label, summary, p, h1, h2, h3, dt, dd, th, a'),
      ]
        .filter(
          (node) =>
            onScreen(node) && node.getBoundingClientRect().right > right && !inScroller(node),
        )
        .map((node) => (node.textContent ?? '').slice(0, 60));
      return { english: [...new Set(english)], clipped, outside };
    },
    { words, same: SAME_EVERYWHERE.source, own: USERS_OWN },
  );
}
