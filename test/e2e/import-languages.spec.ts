// The New list screen and the review in the user's language: in German the
// review's title, counts, findings and Check say it in German, its long words
// clipped nowhere, and in the
// pseudo-language (every word accented and 40% longer) no word of the screen
// is left in English, none clipped or running out of the screen at the
// window's narrowest. The list's own words (its file name, columns, cells,
// addresses) and what main says stay as they are.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { lookAt } from './language-support';
import { dropFile, useDemo } from './import-support';

const FIXTURE = fileURLToPath(new URL('../fixtures/free-checks/findings.csv', import.meta.url));

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
    const shown = await lookAt(page.locator('.import-screen'), 'pseudo');
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
    const shown = await lookAt(page.locator('.import-screen'), 'pseudo');
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
    const shown = await lookAt(page.locator('.import-screen'), 'pseudo');
    // The file's size is the system locale's, as numbers and money are.
    const english = shown.english.filter((w) => !/^[\d.,]+ bytes$/.test(w));
    expect(english, 'English left in the review').toEqual([]);
    expect(shown.clipped, `the review clipped at ${width}px`).toEqual([]);
    expect(shown.outside, `off the review at ${width}px`).toEqual([]);
  }
  await app.screenshot('languages-review-pseudo');
});
