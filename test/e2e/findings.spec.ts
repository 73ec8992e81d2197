// The free checks in the review, before anything is paid: a list with
// throw-away, role and mistyped addresses shows a line for each kind found,
// the likely typos with the address probably meant, and, since this machine's
// DNS cannot be believed (its resolver denies every domain), the note that
// mail servers could not be checked and those addresses are sent as usual.
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { dropFile, nav, useDemo } from './import-support';
import { doneJob, openExport, openResults, shot } from './results-support';

const FIXTURE = fileURLToPath(new URL('../fixtures/free-checks/findings.csv', import.meta.url));

test('the review shows what the free checks found before anything is paid', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await dropFile(page, 'webinar-signups.csv', await readFile(FIXTURE, 'utf8'));

  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await expect(page.getByTestId('unique-count')).toHaveText('9');
  const findings = page.getByTestId('review-findings');
  await expect(findings.getByRole('heading', { name: 'Found for free' })).toBeVisible();
  await expect(page.getByTestId('findings-disposable')).toHaveText(
    '4 at disposable domains (not worth paying for)',
  );
  await expect(page.getByTestId('findings-role')).toHaveText('2 role addresses (info@, sales@…)');
  await expect(page.getByTestId('findings-typo')).toContainText('2 possible typos');
  const suggestions = page.getByTestId('findings-suggestions').getByRole('listitem');
  await expect(suggestions).toHaveCount(2);
  await expect(suggestions.nth(0)).toHaveText('jane@gmial.com→ may be meant as jane@gmail.com');
  await expect(suggestions.nth(1)).toHaveText('bob@hotmial.com→ may be meant as bob@hotmail.com');
  await expect(page.getByTestId('findings-free')).toContainText('5 at free webmail');
  // Lines only for what was found: no domain here was found without mail.
  await expect(page.getByTestId('findings-no-mail')).toHaveCount(0);
  await expect(page.getByTestId('findings-dns-unavailable')).toHaveText(
    'Domains without mail could not be looked up from this computer, so none is left out for free: every address is checked and paid for as usual.',
  );
  // The user's addresses are kept as they are: the preview shows the typo as typed.
  await expect(page.locator('td.is-address').first()).toHaveText('jane@gmial.com');
  await app.screenshot('import-review-findings');

  // Reopened later from the jobs list, the review shows the same, from what the import kept.
  await nav(page, 'Jobs').click();
  await page.getByTestId('job').first().getByRole('button', { name: 'Review and start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeVisible();
  await expect(page.getByTestId('findings-role')).toHaveText('2 role addresses (info@, sales@…)');
  await expect(page.getByTestId('findings-suggestions').getByRole('listitem')).toHaveCount(2);
});

test('the export adds the address probably meant beside each likely typo', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  const path = join(app.filesDir, 'typos.csv');
  await copyFile(FIXTURE, path);
  await doneJob(app, path);
  await openResults(page, 'typos.csv');

  const exportPanel = await openExport(page);
  const column = exportPanel.getByRole('checkbox', { name: /Address probably meant/ });
  await expect(column).toBeChecked();
  await exportPanel.getByRole('radio', { name: /All rows, with their outcome/ }).check();
  await exportPanel.getByRole('button', { name: 'Save…' }).click();
  await expect(page.getByTestId('export-done')).toContainText('Saved 11 of 11 rows');
  await shot(app, 'export-suggestions');

  const text = (await readFile(join(app.downloadsDir, 'typos.cleaned.csv'), 'utf8')).replace(
    /^\uFEFF/,
    '',
  );
  const rows = text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  expect(rows[0]?.at(-1)).toBe('email_suggestion');
  const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
  // The user's address stays as typed; the suggestion is a column beside it.
  expect(byName.get('Jane')?.[1]).toBe('jane@gmial.com');
  expect(byName.get('Jane')?.at(-1)).toBe('jane@gmail.com');
  expect(byName.get('Bob')?.at(-1)).toBe('bob@hotmail.com');
  expect(byName.get('Ann')?.at(-1)).toBe('');
});
