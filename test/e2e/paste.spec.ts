// A list pasted rather than dropped: the "Paste addresses" box, a paste
// anywhere on the import screen (the clipboard's text read at once), and the
// refusals the window makes before anything is sent (nothing in it, too long).
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { knownList, nav, screenshotFromTop, useDemo } from './import-support';
import type { Page } from '@playwright/test';

/** A paste on the page as the browser fires it for Ctrl+V: a ClipboardEvent carrying text/plain. */
async function pasteOnPage(page: Page, text: string, target = 'body'): Promise<void> {
  await page.evaluate(
    ({ text: pasted, selector }) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      const event = new ClipboardEvent('paste', {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      });
      (document.querySelector(selector) ?? document.body).dispatchEvent(event);
    },
    { text, selector: target },
  );
}

const reviewHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Review your list' });

test('addresses pasted in the box become a list to review, named by main', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  const box = page.getByRole('textbox', { name: 'Paste addresses' });
  await expect(box).toBeVisible();

  // Nothing in it: refused in the window, with the reason read out and the focus kept on the box.
  await box.fill('  \n \n');
  await page.getByRole('button', { name: 'Use pasted list' }).click();
  await expect(page.getByRole('alert')).toContainText('There is nothing in it to check.');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');

  // One address per line, with a repeat and a line that is not an address.
  const lines = [
    'deliverable+1@provider1.test',
    'deliverable+2@provider1.test',
    'undeliverable+3@provider1.test',
    'DELIVERABLE+1@provider1.test',
    'not an address',
    'deliverable+4@provider1.test',
  ];
  await box.fill(lines.join('\n'));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await screenshotFromTop(app, 'import-paste-box');
  await expectAccessible(app);

  await page.getByRole('button', { name: 'Use pasted list' }).click();
  await expect(reviewHeading(page)).toBeFocused();
  await expect(page.getByText(/^Pasted list, /)).toBeVisible();
  await expect(page.getByTestId('count-rows')).toHaveText('6');
  await expect(page.getByTestId('count-duplicates')).toHaveText('1 removed for free');
  await expect(page.getByTestId('count-invalid')).toHaveText('1 removed for free');
  await expect(page.getByTestId('unique-count')).toHaveText('4');

  await nav(page, 'Jobs').click();
  await expect(page.getByTestId('job')).toHaveCount(1);
  await expect(page.getByTestId('job').first()).toContainText(/Pasted list, /);
  await expect(page.getByTestId('job').first().getByTestId('job-state')).toHaveText('Not started');
});

test('a paste anywhere on the import screen reads the clipboard as a list at once', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  // Cells copied from a spreadsheet: tab-separated, with their header row.
  const rows = knownList({ unique: 12, duplicates: 2 })
    .csv.trim()
    .split('\r\n')
    .map((line) =>
      line
        .replace(/"Acme, Inc\."/g, 'Acme Inc')
        .split(',')
        .join('\t'),
    );
  await pasteOnPage(page, rows.join('\n'));
  await expect(reviewHeading(page)).toBeFocused();
  await expect(page.getByText(/^Pasted list, /)).toBeVisible();
  await expect(page.getByTestId('count-rows')).toHaveText('14');
  await expect(page.getByTestId('unique-count')).toHaveText('12');
  await expect(page.locator('th.is-address')).toContainText('email');

  // A paste on the review (focus on no text field) is another list: the first waits as a draft.
  await page.getByRole('heading', { level: 1, name: 'Review your list' }).focus();
  await pasteOnPage(page, 'deliverable+40@provider1.test\ndeliverable+41@provider1.test\n');
  await expect(page.getByTestId('unique-count')).toHaveText('2');
  const waiting = page.getByRole('region', { name: 'Other lists waiting for review' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  await expect(waiting).toContainText('14 rows, 12 addresses to check');

  // Nothing but blanks: refused with its reason, nothing read, the review stays.
  await pasteOnPage(page, '   \n\t\n');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The pasted list could not be used');
  await expect(alert).toContainText('There is nothing in it to check.');
  await expect(page.getByTestId('unique-count')).toHaveText('2');
  await alert.getByRole('button', { name: 'Dismiss' }).click();

  // Only the import screen takes a paste as a list: not the Quick check screen.
  await nav(page, 'Quick check').click();
  await pasteOnPage(page, 'deliverable+99@provider1.test');
  await nav(page, 'Jobs').click();
  await expect(page.getByTestId('job')).toHaveCount(2);
});

test('a paste into a text field of the import screen stays in the field', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  const box = page.getByRole('textbox', { name: 'Paste addresses' });
  await box.focus();
  await pasteOnPage(page, 'deliverable+1@provider1.test', 'textarea');
  await expect(page.getByRole('heading', { level: 1, name: 'Check a new list' })).toBeVisible();
  await nav(page, 'Jobs').click();
  await expect(page.getByRole('heading', { name: 'No lists checked yet' })).toBeVisible();
});

test('more than the window takes is refused before it is sent: drop it as a file', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  // 20,300,000 characters, made in the page: pasted on the screen, as from a huge spreadsheet.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'a@b.co\n'.repeat(2_900_000));
    document.body.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The pasted list could not be used');
  await expect(alert).toContainText(
    'That is more than 20,000,000 characters, more than a paste can take. Check the first part of it now, or save it from your spreadsheet as a CSV or Excel file and choose that file.',
  );
  // The ways on that fit a paste: its first part now, or a file.
  await expect(alert.getByRole('button', { name: 'Choose a file…' })).toBeFocused();
  const firstPart = alert.getByRole('button', { name: /^Check the first [\d,]+ lines$/ });
  await expect(firstPart).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Check a new list' })).toBeVisible();
  await screenshotFromTop(app, 'import-paste-too-long');
  await nav(page, 'Jobs').click();
  await expect(page.getByRole('heading', { name: 'No lists checked yet' })).toBeVisible();
  await nav(page, 'New list').click();
  // Not drawn back into the box: millions of lines there would freeze the window.
  await expect(page.getByRole('textbox', { name: 'Paste addresses' })).toHaveValue('');
  await page
    .getByRole('alert')
    .getByRole('button', { name: /^Check the first/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('unique-count')).toHaveText('1');
});
