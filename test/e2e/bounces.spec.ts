// A platform's bounce report matched to a finished job, end to end: the job is
// taken to done through the core against the demo account, then the user
// opens its results' Bounces tab, drops Postmark's bounce export, reads the
// figures, saves the evidence file through the Save dialog and shows it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { doneJob, invoke, openResults, shot, writeList } from './results-support';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/bounces/${name}`, import.meta.url));

/** Drags a file onto the Bounces tab's own drop zone and drops it there, as from a file manager. */
async function dropReport(page: Page, name: string, content: string): Promise<void> {
  const zone = page.getByTestId('bounce-drop');
  const dataTransfer = await page.evaluateHandle(
    ({ name: fileName, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], fileName, { type: 'text/csv' }));
      return transfer;
    },
    { name, text: content },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  // A report is not a list to check: the window's drop overlay stays away.
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
  await zone.dispatchEvent('drop', { dataTransfer });
}

test.beforeEach(async ({ app }) => {
  await invoke(app, 'demo:start');
});

test('drop a bounce report on a finished job → the figures, the suppression list, the evidence saved', async ({
  app,
}) => {
  const { page } = app;
  const path = await writeList(
    app.filesDir,
    'october-news.csv',
    await readFile(fixture('list.csv'), 'utf8'),
  );
  const job = await doneJob(app, path);

  await app.open();
  await openResults(page, 'october-news.csv');
  const tab = page.getByRole('tablist', { name: 'Results' }).getByRole('tab', { name: 'Bounces' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Drop the bounce report here')).toBeVisible();

  await dropReport(
    page,
    'postmark-bounces.csv',
    await readFile(fixture('postmark-bounces.csv'), 'utf8'),
  );
  const figures = page.getByTestId('bounce-figures');
  await expect(figures.getByTestId('bounce-headline')).toHaveText(
    /^2 addresses we called deliverable bounced hard between Oct 3 and Oct 9; verdicts given [A-Z][a-z]{2} \d+(, \d{4})?\.$/,
  );
  await expect(figures).toContainText('Both were checked and paid for in this job.');
  // The fixture's bounces are dated before this test checks the list.
  await expect(figures.getByTestId('bounce-early')).toHaveText(/^Both bounced before our verdict/);
  const others = figures.getByTestId('bounce-others');
  await expect(others).toContainText(
    '1 address we called deliverable bounced soft: a full mailbox or a server busy for a while, which is no evidence against the verdict.',
  );
  await expect(others).toContainText(
    '2 other bounced addresses: 1 we called undeliverable and 1 we could not determine (unknown).',
  );
  await expect(others).toContainText('1 complaint and 1 unsubscribe from this list');
  await expect(others).toContainText('1 address in the report is not in this list.');
  await expect(figures.getByTestId('bounce-suppressed')).toHaveText(
    /^7 added to your suppression list/,
  );
  // No list was made of the report.
  const jobs = await invoke<{ fileName: string }[]>(app, 'job:list');
  expect(jobs.map((j) => j.fileName)).toEqual(['october-news.csv']);

  await expectAccessible(app);
  await shot(app, 'bounce-report');

  await figures.getByRole('button', { name: 'Save the evidence file…' }).click();
  const saved = page.getByTestId('bounce-evidence-saved');
  await expect(saved).toContainText('Saved the evidence for 2 addresses');
  await expect(saved.getByTestId('export-file-name')).toHaveText(
    'october-news.bounce-evidence.csv',
  );
  const evidence = (
    await readFile(join(app.downloadsDir, 'october-news.bounce-evidence.csv'), 'utf8')
  )
    .trim()
    .split('\r\n');
  expect(evidence[0]).toBe(
    'email,verdict,verdict_date,verdict_source,job_id,bounce_date,bounce_type,platform_detail',
  );
  expect(evidence.slice(1).map((l) => l.split(',')[0])).toEqual([
    'deliverable+1@example.com',
    'deliverable+2@example.com',
  ]);
  expect(evidence[1]).toContain(`,paid,${job.id},2026-10-03T12:02:10.000Z,hard_bounce,`);
  await saved.getByRole('button', { name: 'Show in folder' }).click();
  await expect
    .poll(() => app.shownInFolder)
    .toEqual([join(app.downloadsDir, 'october-news.bounce-evidence.csv')]);

  // Matched again another day: the figures are the job's, here again after a restart of the screen.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await tab.click();
  await expect(figures.getByTestId('bounce-headline')).toContainText(
    '2 addresses we called deliverable',
  );
  await expect(page.getByText('Drop another bounce report here')).toBeVisible();
});

test('a file with no addresses says so, and nothing is matched', async ({ app }) => {
  const { page } = app;
  const path = await writeList(
    app.filesDir,
    'october-news.csv',
    await readFile(fixture('list.csv'), 'utf8'),
  );
  await doneJob(app, path);
  await app.open();
  await openResults(page, 'october-news.csv');
  await page.getByRole('tab', { name: 'Bounces' }).click();
  await dropReport(page, 'notes.csv', 'note,when\nCall Anne,Monday\n');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The bounce report could not be matched');
  await expect(alert).toContainText('notes.csv has no column of addresses');
  await expect(page.getByTestId('bounce-figures')).toHaveCount(0);
});
