// Results that decide, end to end: the rows filter narrows the table, and
// "The rows I see" saves exactly the rows the table shows; a list that comes
// in again is known as the one checked before, with what it can reuse.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { test, expect } from './fixtures';
import type { JobRowView, RowFilter } from '../../electron/ipc/contract';
import { expectAccessible } from './axe-support';
import { dropFile } from './import-support';
import {
  crmCsv,
  doneJob,
  invoke,
  openExport,
  openResults,
  shot,
  showTab,
  writeList,
} from './results-support';

const parse = (text: string): string[][] =>
  Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

test.beforeEach(async ({ app }) => {
  await invoke(app, 'demo:start');
});

test('the filter narrows the rows, and "The rows I see" saves exactly them', async ({ app }) => {
  const { page } = app;
  const input = crmCsv(240);
  const path = await writeList(app.filesDir, 'autumn-fair.csv', input);
  const job = await doneJob(app, path);
  const filter: RowFilter = {
    outcomes: ['undeliverable', 'unknown'],
    providers: [],
    domains: ['gmail.com', 'mail.ru'],
    findings: [],
  };
  // What the core says the filter passes, for the table and the file to match.
  const expected = await invoke<{ total: number; rows: JobRowView[] }>(app, 'job:rows', {
    jobId: job.id,
    offset: 0,
    limit: 1_000,
    filter,
  });
  expect(expected.total).toBeGreaterThan(5);
  expect(expected.total).toBeLessThan(240);

  await app.open();
  await openResults(page, 'autumn-fair.csv');
  await showTab(page, 'Rows');
  const filters = page.getByRole('group', { name: 'Filter the rows' });
  await filters.getByRole('checkbox', { name: /^Undeliverable/ }).check();
  await filters.getByRole('checkbox', { name: /^Unknown/ }).check();
  const domain = filters.getByRole('combobox', { name: 'Add a domain to the filter' });
  await domain.fill('GMAIL.com');
  await filters.getByRole('button', { name: 'Add', exact: true }).click();
  await domain.fill('someone@mail.ru');
  await domain.press('Enter');
  // A domain no address is at is refused with the reason, not filtered to nothing.
  await domain.fill('nowhere.example');
  await domain.press('Enter');
  await expect(filters.getByRole('alert')).toHaveText(
    'No address in this list is at nowhere.example.',
  );
  await domain.fill('');

  await expect(page.getByTestId('rows-count')).toHaveText(
    `${expected.total} of 240 rows: Undeliverable or Unknown · gmail.com or mail.ru`,
  );
  const grid = page.getByRole('table', { name: /Rows of autumn-fair\.csv/ });
  await expect(grid).toHaveAttribute('aria-rowcount', String(expected.total + 1));
  const first = expected.rows[0] as JobRowView;
  const firstRow = grid.getByRole('row').nth(1);
  await expect(firstRow).toContainText(first.address ?? '');
  // Each row keeps its number in the file.
  await expect(firstRow.getByRole('cell').first()).toHaveText(String(first.row));
  await shot(app, 'results-filtered');
  await expectAccessible(app);

  const exportPanel = await openExport(page);
  const seen = exportPanel.getByRole('radio', { name: /The rows I see/ });
  await seen.check();
  await expect(page.getByTestId('export-shown-hint')).toHaveText(
    'As filtered on the Rows tab: Undeliverable or Unknown · gmail.com or mail.ru.',
  );
  await exportPanel.getByRole('checkbox', { name: /Excel-friendly/ }).uncheck();
  // Undeliverable and unknown rows, if sent, would bounce far past the 2% limit: said, and saved on the user's word.
  await expect(exportPanel).toContainText(/over your 2% limit/);
  await exportPanel.getByRole('button', { name: 'Save anyway' }).click();
  const saved = join(app.downloadsDir, 'autumn-fair.filtered.csv');
  await expect(page.getByTestId('export-done')).toContainText(
    `Saved ${expected.total} of 240 rows`,
  );
  await page.keyboard.press('Escape');
  await expect(exportPanel).toBeHidden();

  const source = parse(input);
  const out = parse(await readFile(saved, 'utf8'));
  expect(out.slice(1)).toEqual(
    expected.rows.map((r) => [...(source[r.row] as string[]), r.status, r.provider ?? '']),
  );
  // Independently of the core's rows: only those outcomes, only those domains.
  for (const row of out.slice(1)) {
    expect(['undeliverable', 'unknown']).toContain(row[5]);
    expect(row[2]?.trim().toLowerCase()).toMatch(/@(gmail\.com|mail\.ru)$/);
  }

  // Cleared, the table is every row again and "The rows I see" cannot be chosen.
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('rows-count')).toHaveText('240 rows, in the order of your file');
  await openExport(page);
  await expect(seen).toBeDisabled();
  await page.keyboard.press('Escape');

  // A domain chosen in the per-domain table: the Rows tab, filtered to it, its rows focused.
  await showTab(page, 'Domains');
  await page
    .getByRole('region', { name: /^Domains ·/ })
    .getByRole('button', { name: 'mail.ru', exact: true })
    .click();
  await expect(page.getByRole('tab', { name: 'Rows' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('rows-count')).toHaveText(/^\d+ of 240 rows: mail\.ru$/);
  await expect(page.locator('#results-rows')).toBeFocused();
  await expect(
    filters.getByRole('button', { name: 'Remove the domain mail.ru from the filter' }),
  ).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toContainText('@mail.ru');
});

test('a list checked before is known again, by its file or by its addresses', async ({ app }) => {
  const { page } = app;
  const input = crmCsv(90);
  const path = await writeList(app.filesDir, 'members.csv', input);
  const first = await doneJob(app, path);

  await app.open();
  await dropFile(page, 'members.csv', input);
  const seen = page.getByTestId('seen-before');
  await expect(seen).toContainText('You checked this list before');
  await expect(seen).toContainText(/The same file was checked on .+ \(today\), as members\.csv\./);
  await expect(seen).toContainText(
    /of its answers were paid for in the last 30 days: they are reused, free\./,
  );
  await shot(app, 'review-seen-before');
  await expectAccessible(app);

  // The same people in another order, under another header, with a few more: known by addresses.
  const lines = input.trim().split('\r\n');
  const more = ['91,"New one",new1@example.org,Acme,x', '92,"New two",new2@example.org,Acme,y'];
  const reordered = [
    'email_id,full name,email,company,notes',
    ...lines.slice(1).reverse(),
    ...more,
  ];
  await dropFile(page, 'members-april.csv', `${reordered.join('\n')}\n`);
  await expect(seen).toContainText(/\d+% of its addresses were in members\.csv, checked on /);

  await seen.getByRole('button', { name: 'See those results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'members.csv' })).toBeVisible();
  expect(first.state).toBe('done');
});
