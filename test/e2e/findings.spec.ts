// The free checks in the review, before anything is paid: a list with
// throw-away, role and mistyped addresses shows a line for each kind found,
// the likely typos with the address probably meant, and, since this machine's
// DNS cannot be believed (its resolver denies every domain), the note that
// mail servers could not be checked and those addresses are sent as usual.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { dropFile, nav, useDemo } from './import-support';

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
    '4 at throw-away domains (not worth paying for)',
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
    'Mail servers could not be checked on this network; these addresses are sent as usual.',
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
