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
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import type { AskedLanguage } from '../../electron/common/i18n/languages';
import { doneJob, invoke, writeList } from './results-support';
import { dropFile } from './import-support';
import { lookAt } from './language-support';

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
      const words = language === 'pseudo' ? 'pseudo' : language === 'ru' ? 'latin' : 'none';
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
            // The charts are a chunk of their own: photographed drawn, not as their placeholders.
            await expect(page.locator('.provider-bar').first()).toBeVisible();
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
            await expect(page.getByTestId('settings-page')).toBeVisible();
          },
          '.settings-page',
        ],
      ];

      const found: string[] = [];
      for (const [name, reach, scope] of stops) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await reach();
        for (const width of [1280, 900]) {
          await page.setViewportSize({ width, height: 900 });
          const seen = await lookAt(page.locator(scope).first(), words);
          const header = await lookAt(page.locator('.app-header'), words);
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
