// The New list screen and the review in the user's language: in German the
// review's title, counts, findings and Check say it in German, its long words
// clipped nowhere, and in the
// pseudo-language (every word accented and 40% longer) no word of the screen
// is left in English, none clipped or running out of the screen at the
// window's narrowest. The list's own words (its file name, columns, cells,
// addresses) and what main says stay as they are.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { dropFile, useDemo } from './import-support';

const FIXTURE = fileURLToPath(new URL('../fixtures/free-checks/findings.csv', import.meta.url));

/** The list's own words, and names that stay as they are in every language. */
const KEPT =
  /List Cleaner|Google Sheets|Mailchimp|HubSpot|Klaviyo|Brevo|Excel|CSV|TSV|TXT|Ctrl\+V|USD|UTF-8|BOM/g;

/**
 * Words of the screen in plain English letters, outside the list's own words
 * (file names, the preview, the column select, suggested addresses), and
 * boxes whose text runs out of them or out of the screen.
 */
async function englishAndClipped(page: Page) {
  return page.locator('.import-screen').evaluate((root, kept) => {
    const own =
      '.file-name, .preview, select, .finding-suggestions, [data-user-value], .sheet-name, .drafts';
    const english: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text === '' || node.parentElement?.closest(own)) continue;
      if (/[A-Za-z]{2}/.test(text.replace(new RegExp(kept, 'g'), ''))) english.push(text);
    }
    for (const el of root.querySelectorAll('[aria-label], [title]')) {
      if (el.closest(own)) continue;
      for (const attribute of ['aria-label', 'title']) {
        const words = (el.getAttribute(attribute) ?? '').replace(new RegExp(kept, 'g'), '');
        if (/[A-Za-z]{2}/.test(words)) english.push(words);
      }
    }
    // Words only a screen reader reads are in a box of a pixel on purpose.
    const clipped = [...root.querySelectorAll<HTMLElement>('*')]
      .filter((el) => !el.closest(own) && !el.closest('.visually-hidden'))
      .filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
      )
      .map((el) => el.textContent ?? el.tagName);
    const right = document.documentElement.clientWidth;
    const outside = [...root.querySelectorAll<HTMLElement>('button, label, summary, p, h1, h2, dt')]
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .map((el) => el.textContent);
    return { english, clipped, outside };
  }, KEPT.source);
}

test('the review speaks German: its title, counts, findings and Check', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  app.speak('de');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Liste prüfen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Datei wählen …' })).toBeVisible();

  await dropFile(page, 'webinar-signups.csv', await readFile(FIXTURE, 'utf8'));
  await expect(page.getByRole('heading', { level: 1, name: 'Liste durchsehen' })).toBeFocused();
  await expect(page.getByTestId('review-counts')).toContainText('Zu prüfen');
  await expect(page.getByTestId('findings-role')).toHaveText(
    '2 Funktionsadressen (info@, sales@ …)',
  );
  await expect(page.getByTestId('findings-typo')).toContainText('2 mögliche Tippfehler');
  await expect(page.getByTestId('dont-pay-for')).toContainText('Nicht bezahlen für');
  await expect(page.getByRole('button', { name: /^\d+ Adressen prüfen/ })).toBeEnabled();
  await page.getByText('So wird gerechnet').click();
  await expect(page.getByTestId('price-source')).toHaveText('Preis des Demokontos');

  // German's long words fit: nothing clipped or off the screen at the window's narrowest.
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    const shown = await englishAndClipped(page);
    expect(shown.clipped, `clipped at ${width}px`).toEqual([]);
    expect(shown.outside, `outside the screen at ${width}px`).toEqual([]);
  }
  await app.screenshot('languages-review-de');
});

test('in the pseudo-language no word of New list or the review is English, clipped or off the screen', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  app.speak('pseudo');
  await page.reload();
  await expect(page.locator('.import-screen h1')).toHaveText(/^⟦/);
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    const shown = await englishAndClipped(page);
    expect(shown.english, 'English left on New list').toEqual([]);
    expect(shown.clipped, `New list clipped at ${width}px`).toEqual([]);
    expect(shown.outside, `off New list at ${width}px`).toEqual([]);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await dropFile(page, 'webinar-signups.csv', await readFile(FIXTURE, 'utf8'));
  await expect(page.getByTestId('review-counts')).toBeVisible();
  await expect(page.getByTestId('estimate-charge')).not.toHaveText('—');
  await page.locator('.cost-details summary').click();
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    const shown = await englishAndClipped(page);
    // The file's size is the system locale's, as numbers and money are.
    const english = shown.english.filter((w) => !/^[\d.,]+ bytes$/.test(w));
    expect(english, 'English left in the review').toEqual([]);
    expect(shown.clipped, `the review clipped at ${width}px`).toEqual([]);
    expect(shown.outside, `off the review at ${width}px`).toEqual([]);
  }
  await app.screenshot('languages-review-pseudo');
});
