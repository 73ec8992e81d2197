// The Jobs screen, the quick check and the update banner in the user's
// language, as main tells it: a finished job's row and its details in German
// and Russian, and in the pseudo-language (every word accented and 40%
// longer) no word of them left in English, none clipped or running out of the
// screen at the window's narrowest. The lists are checked in English first:
// the import screen moves into the catalogs on its own.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { lookAt } from './language-support';
import { dropFile, jobCard, knownList, useDemo } from './import-support';

const FILE = 'spring-leads.csv';
const ADDRESS = 'avatar+founder@provider1.test';

/** A finished job of 12 addresses (10 deliverable), two repeats and one cell that is no address. */
async function finishedJob(page: Page): Promise<void> {
  const list = knownList({ unique: 12, duplicates: 2, invalid: 1, undeliverableEvery: 6 });
  await dropFile(page, FILE, list.csv);
  await page.getByRole('button', { name: 'Check 12 addresses' }).click();
  await expect(jobCard(page, FILE).getByTestId('job-state')).toHaveText('Done', {
    timeout: 20_000,
  });
}

/** Opens a screen of the navigation, whatever language its words are in. */
async function go(page: Page, screen: 'jobs' | 'check'): Promise<void> {
  await page.locator(`nav.app-nav [data-screen="${screen}"]`).click();
}

/** Opens the job's row, whatever language its button's state is said in. */
async function openRow(page: Page): Promise<void> {
  const toggle = jobCard(page, FILE).locator('.job-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

test('a finished job in German and Russian, and in the pseudo-language with nothing English, clipped or outside', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  await finishedJob(page);

  app.speak('de');
  await page.reload();
  await go(page, 'jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
  const card = jobCard(page, FILE);
  await expect(card.getByTestId('job-state')).toHaveText('Fertig');
  await expect(card.getByTestId('job-counts')).toHaveText('10 von 12 zustellbar');
  await openRow(page);
  await expect(card.locator('.job-outcomes')).toContainText('Zustellbar');
  await expect(card.getByTestId('row-sum')).toContainText('Wohin die Zeilen der Datei gingen');
  await expect(card.getByTestId('sum-repeats')).toContainText('Wiederholungen');
  await expect(card.getByRole('button', { name: 'Ergebnisse öffnen' })).toBeVisible();
  await app.screenshot('languages-jobs-de');

  app.speak('ru');
  await page.reload();
  await go(page, 'jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Задания' })).toBeVisible();
  await expect(card.getByTestId('job-state')).toHaveText('Готово');
  await expect(card.getByTestId('job-counts')).toHaveText('Доставляемых: 10 из 12');
  await openRow(page);
  await expect(card.getByTestId('sum-total')).toContainText('строк в файле');
  await app.screenshot('languages-jobs-ru');

  app.speak('pseudo');
  await page.reload();
  await go(page, 'jobs');
  await expect(page.locator('.jobs-screen .page-title')).toHaveText(/^⟦/);
  await openRow(page);
  await card.getByRole('button', { name: /^⟦/ }).last().click(); // Remove: its question shows.
  await expect(card.locator('.danger-confirm')).toBeVisible();
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    const shown = await lookAt(page.locator('.jobs-screen'), 'pseudo');
    expect(shown.english, 'English left on the Jobs screen').toEqual([]);
    expect(shown.clipped, `clipped at ${width}px`).toEqual([]);
    expect(shown.outside, `outside the screen at ${width}px`).toEqual([]);
  }
  await app.screenshot('languages-jobs-pseudo');
});

test('the quick check and the update banner in German, and in the pseudo-language with nothing English', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  app.speak('de');
  await page.reload();
  await go(page, 'check');
  await expect(page.getByRole('heading', { level: 1, name: 'Schnellprüfung' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('undeliverable+old@provider2.test');
  await page.getByRole('button', { name: 'Prüfen', exact: true }).click();
  await expect(page.getByTestId('check-status')).toHaveText('Unzustellbar');
  app.update({ state: 'ready', version: '0.2.0' });
  const banner = page.getByTestId('update-banner');
  await expect(banner).toContainText('List Cleaner 0.2.0 ist bereit.');
  await expect(banner.getByRole('button', { name: 'Neu starten und aktualisieren' })).toBeEnabled();

  app.speak('pseudo');
  await page.reload();
  await go(page, 'check');
  await page.locator('.check-product .segment').nth(1).click();
  await page.locator('.check-form input[type="email"]').fill(ADDRESS);
  await page.locator('.check-form button[type="submit"]').click();
  await expect(page.getByTestId('check-status')).toHaveText(/^⟦/);
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    for (const selector of ['.quick-check', '.update-banner']) {
      const shown = await lookAt(page.locator(selector), 'pseudo');
      expect(shown.english, `English left in ${selector}`).toEqual([]);
      expect(shown.clipped, `${selector} clipped at ${width}px`).toEqual([]);
      expect(shown.outside, `${selector} outside the screen at ${width}px`).toEqual([]);
    }
  }
  await app.screenshot('languages-check-pseudo');
});
