// The import workflow through the UI: drop or choose a list, see it read,
// review it (column, counts, product, cost), start it and see it done; a
// wrongly detected column corrected; a bad file; a balance too small.
import Papa from 'papaparse';
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import {
  connectKey,
  dropFile,
  exportFromCard,
  firstRowsWith,
  jobCard,
  knownList,
  nav,
  openJobRow,
  screenshotFromTop,
  tabTo,
  useDemo,
} from './import-support';
import { writeBigList } from './results-support';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

let sandbox: Sandbox;
const POOR_KEY = 'sk_live_e2e_poor_account_00p00r';
const EMPTY_KEY = 'sk_live_e2e_empty_account_0e0e';

test.beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [
      { key: POOR_KEY, balanceMicros: 50_000 },
      { key: EMPTY_KEY, balanceMicros: 0 },
    ],
  });
});

test.afterAll(async () => {
  await sandbox.stop();
});

test('a 150-row list dropped on the window → review → start → done → export deliverable only', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  await expect(page.getByRole('heading', { level: 1, name: 'Check a new list' })).toBeVisible();
  await screenshotFromTop(app, 'import-empty');

  // 140 unique addresses (112 deliverable, 28 undeliverable), 4 not addresses, 2 empty, 4 repeats.
  const list = knownList({ unique: 140, invalid: 4, empty: 2, duplicates: 4 });
  await dropFile(page, 'spring-webinar.csv', list.csv, {
    beforeDrop: () => app.screenshot('import-drop-overlay'),
  });

  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await expect(page.getByTestId('count-rows')).toHaveText('150');
  await expect(page.getByTestId('count-invalid')).toHaveText('4 removed for free');
  await expect(page.getByTestId('count-empty')).toHaveText('2 removed for free');
  await expect(page.getByTestId('count-duplicates')).toHaveText('4 removed for free');
  await expect(page.getByTestId('unique-count')).toHaveText('140');
  await expect(page.getByText('spring-webinar.csv')).toBeVisible();
  await expect(page.getByText('UTF-8', { exact: true })).toBeVisible();
  await expect(page.getByText('comma', { exact: true })).toBeVisible();
  // The detected column is selected and marked in the preview.
  await expect(page.getByLabel('Column with the email addresses')).toHaveValue('2');
  await expect(page.locator('th.is-address')).toContainText('email');
  // The demo's prices are the app's own: the estimate is known before its first check.
  await expect(page.getByTestId('price-unknown')).toHaveCount(0);
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.14');
  await expect(page.getByTestId('estimate')).toContainText('Balance now$25.00');
  await screenshotFromTop(app, 'import-review');

  await page.getByRole('button', { name: 'Check 140 addresses' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const card = jobCard(page, 'spring-webinar.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  // Paid: the 140 addresses with a result at $0.001 each; the 10 removed rows cost nothing.
  await expect(card.getByTestId('job-charged')).toHaveText('$0.14');
  await expect(card).toContainText('Deliverable112');
  await expect(card).toContainText('Undeliverable28');
  // The rows add up: 140 checked + 4 repeats + 6 not addresses = 150.
  await openJobRow(page, 'spring-webinar.csv');
  await expect(card.getByTestId('sum-repeats')).toContainText('4');
  await expect(card.getByTestId('sum-not-addresses')).toContainText('6');
  await expect(card.getByTestId('sum-total')).toContainText('150');
  await screenshotFromTop(app, 'jobs-done');

  // Its results, and the deliverable rows saved: exactly those rows, in their
  // order, every original cell as it was, the outcome columns appended.
  const saved = await exportFromCard(
    app,
    'spring-webinar.csv',
    'Deliverable only',
    'spring-webinar.deliverable.csv',
  );
  const [header] = Papa.parse<string[]>(list.csv).data;
  expect(saved[0]).toEqual([...(header as string[]), 'email_status', 'email_provider']);
  const deliverable = firstRowsWith(list.csv, 'deliverable+');
  expect(deliverable).toHaveLength(112);
  expect(saved.slice(1).map((row) => row.slice(0, -2))).toEqual(deliverable);
  expect(saved.slice(1).every((row) => row.at(-2) === 'deliverable')).toBe(true);

  // The same list again: the balance has moved by what the first one cost, and every
  // answer paid for then is reused now, free; only its unknowns (never charged) go again.
  await nav(page, 'New list').click();
  await dropFile(page, 'spring-webinar-2.csv', list.csv);
  await expect(page.getByTestId('estimate')).toContainText('Balance now$24.86');
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.00');
  await expect(page.getByTestId('estimate-after')).toHaveText('$24.86');
  await page.getByText('Email + avatar').click();
  await expect(page.getByText('Avatars cover three mailbox providers only')).toBeVisible();
  await screenshotFromTop(app, 'import-review-priced');
  await page.getByText('Email', { exact: true }).click();

  // Not started: the Jobs screen lists it, newest first, ready to review again.
  await nav(page, 'Jobs').click();
  const cards = page.getByTestId('job');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('spring-webinar-2.csv');
  await expect(cards.first().getByTestId('job-state')).toHaveText('Not started');
  await screenshotFromTop(app, 'jobs-list');
  await cards.first().getByRole('button', { name: 'Review and start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeVisible();
  await expect(page.getByTestId('unique-count')).toHaveText('140');
});

test('a large list shows its reading progress in bytes and rows', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  const path = join(app.filesDir, 'crm-export.csv');
  await writeBigList(path, 1_000_000, 900);
  let seen = false;
  app.chooseNextFile(path);
  await page.getByRole('button', { name: 'Choose file…' }).click();
  const bar = page.getByRole('progressbar', { name: /Reading crm-export\.csv/ });
  try {
    await expect(bar).toHaveAttribute('aria-valuetext', /of .* read, [\d,]+ rows/, {
      timeout: 20_000,
    });
    seen = true;
    await screenshotFromTop(app, 'import-reading');
  } catch {
    // Read faster than we could look: the review below still proves the import.
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('count-rows')).toHaveText('1,000,000');
  await screenshotFromTop(app, 'import-review-large');
  await expect(page.getByTestId('unique-count')).toHaveText('900');
  test.info().annotations.push({ type: 'reading progress seen', description: String(seen) });
});

test('a wrongly detected address column is corrected by the user', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  // "backup_email" is full; "email" has a few "n/a" cells, so the backup wins the detection.
  const lines = ['name,backup_email,email,city'];
  for (let i = 1; i <= 40; i++) {
    const primary = i % 10 === 0 ? 'n/a' : `deliverable+${i}@provider1.test`;
    lines.push(`Person ${i},undeliverable+old${i}@provider2.test,${primary},Lyon`);
  }
  await dropFile(page, 'merged-contacts.csv', `${lines.join('\n')}\n`);

  const select = page.getByLabel('Column with the email addresses');
  await expect(select).toHaveValue('1');
  await expect(page.locator('th.is-address')).toContainText('backup_email');
  await expect(page.getByTestId('unique-count')).toHaveText('40');
  await screenshotFromTop(app, 'import-review-wrong-column');

  await select.selectOption({ label: 'email — 90% addresses' });
  await expect(page.locator('th.is-address')).toContainText('email');
  await expect(page.locator('th.is-address')).not.toContainText('backup');
  await expect(page.getByTestId('unique-count')).toHaveText('36');
  await expect(page.getByTestId('count-invalid')).toHaveText('4 removed for free');
  await expect(page.getByText('Your choice: 90% of its cells look like addresses.')).toBeVisible();
  await screenshotFromTop(app, 'import-review-column-corrected');

  await page.getByRole('button', { name: 'Check 36 addresses' }).click();
  const card = jobCard(page, 'merged-contacts.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  // The corrected column was checked: every address of it is deliverable.
  await expect(card).toContainText('Deliverable36');
});

test('a file that is not a list gets its reason and a way forward', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await dropFile(page, 'notes.txt', 'Call Anne on Monday\nBuy stamps\nQuarterly plan\n');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('notes.txt could not be used');
  await expect(alert).toContainText('Nothing was sent and nothing was charged.');
  const again = alert.getByRole('button', { name: 'Choose another file…' });
  await expect(again).toBeFocused();
  await screenshotFromTop(app, 'import-bad-file');

  // The way forward works: another file, from the same button.
  const good = join(app.filesDir, 'good.csv');
  await writeFile(good, knownList({ unique: 5 }).csv);
  app.chooseNextFile(good);
  await again.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an empty balance: Check waits, disabled with its reason and a way to add funds; nothing is charged', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, EMPTY_KEY);
  await dropFile(page, 'newsletter.csv', knownList({ unique: 30 }).csv);
  await expect(page.getByTestId('estimate')).toContainText('Balance now$0.00');
  await expect(page.getByText('Your balance does not cover this list')).toBeVisible();

  const checksBefore = sandbox.requests.filter((r) => r.path.includes('check')).length;
  // A new account: its price is not known yet, so the button names no cost.
  const check = page.getByRole('button', { name: /^Check 30 addresses/ });
  await expect(check).toBeDisabled();
  await expect(check).toHaveAccessibleDescription(/Your balance does not cover this list/);
  await expect(page.getByTestId('balance-short').getByTestId('add-funds')).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await screenshotFromTop(app, 'import-insufficient-empty');

  expect(sandbox.ledger.balance(EMPTY_KEY)).toBe(0);
  expect(sandbox.requests.filter((r) => r.path.includes('check')).length).toBe(checksBefore);
  await nav(page, 'Jobs').click();
  await expect(jobCard(page, 'newsletter.csv').getByTestId('job-state')).toHaveText('Not started');
});

test('a balance short of the estimate: Check waits before anything is sent', async ({ app }) => {
  const { page } = app;
  await connectKey(app, sandbox.url, POOR_KEY);
  // A first small list teaches the price per address: 20 × $0.001 of the $0.05.
  await dropFile(page, 'first.csv', knownList({ unique: 20, undeliverableEvery: 0 }).csv);
  await page.getByRole('button', { name: 'Check 20 addresses' }).click();
  await expect(jobCard(page, 'first.csv').getByTestId('job-state')).toHaveText('Done', {
    timeout: 30_000,
  });
  expect(sandbox.ledger.balance(POOR_KEY)).toBe(30_000);

  await nav(page, 'New list').click();
  // 16 of its addresses were paid for above (the others there are undeliverable ones
  // here): reused, so 124 are left to pay for.
  await dropFile(page, 'big-campaign.csv', knownList({ unique: 140 }).csv);
  // Exact, at one precision: $0.030 − $0.124 = −$0.094.
  await expect(page.getByTestId('estimate-balance')).toHaveText('$0.030');
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.124');
  await expect(page.getByTestId('estimate-after')).toHaveText('-$0.094');
  await expect(page.getByText('Your balance does not cover this list')).toBeVisible();
  // A $0.10 sample is not offered on a $0.03 balance.
  await expect(page.getByTestId('sample')).toHaveCount(0);

  const checksBefore = sandbox.requests.filter((r) => r.path.includes('check')).length;
  await expect(page.getByRole('button', { name: /^Check 124 addresses/ })).toBeDisabled();
  await screenshotFromTop(app, 'import-insufficient-short');
  expect(sandbox.ledger.balance(POOR_KEY)).toBe(30_000);
  expect(sandbox.requests.filter((r) => r.path.includes('check')).length).toBe(checksBefore);
  // Funds added (as on the service's billing page) and the balance refreshed: Check goes on.
  sandbox.ledger.credit(POOR_KEY, 1_000_000);
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(page.getByRole('button', { name: /^Check 124 addresses/ })).toBeEnabled();
  await expect(page.getByTestId('sample')).toBeVisible();
});

test('keyboard only: demo, choose a file, review, start, see it done (Tab, Enter, Space)', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await tabTo(page, 'Try the demo account');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('account-label')).toHaveText('Demo');

  await tabTo(page, 'Choose file…');
  const path = join(app.filesDir, 'keyboard.csv');
  await writeFile(path, knownList({ unique: 25, duplicates: 2 }).csv);
  app.chooseNextFile(path);
  await page.keyboard.press('Enter');

  // The review takes the focus, so the next Tab goes through it in reading order.
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await tabTo(page, 'Column with the email addresses');
  await tabTo(page, /^First rows of keyboard\.csv$/);
  await tabTo(page, /^Email\s*Whether each address/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /^Email\s*Whether/ })).toBeChecked();
  // The demo's prices are the app's own: known before its first check.
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.025');
  await expect(page.getByTestId('price-unknown')).toHaveCount(0);
  await tabTo(page, /^Check 25 addresses · up to \$0\.025$/);
  // The action and its cost each keep to one line: the cost is a caption, never a wrapped tail.
  const start = page.locator('.start-button');
  for (const part of ['.start-what', '.start-cost']) {
    expect(await start.locator(part).evaluate((el) => el.getClientRects().length)).toBe(1);
    const lines = await start
      .locator(part)
      .evaluate(
        (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
      );
    expect(lines).toBeLessThan(1.5);
  }
  await screenshotFromTop(app, 'import-review-keyboard');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeFocused();
  const card = jobCard(page, 'keyboard.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await tabTo(page, 'Open results');
  await screenshotFromTop(app, 'jobs-keyboard');
  await page.keyboard.press('Enter');
  await expect(nav(page, 'Results')).toHaveAttribute('aria-current', 'page');
});
