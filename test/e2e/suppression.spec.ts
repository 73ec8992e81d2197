// Settings → Suppression list: a Mailchimp cleaned export chosen in the Open
// dialog (granted to main, the window holding only its token) is added with
// its figures; a list of addresses dropped on the section is added too (the
// window's own drop, which reads a list to check, never sees it); the files
// are listed with their counts; an address is looked up and taken off the
// list; a file is removed after a question.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { useDemo } from './import-support';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/suppression/${name}`, import.meta.url));

test('an export is added to the suppression list, looked up, and removed', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('main', { name: 'Settings' }).getByTestId('suppression-section');
  await expect(section.getByRole('heading', { name: 'Suppression list' })).toBeVisible();
  await expect(section.getByTestId('suppression-count')).toHaveText(
    'No addresses on the list yet.',
  );

  // Chosen in the Open dialog.
  app.chooseNextFile(fixture('mailchimp-cleaned.csv'));
  await section.getByRole('button', { name: 'Choose export…' }).click();
  await expect(section.getByTestId('suppression-result')).toHaveText(
    'Mailchimp cleaned members (mailchimp-cleaned.csv): 2 added, 0 replaced; 1 row without a valid address left out.',
  );

  // Dropped on the section: added to the list, not read as a list to check.
  const text = await readFile(fixture('manual-list.csv'), 'utf8');
  const dataTransfer = await page.evaluateHandle((csv) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([csv], 'manual-list.csv', { type: 'text/csv' }));
    return transfer;
  }, text);
  const drop = section.getByTestId('suppression-drop');
  await drop.dispatchEvent('dragenter', { dataTransfer });
  await drop.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
  await drop.dispatchEvent('drop', { dataTransfer });
  await expect(section.getByTestId('suppression-result')).toHaveText(
    'A list of addresses (manual-list.csv): 2 added, 0 replaced; 1 row without a valid address left out.',
  );
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();

  await expect(section.getByTestId('suppression-count')).toHaveText('4 addresses on the list.');
  const sources = section.getByTestId('suppression-source');
  await expect(sources).toHaveCount(2);
  await expect(sources.filter({ hasText: 'mailchimp-cleaned.csv' })).toContainText(
    /2 addresses · added \w{3} \d{1,2}, \d{4}/,
  );

  // One address looked up.
  const lookUp = section.getByTestId('suppression-look-up');
  await lookUp.getByLabel('Look up an address').fill('Gone.Away@Example.com');
  await lookUp.getByRole('button', { name: 'Look up' }).click();
  const found = lookUp.getByTestId('suppression-found');
  await expect(found).toContainText(
    'gone.away@example.com: Hard bounce on Mar 2, 2025, from mailchimp-cleaned.csv (cleaned: Spring sale).',
  );
  await section.scrollIntoViewIfNeeded();
  await app.screenshot('suppression-settings');
  await expectAccessible(app);

  // Taken off the list.
  await found.getByRole('button', { name: 'Take off the list' }).click();
  await expect(found).toHaveText('gone.away@example.com was taken off the list.');
  await expect(section.getByTestId('suppression-count')).toHaveText('3 addresses on the list.');
  await lookUp.getByRole('button', { name: 'Look up' }).click();
  await expect(found).toHaveText('Not on the suppression list.');

  // A file removed, after a question; Keep it keeps it.
  const mailchimp = sources.filter({ hasText: 'mailchimp-cleaned.csv' });
  await mailchimp.getByRole('button', { name: 'Remove mailchimp-cleaned.csv…' }).click();
  const question = mailchimp.getByRole('group', { name: 'Remove mailchimp-cleaned.csv?' });
  await expect(question).toContainText('Its 1 address can be sent and paid for again');
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(sources).toHaveCount(2);
  await mailchimp.getByRole('button', { name: 'Remove mailchimp-cleaned.csv…' }).click();
  await mailchimp.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(sources).toHaveCount(1);
  await expect(sources.first()).toContainText('manual-list.csv');
  await expect(section.getByTestId('suppression-count')).toHaveText('2 addresses on the list.');
});
