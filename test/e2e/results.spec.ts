// The results of a job end to end: jobs are taken to done through the core
// against the demo account, then everything else happens in the UI: the
// summary, the rows table (a million rows), the export and Show in folder.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import type { JobRowView, JobSummaryView } from '../../electron/ipc/contract';
import {
  crmCsv,
  doneJob,
  importFile,
  invoke,
  openExport,
  openResults,
  shot,
  showTab,
  viewportShot,
  waitForState,
  writeBigList,
  writeList,
} from './results-support';

const parse = (text: string): string[][] =>
  Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

async function allRows(app: Parameters<typeof invoke>[0], jobId: string, total: number) {
  const rows: JobRowView[] = [];
  for (let offset = 0; offset < total; offset += 1_000) {
    const page = await invoke<{ rows: JobRowView[] }>(app, 'job:rows', {
      jobId,
      offset,
      limit: 1_000,
    });
    rows.push(...page.rows);
  }
  return rows;
}

test.beforeEach(async ({ app }) => {
  await invoke(app, 'demo:start');
});

test('150 rows → results → export deliverable only → exactly those rows, then Show in folder', async ({
  app,
}) => {
  const { page } = app;
  const input = crmCsv(150);
  const path = await writeList(app.filesDir, 'spring-fair.csv', input);
  const job = await doneJob(app, path);
  const summary = await invoke<JobSummaryView>(app, 'job:summary', { jobId: job.id });

  await app.open();
  await openResults(page, 'spring-fair.csv');
  await expect(page.getByTestId('job-state')).toHaveText('Done');
  await expect(page.getByText(/^Email · 150 rows · finished/)).toBeVisible();

  // Every outcome's count in the legend table, as the core counted it.
  const table = page.getByTestId('outcome-table');
  for (const [outcome, count] of Object.entries(summary.statuses)) {
    await expect(table.locator(`tr[data-outcome="${outcome}"] td.num`).first()).toHaveText(
      count.toLocaleString('en-US'),
    );
  }
  expect(summary.statuses.deliverable).toBeGreaterThan(0);
  expect(summary.statuses.undeliverable).toBeGreaterThan(0);
  expect(summary.statuses.invalid).toBeGreaterThan(0);
  expect(summary.statuses.duplicate).toBeGreaterThan(0);
  // Outcomes no row got fold into one line that names them; Show lists them.
  const none = Object.entries(summary.statuses).filter(([, count]) => count === 0);
  expect(none.length).toBeGreaterThan(0);
  for (const [outcome] of none) {
    await expect(table.locator(`tr[data-outcome="${outcome}"]`)).toBeHidden();
  }
  const empty = table.getByTestId('outcomes-empty');
  await expect(empty).toContainText(
    none.length === 1 ? '1 outcome with no rows: ' : `${none.length} outcomes with no rows: `,
  );
  await empty.getByRole('button', { name: 'Show' }).click();
  for (const [outcome] of none) {
    await expect(table.locator(`tr[data-outcome="${outcome}"]`)).toBeVisible();
  }
  await empty.getByRole('button', { name: 'Hide' }).click();

  // The rows table: every row counted, the first rows with their outcome.
  await showTab(page, 'Rows');
  const grid = page.getByRole('table', { name: /Rows of spring-fair\.csv/ });
  await expect(grid).toHaveAttribute('aria-rowcount', '151');
  await expect(grid.getByRole('row').nth(1)).toContainText('user1@outlook.com');
  // The demo's providers by name, never the sandbox's placeholder codes.
  await shot(app, 'results-rows');
  await showTab(page, 'Overview');
  const providers = page.getByRole('region', { name: 'Mailbox providers' });
  await expect(providers).toContainText('Outlook');
  await expect(page.locator('main')).not.toContainText('provider_code_');
  await shot(app, 'results');

  // Export: deliverable only, outcome and provider columns, no BOM.
  const exportPanel = await openExport(page);
  await expect(exportPanel.getByRole('radio', { name: /Deliverable only/ })).toBeChecked();
  await expect(exportPanel.getByRole('checkbox', { name: /Avatar link/ })).toHaveCount(0);
  await exportPanel.getByRole('checkbox', { name: /Excel-friendly/ }).uncheck();
  await exportPanel.getByRole('button', { name: 'Save…' }).click();

  const done = page.getByTestId('export-done');
  const saved = join(app.downloadsDir, 'spring-fair.deliverable.csv');
  await expect(done).toContainText(`Saved ${summary.statuses.deliverable} of 150 rows`);
  // The file's name, not its whole path; Show in folder leads to the rest.
  await expect(done.getByTestId('export-file-name')).toHaveText('spring-fair.deliverable.csv');
  await expect(done).not.toContainText(app.downloadsDir);
  await expect(done).toBeInViewport();
  await viewportShot(app, 'export-done');

  const bytes = await readFile(saved);
  expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
  const out = parse(bytes.toString('utf8'));
  const source = parse(input);
  const rows = await allRows(app, job.id, 150);
  const expected = rows
    .filter((r) => r.status === 'deliverable')
    .map((r) => [...(source[r.row] as string[]), 'deliverable', r.provider ?? '']);
  expect(out[0]).toEqual([...(source[0] as string[]), 'email_status', 'email_provider']);
  expect(out.slice(1)).toEqual(expected);
  expect(out.length - 1).toBe(summary.statuses.deliverable);
  // Known outcomes of the sandbox's test addresses, independently of the core's rows.
  expect(out.some((r) => r[2]?.startsWith('undeliverable+'))).toBe(false);
  expect(out.some((r) => r[2] === 'not an address')).toBe(false);

  await done.getByRole('button', { name: 'Show in folder' }).click();
  await expect.poll(() => app.shownInFolder).toEqual([saved]);
});

test('an avatar job exports all rows with the avatar columns, Excel-friendly with a BOM', async ({
  app,
}) => {
  const { page } = app;
  // Avatar checks cover three providers only; this list stays within them.
  const input = crmCsv(120, ['gmail.com', 'mail.ru', 'yandex.ru']);
  const path = await writeList(app.filesDir, 'Newsletter — avatars.csv', input);
  const job = await doneJob(app, path, 'avatar');

  await app.open();
  await openResults(page, 'Newsletter — avatars.csv');
  await expect(page.getByText(/^Email \+ avatar · 120 rows/)).toBeVisible();
  await expect(
    page.getByText('Email + avatar checks do not report mailbox providers'),
  ).toBeVisible();
  await showTab(page, 'Rows');
  const grid = page.getByRole('table', { name: /Rows of Newsletter/ });
  await expect(grid.getByRole('columnheader', { name: 'Avatar' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Provider' })).toHaveCount(0);

  const exportPanel = await openExport(page);
  await exportPanel.getByRole('radio', { name: /All rows, with their outcome/ }).check();
  await exportPanel.getByRole('checkbox', { name: /Has an avatar/ }).check();
  await exportPanel.getByRole('checkbox', { name: /Avatar link/ }).check();
  await expect(exportPanel.getByRole('checkbox', { name: /Mailbox provider/ })).toHaveCount(0);
  await expect(exportPanel.getByRole('checkbox', { name: /Excel-friendly/ })).toBeChecked();
  await exportPanel.getByRole('button', { name: 'Save…' }).click();
  await expect(page.getByTestId('export-done')).toContainText('Saved 120 of 120 rows');
  await viewportShot(app, 'export-avatar');

  const bytes = await readFile(join(app.downloadsDir, 'Newsletter — avatars.cleaned.csv'));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const out = parse(bytes.subarray(3).toString('utf8'));
  const source = parse(input);
  // Avatar checks name no provider, so that column is not offered.
  expect(out[0]).toEqual([
    ...(source[0] as string[]),
    'email_status',
    'email_avatar',
    'email_avatar_url',
  ]);
  expect(out).toHaveLength(121);
  const rows = await allRows(app, job.id, 120);
  out.slice(1).forEach((line, i) => {
    expect(line.slice(0, 5)).toEqual(source[i + 1]);
    expect(line[5]).toBe(rows[i]?.status);
  });
});

test('a running job shows its progress, and its results appear when it finishes', async ({
  app,
}) => {
  const { page } = app;
  // 300 addresses in three multi checks, each held 3 s by one of the
  // sandbox's "slow" test addresses: a job that stays running for a while.
  const lines = ['id,email'];
  for (let i = 1; i <= 300; i++) {
    lines.push(`${i},${i % 100 === 50 ? `slow+${i}` : `user${i}`}@gmail.com`);
  }
  const path = await writeList(app.filesDir, 'webinar-signups.csv', `${lines.join('\n')}\n`);
  const view = await importFile(app, path);
  await app.open();
  await invoke(app, 'job:start', { jobId: view.job.id, product: 'email' });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Jobs' })
    .click();
  const card = page.getByRole('article', { name: 'webinar-signups.csv' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Open results' }).click();

  await expect(page.getByText('The results appear here when the job finishes.')).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await shot(app, 'results-waiting');

  await waitForState(app, view.job.id, 'done');
  await expect(page.getByTestId('job-state')).toHaveText('Done');
  await expect(page.getByRole('region', { name: 'Outcomes' })).toBeVisible();
  await showTab(page, 'Rows');
  await expect(page.getByTestId('rows-count')).toHaveText('300 rows, in the order of your file');
});

test('a bulk job (2,000 addresses) says its providers are not reported', async ({ app }) => {
  const { page } = app;
  const path = join(app.filesDir, 'bulk-signups.csv');
  await writeBigList(path, 2_400, 2_000);
  await doneJob(app, path);
  await app.open();
  await openResults(page, 'bulk-signups.csv');
  await expect(
    page.getByText('Lists of 1,000 addresses and more are checked as bulk tasks'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mailbox providers' })).toHaveCount(0);
  await shot(app, 'results-bulk');
  await showTab(page, 'Rows');
  await expect(page.getByTestId('rows-count')).toHaveText('2,400 rows, in the order of your file');
});

test('a million-row table scrolls to its last row by keyboard', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const path = join(app.filesDir, 'million.csv');
  await writeBigList(path, 1_000_000);
  await doneJob(app, path);

  await app.open();
  await openResults(page, 'million.csv');
  await showTab(page, 'Rows');
  const grid = page.getByRole('table', { name: /Rows of million\.csv/ });
  await expect(grid).toHaveAttribute('aria-rowcount', '1000001');
  await expect(page.getByTestId('rows-count')).toHaveText(
    '1,000,000 rows, in the order of your file',
  );
  await expect(grid.getByRole('row').nth(1)).toContainText('user1@outlook.com');

  // Only what is on screen is in the DOM.
  expect(await grid.getByRole('row').count()).toBeLessThan(60);

  const scroller = page.getByTestId('rows-scroll');
  await scroller.focus();
  await expect(scroller).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(grid.locator('[aria-rowindex="20"]')).toBeVisible();
  await page.keyboard.press('End');
  const last = grid.locator('[aria-rowindex="1000001"]');
  await expect(last).toBeVisible();
  await expect(last).toContainText('1,000,000');
  // The last page is read once it stays on screen: the row's address replaces the placeholder.
  await expect(last).toContainText('user0@gmail.com');
  await expect(last).toContainText('Repeat');
  expect(await grid.getByRole('row').count()).toBeLessThan(60);
  await shot(app, 'results-million-end');

  // And back to the middle by scrollTop, as a scrollbar drag does.
  // Row 500,001 (0-based 500,000) just under the sticky header.
  await scroller.evaluate((el) => {
    el.scrollTop = 500_000 * 32;
  });
  const middle = grid.locator('[aria-rowindex="500002"]');
  await expect(middle).toBeVisible();
  await expect(middle).toContainText('500,001');
  await expect(middle).toContainText('user1@outlook.com');
  await page.keyboard.press('Home');
  await expect(grid.locator('[aria-rowindex="2"]')).toBeVisible();
});

test('the results are tabs the arrow keys move between, under a header that stays in view', async ({
  app,
}) => {
  const { page } = app;
  const path = await writeList(app.filesDir, 'keyboard-tabs.csv', crmCsv(90));
  await doneJob(app, path);
  await app.open();
  await openResults(page, 'keyboard-tabs.csv');

  const tablist = page.getByRole('tablist', { name: 'Results' });
  const tab = (name: string) => tablist.getByRole('tab', { name });
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
  // One tab stop for the list: the chosen tab.
  await expect(tablist.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);

  await expectAccessible(app);
  await tab('Overview').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Domains')).toBeFocused();
  await expect(tab('Domains')).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('tabpanel', { name: 'Domains' }).getByTestId('domain-table'),
  ).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Rows')).toBeFocused();
  await expect(page.getByRole('table', { name: /Rows of keyboard-tabs\.csv/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Bounces')).toBeFocused();
  // Round the ends, and straight to them.
  await page.keyboard.press('ArrowRight');
  await expect(tab('Overview')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Bounces')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tab('Bounces')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Bounces')).toBeFocused();

  // The header, with the grade and Export, stays in view however far the page scrolls.
  const header = page.getByTestId('results-header');
  await expect(header.getByTestId('header-grade')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(header).toBeInViewport();
  await expect(header.getByRole('button', { name: 'Export…' })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1, name: 'keyboard-tabs.csv' })).toBeInViewport();
  await showTab(page, 'Overview');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await viewportShot(app, 'results-scrolled');
});

test('Export opens as a drawer: focus in it, Escape and its close button close it', async ({
  app,
}) => {
  const { page } = app;
  const path = await writeList(app.filesDir, 'drawer.csv', crmCsv(60));
  await doneJob(app, path);
  await app.open();
  await openResults(page, 'drawer.csv');

  const button = page.getByTestId('results-header').getByRole('button', { name: 'Export…' });
  const drawer = await openExport(page);
  const focusInDrawer = () =>
    page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
  await expect.poll(focusInDrawer).toBe(true);
  // Plain words for each column, its name in the file only as a detail.
  await expect(drawer.getByRole('checkbox', { name: /What the free checks found/ })).toBeVisible();
  const labels = await drawer.locator('.export-choice-label').allTextContents();
  expect(labels.join(' · ')).not.toMatch(/email_/);
  await expectAccessible(app);
  // As seen: a full-page shot would paint the drawer over the page's first screen only.
  await viewportShot(app, 'export-panel');

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();

  await openExport(page);
  await drawer.getByRole('button', { name: 'Close export' }).click();
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
});
