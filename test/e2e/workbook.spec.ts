// Excel in, Excel out, through the UI: several lists dropped at once (each its
// own draft, the others waiting beside the review), a workbook with its sheet
// picker (hidden sheets apart, a sheet without addresses refused with main's
// reason), checked, exported as a workbook and saved by status.
import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { unzip } from '../unit/sheets/xlsx-read';
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { jobCard, knownList, nav, screenshotFromTop, useDemo } from './import-support';
import { invoke, openExport, writeBigList } from './results-support';
import type { JobSummaryView, JobView } from '../../electron/ipc/contract';

const WORKBOOK = fileURLToPath(new URL('../fixtures/sheets/several-sheets.xlsx', import.meta.url));
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface DroppedFile {
  name: string;
  bytes: Buffer;
  type: string;
}

/** Drags files over the window and drops them all at once, as a selection from a file manager. */
async function dropFiles(page: Page, files: DroppedFile[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const { name, base64, type } of list) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64'), type: f.type })),
  );
  await page.dispatchEvent('body', 'dragenter', { dataTransfer });
  await page.dispatchEvent('body', 'dragover', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.dispatchEvent('body', 'drop', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
}

const csv = (name: string, text: string): DroppedFile => ({
  name,
  bytes: Buffer.from(text),
  type: 'text/csv',
});

const reviewHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Review your list' });

test('several lists dropped at once: each its own draft, read in turn, a bad one said apart', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  // The second file is large enough to be seen being read while the first is reviewed.
  const bigPath = join(app.filesDir, 'april-export.csv');
  await writeBigList(bigPath, 120_000, 300);
  const releaseReading = app.holdReading('april-export.csv');
  await dropFiles(page, [
    csv('march.csv', knownList({ unique: 12, duplicates: 1 }).csv),
    { name: 'april-export.csv', bytes: await readFile(bigPath), type: 'text/csv' },
    csv('notes.txt', 'Call Anne on Monday\nBuy stamps\nQuarterly plan\n'),
    csv('may.csv', knownList({ unique: 7, domain: 'provider2.test' }).csv),
  ]);

  // The first one read is reviewed at once, while the others are read behind it.
  await expect(reviewHeading(page)).toBeFocused({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'march.csv' })).toBeVisible();
  await expect(page.getByTestId('unique-count')).toHaveText('12');
  // The batch's own progress, caught while the second file is read (its
  // reading is held back until the screenshot is taken).
  await expect(page.getByText(/^Reading 2 of 4: april-export\.csv$/)).toBeVisible({
    timeout: 30_000,
  });
  await screenshotFromTop(app, 'import-batch-reading');
  releaseReading();

  // The file that is not a list says why; the others went on.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('notes.txt could not be used', { timeout: 60_000 });
  const waiting = page.getByRole('region', { name: 'Other lists waiting for review' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  await expect(waiting.getByRole('listitem').nth(0)).toContainText('april-export.csv');
  await expect(waiting.getByRole('listitem').nth(0)).toContainText('120,000 rows');
  await expect(waiting.getByRole('listitem').nth(1)).toContainText('may.csv');
  // The review stayed on the first list, and the focus where the user had it.
  await expect(page.getByRole('heading', { level: 2, name: 'march.csv' })).toBeVisible();
  await expect(page.getByText(/^Reading /)).toHaveCount(0);
  await screenshotFromTop(app, 'import-batch-review');
  await expectAccessible(app);

  // Switching to a list waiting: its review, the focus on its heading; the one left joins the others.
  await waiting.getByRole('button', { name: 'Review may.csv' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'may.csv' })).toBeVisible();
  await expect(reviewHeading(page)).toBeFocused();
  await expect(page.getByTestId('unique-count')).toHaveText('7');
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(waiting).toContainText('march.csv');

  // One draft job each, none removed by the reading of another.
  await nav(page, 'Jobs').click();
  await expect(page.getByTestId('job')).toHaveCount(3);
  for (const name of ['march.csv', 'april-export.csv', 'may.csv']) {
    await expect(jobCard(page, name).getByTestId('job-state')).toHaveText('Not started');
  }

  // A file dropped later is another draft again: the ones waiting stay.
  await dropFiles(page, [csv('june.csv', knownList({ unique: 3 }).csv)]);
  await expect(page.getByRole('heading', { level: 2, name: 'june.csv' })).toBeVisible();
  await expect(waiting.getByRole('listitem')).toHaveCount(3);
  const jobs = await invoke<JobView[]>(app, 'job:list');
  expect(jobs.filter((j) => j.state === 'draft')).toHaveLength(4);

  // Started, the list leaves the review; the others still wait, on the empty screen too.
  await page.getByRole('button', { name: 'Check 3 addresses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeFocused();
  await nav(page, 'New list').click();
  const left = page.getByRole('region', { name: 'Lists waiting for review' });
  await expect(left.getByRole('listitem')).toHaveCount(3);
  await screenshotFromTop(app, 'import-empty-drafts');
  await left.getByRole('button', { name: 'Review april-export.csv' }).click();
  await expect(reviewHeading(page)).toBeFocused();
  await expect(page.getByTestId('count-rows')).toHaveText('120,000');
});

test('a workbook: its sheets to pick from, checked, exported as .xlsx and saved by status', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page } = app;
  await useDemo(app);
  await dropFiles(page, [
    { name: 'several-sheets.xlsx', bytes: await readFile(WORKBOOK), type: XLSX_TYPE },
  ]);
  await expect(reviewHeading(page)).toBeFocused();
  await expect(page.getByTestId('file-format')).toHaveText('Excel workbook, sheet March');
  await expect(page.getByText('Encoding', { exact: true })).toHaveCount(0);

  const sheets = page.getByRole('group', { name: 'Sheet' });
  await expect(sheets.getByRole('radio', { name: /^March/ })).toBeChecked();
  await expect(sheets.getByRole('radio', { name: /^April/ })).not.toBeChecked();
  await expect(sheets.getByText(/^Notes/).locator('..')).toContainText('No addresses found');
  // Hidden sheets are apart, folded away while the sheet read is a visible one.
  const hidden = sheets.locator('details', { hasText: 'Hidden sheets (1)' });
  await expect(hidden).not.toHaveAttribute('open');
  await expect(sheets.getByRole('radio', { name: /^Hidden list/ })).toBeHidden();
  await hidden.locator('summary').click();
  await expect(sheets.getByRole('radio', { name: /^Hidden list/ })).toBeVisible();
  await screenshotFromTop(app, 'import-review-workbook');
  await expectAccessible(app);

  // A sheet with no addresses can be chosen: main's reason shows, the sheet read stays.
  await sheets.getByRole('radio', { name: /^Notes/ }).click();
  await expect(page.getByRole('alert')).toContainText('That sheet could not be used');
  await expect(sheets.getByRole('radio', { name: /^March/ })).toBeChecked();
  await expect(page.getByTestId('file-format')).toHaveText('Excel workbook, sheet March');

  await sheets.getByRole('radio', { name: /^April/ }).check();
  await expect(page.getByTestId('file-format')).toHaveText('Excel workbook, sheet April');
  await expect(sheets.getByRole('radio', { name: /^April/ })).toBeChecked();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('count-rows')).toHaveText('30');
  await expect(page.getByTestId('unique-count')).toHaveText('30');
  await expect(page.locator('th.is-address')).toContainText('E-mail address');

  // By keyboard: the arrow keys go through the sheets; a quick back-and-forth ends on the last
  // one chosen, the focus staying with it.
  const april = sheets.getByRole('radio', { name: /^April/ });
  await april.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^Reading the sheet/)).toHaveCount(0);
  await expect(page.getByTestId('file-format')).toHaveText('Excel workbook, sheet April');
  await expect(april).toBeChecked();
  await expect(april).toBeFocused();
  await expect(page.getByTestId('unique-count')).toHaveText('30');

  await page.getByRole('button', { name: 'Check 30 addresses' }).click();
  const card = jobCard(page, 'several-sheets.xlsx');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Open results' }).click();

  // Export: a workbook's list goes out as a workbook unless the user says otherwise.
  const panel = await openExport(page);
  await expect(panel.getByRole('radio', { name: /^Excel workbook/ })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: /Excel-friendly/ })).toHaveCount(0);
  await panel.getByRole('radio', { name: /^All rows/ }).check();
  await screenshotFromTop(app, 'export-format');
  await panel.getByRole('button', { name: 'Save…', exact: true }).click();
  const done = page.getByTestId('export-done');
  await expect(done).toContainText('Saved 30 of 30 rows as an Excel workbook');
  await expect(page.getByTestId('export-sheets')).toHaveCount(0);
  // The file's name is shown, not its whole path: it went to the folder chosen in Save.
  const savedName = (await done.getByTestId('export-file-name').textContent()) ?? '';
  expect(savedName).not.toContain('/');
  expect(savedName.endsWith('.xlsx')).toBe(true);
  const savedPath = join(app.downloadsDir, savedName);
  const bytes = await readFile(savedPath);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const sheet1 = (await unzip(savedPath)).get('xl/worksheets/sheet1.xml') ?? '';
  expect(sheet1).toContain('email_status');
  expect(sheet1).toContain('zane.porter@example.com');

  // Save by status, as CSV this time: the BOM choice is back for it.
  await panel.getByRole('radio', { name: /^CSV/ }).check();
  await expect(panel.getByRole('checkbox', { name: /Excel-friendly/ })).toBeChecked();
  await panel.getByRole('checkbox', { name: /Excel-friendly/ }).uncheck();
  await panel.getByRole('button', { name: 'Save by status…' }).click();
  const split = page.getByTestId('status-export-done');
  await expect(split).toContainText('by status as CSV');
  await expect(split.getByTestId('export-file-name')).toHaveText(basename(app.chosenFolder));
  await expect(done).toHaveCount(0);
  await screenshotFromTop(app, 'export-by-status');
  await expectAccessible(app);

  const summary = await invoke<JobSummaryView>(app, 'job:summary', {
    jobId: (await jobOf(app)).id,
  });
  const s = summary.statuses;
  const expected: Record<string, number> = {
    deliverable: s.deliverable,
    undeliverable: s.undeliverable,
    unknown: s.unknown,
    removed: s.invalid + s.duplicate + s.disposable + s.role,
  };
  const written = (await readdir(app.chosenFolder)).sort();
  const groups = Object.entries(expected).filter(([, n]) => n > 0);
  expect(written).toHaveLength(groups.length);
  let total = 0;
  for (const [group, rows] of groups) {
    const row = split.locator(`tr[data-group="${group}"]`);
    await expect(row).toContainText(`${rows} ${rows === 1 ? 'row' : 'rows'}`);
    const name = (await row.locator('.status-file-name').textContent()) ?? '';
    expect(written).toContain(name);
    const text = await readFile(join(app.chosenFolder, name), 'utf8');
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(parsed[0]?.slice(0, 3)).toEqual(['E-mail address', 'Name', 'email_status']);
    expect(parsed.length - 1).toBe(rows);
    if (group !== 'removed') expect(parsed.slice(1).every((r) => r[2] === group)).toBe(true);
    total += rows;
  }
  expect(total).toBe(30);
  for (const [group, rows] of Object.entries(expected)) {
    if (rows === 0) await expect(split).toContainText(group);
  }

  await split.getByRole('button', { name: 'Show in folder' }).click();
  await expect.poll(() => app.shownInFolder.length).toBe(1);
  expect(app.shownInFolder[0]?.startsWith(app.chosenFolder)).toBe(true);
});

async function jobOf(app: Parameters<typeof invoke>[0]): Promise<JobView> {
  const jobs = await invoke<JobView[]>(app, 'job:list');
  const job = jobs.find((j) => j.fileName === 'several-sheets.xlsx');
  if (!job) throw new Error('the workbook has no job');
  return job;
}

test('a sheet with a title above its header says those rows are not part of the list', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  const path = fileURLToPath(new URL('../fixtures/sheets/title-rows.xlsx', import.meta.url));
  await dropFiles(page, [
    { name: 'title-rows.xlsx', bytes: await readFile(path), type: XLSX_TYPE },
  ]);
  await expect(reviewHeading(page)).toBeFocused({ timeout: 30_000 });
  await expect(page.getByTestId('file-format')).toHaveText('Excel workbook, sheet Sign-ups');
  await expect(page.getByTestId('skipped-rows')).toHaveText(
    /^The first (row|\d+ rows) above the header \(a title\) (is|are) not part of the list\.$/,
  );
  await expect(page.locator('th.is-address')).toContainText('Email');
  // One sheet: the picker shows it, chosen, with nothing else to choose.
  await expect(page.getByRole('group', { name: 'Sheet' }).getByRole('radio')).toHaveCount(1);
  await screenshotFromTop(app, 'import-review-title-rows');
});
