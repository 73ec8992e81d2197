// The window's main screens in every language it speaks, and in the
// pseudo-language (every message accented, 40% longer and bracketed): on each
// screen no text runs out of its box or is cut off, at the window's widest
// and narrowest, for German's long words as for the rest; in the
// pseudo-language and in Russian no word is left in English letters (the
// user's own data aside: addresses, domains, file names, numbers). Each
// screen is photographed light and dark for a person to look at. The
// screens are reached without their words (the navigation's data-screen, the
// main process's own events), so one tour serves every language.
import type { Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server';
import type { AskedLanguage } from '../../electron/common/i18n/languages';
import { doneJob, invoke, writeList } from './results-support';
import { dropFile } from './import-support';

const KEY = 'sk_live_language_tour_01';
let sandbox: Sandbox;
let dir: string;

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 5_000_000 }] });
  dir = await mkdtemp(join(tmpdir(), 'lc-tour-'));
});

test.afterAll(async () => {
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A list whose every cell is data, not words: the addresses and numbered columns. */
function tourList(rows: number): string {
  const domains = ['gmail.com', 'mail.ru', 'web.de', 'orange.fr', 'uol.com.br', 'mailinator.com'];
  const lines = ['row_id,e_mail,score_1'];
  for (let i = 1; i <= rows; i++) {
    const domain = domains[i % domains.length] as string;
    const local =
      i % 7 === 0 ? `undeliverable+${i}` : i % 11 === 0 ? `undetermined+${i}` : `user${i}`;
    lines.push(`${i},${i % 17 === 0 ? '' : `${local}@${domain}`},${(i * 37) % 100}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Brands, units, key names and names that are the same in every language;
 * "email" too, which the glossary keeps in Latin letters in Russian.
 */
const SAME_EVERYWHERE =
  /List Cleaner|Google Sheets|TXT|Page Up|Page Down|Home|End|[Ee]mail|USD|API|CSV|XLSX|TSV|Excel|Mailchimp|HubSpot|Klaviyo|Brevo|ZeroBounce|NeverBounce|Kickbox|Emailable|Bouncer|MillionVerifier|SendGrid|Mailgun|Postmark|Amazon SES|PostgreSQL|Gmail|Outlook|Yahoo|iCloud|Yandex|Mail\.ru|GMX|Orange|UOL|MX|DNS|ID|OK|Ctrl|Cmd|Shift|Enter|Esc|Tab/g;

/**
 * What a screen (under `selector`) shows: its words still in Latin letters
 * that are no data (for the pseudo-language, outside its brackets), the boxes
 * whose text is cut off, and what runs out of the screen.
 */
async function look(page: Page, selector: string, latinIsEnglish: boolean, pseudo: boolean) {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (root, { latinIsEnglish: checkWords, pseudo: bracketed, same }) => {
        const sameEverywhere = new RegExp(same, 'g');
        const isData = (token: string) =>
          /[@.\d_/:#+…]/.test(token) ||
          token.length < 2 ||
          /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM|kB|MB|GB|bytes?)$/.test(token);
        const english: string[] = [];
        // Shown to the eye (a screen reader's words, .visually-hidden, are checked for English only).
        const visible = (el: Element | null) =>
          !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        const onScreen = (el: Element) => visible(el) && !el.closest('.visually-hidden');
        // A wide table in a box that scrolls sideways is by design: its columns are scrolled to.
        const inScroller = (el: Element) => {
          for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
            if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
          }
          return false;
        };
        const wordsOf = (text: string) => {
          // A value written into the user's file is quoted as it is written there: English.
          const unquoted = text.replace(/«[^»]*»|„[^“]*“|"[^"]*"|“[^”]*”/g, ' ');
          const outside = bracketed ? unquoted.replace(/⟦[^⟧]*⟧/g, ' ') : unquoted;
          return outside
            .replace(sameEverywhere, ' ')
            .split(/[\s,;()«»„“”"'’!?]+/)
            .filter((token) => /[A-Za-z]{2}/.test(token) && !isData(token));
        };
        if (checkWords) {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!visible(parent) || parent?.closest('.brand-name, code, kbd, .file-name')) continue;
            const left = wordsOf(node.textContent ?? '');
            if (left.length > 0) english.push((node.textContent ?? '').trim());
          }
          for (const el of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
            if (!visible(el)) continue;
            for (const name of ['placeholder', 'aria-label', 'title']) {
              const value = el.getAttribute(name);
              if (value && !el.closest('.file-name') && wordsOf(value).length > 0)
                english.push(value);
            }
          }
        }
        const box = root.getBoundingClientRect();
        const clipped = [...root.querySelectorAll<HTMLElement>('*')]
          .filter(
            (el) =>
              onScreen(el) &&
              el.scrollWidth > el.clientWidth + 1 &&
              ['hidden', 'clip'].includes(getComputedStyle(el).overflowX) &&
              // A cell that says it is cut (an ellipsis with its whole text in a tooltip) is by design.
              !(getComputedStyle(el).textOverflow === 'ellipsis' && el.title),
          )
          .map((el) => `${el.className}: ${(el.textContent ?? '').slice(0, 60)}`);
        const outside = [
          ...root.querySelectorAll<HTMLElement>('button, label, summary, p, h1, h2, h3, th, a'),
        ]
          .filter(
            (el) =>
              onScreen(el) && el.getBoundingClientRect().right > box.right + 0.5 && !inScroller(el),
          )
          .map((el) => (el.textContent ?? '').slice(0, 60));
        return { english: [...new Set(english)], clipped, outside };
      },
      { latinIsEnglish, pseudo, same: SAME_EVERYWHERE.source },
    );
}

async function goTo(page: Page, screen: 'import' | 'jobs' | 'results' | 'check' | 'account') {
  const item = page.locator(`nav.app-nav [data-screen="${screen}"]`);
  await item.click();
  await expect(item).toHaveAttribute('aria-current', 'page');
}

/** Each language with the system locale its users have: numbers, money and dates follow the locale. */
const LOCALES: Record<AskedLanguage, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  'pt-BR': 'pt-BR',
  ru: 'ru-RU',
  // English underneath: its dates' month names, AM/PM and file sizes' units are the locale's, not words of ours.
  pseudo: 'en-US',
};
const LANGUAGES = Object.keys(LOCALES) as AskedLanguage[];

for (const language of LANGUAGES) {
  test.describe(language, () => {
    test.use({ locale: LOCALES[language] });
    test(`the main screens in ${language}: nothing cut off or out of its box${
      language === 'pseudo' || language === 'ru' ? ', no English left' : ''
    }`, async ({ app }) => {
      test.setTimeout(180_000);
      const { page } = app;
      const pseudo = language === 'pseudo';
      const latinIsEnglish = pseudo || language === 'ru';
      app.speak(language);
      await invoke(app, 'key:set', { apiKey: KEY, baseUrl: sandbox.url });
      const done = await doneJob(app, await writeList(dir, `tour-${language}.csv`, tourList(90)));
      await app.open();

      const stops: Array<[string, () => Promise<void>, string]> = [
        ['import', () => goTo(page, 'import'), 'main'],
        [
          'review',
          async () => {
            await dropFile(page, `review-${language}.csv`, tourList(40));
            await expect(page.locator('.review-grid')).toBeVisible();
          },
          'main',
        ],
        [
          'jobs',
          async () => {
            await goTo(page, 'jobs');
            const toggle = page.locator('.job-toggle').first();
            if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
            await expect(toggle).toHaveAttribute('aria-expanded', 'true');
          },
          'main',
        ],
        [
          'results',
          async () => {
            app.core().events.emit('results:open', { jobId: done.id });
            await expect(page.getByTestId('results-header')).toBeVisible();
          },
          'main',
        ],
        ...(['1', '2', '3'] as const).map(
          (n) =>
            [
              `results-tab${n}`,
              async () => {
                const tab = page.getByRole('tablist').first().getByRole('tab').nth(Number(n));
                await tab.click();
                await expect(tab).toHaveAttribute('aria-selected', 'true');
                await page
                  .locator('.rows-skeleton, .rows-scroll[aria-busy="true"]')
                  .first()
                  .waitFor({ state: 'detached' });
              },
              'main',
            ] as [string, () => Promise<void>, string],
        ),
        [
          'export',
          async () => {
            await page
              .locator('[data-testid="results-header"] .results-actions button')
              .last()
              .click();
            await expect(page.getByRole('dialog').first()).toBeVisible();
          },
          'dialog[open], [role="dialog"]',
        ],
        [
          'check',
          async () => {
            await page.keyboard.press('Escape');
            await goTo(page, 'check');
          },
          'main',
        ],
        ['account', () => goTo(page, 'account'), 'main'],
        [
          'settings',
          async () => {
            app.core().events.emit('settings:open', { from: 'menu' });
            await expect(page.getByRole('dialog').first()).toBeVisible();
          },
          'dialog[open], [role="dialog"]',
        ],
      ];

      const found: string[] = [];
      for (const [name, reach, scope] of stops) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await reach();
        for (const width of [1280, 900]) {
          await page.setViewportSize({ width, height: 900 });
          const seen = await look(page, scope, latinIsEnglish, pseudo);
          const header = await look(page, '.app-header', latinIsEnglish, pseudo);
          for (const text of [...seen.english, ...header.english])
            found.push(`${name}: English "${text}"`);
          for (const text of seen.clipped) found.push(`${name} at ${width}px: cut off "${text}"`);
          for (const text of seen.outside) found.push(`${name} at ${width}px: outside "${text}"`);
        }
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await app.screenshot(`tour-${name}-${language}`);
      }
      expect([...new Set(found)], `on the screens in ${language}`).toEqual([]);
    });
  });
}
