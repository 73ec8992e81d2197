// Every money figure on the main screens adds up as shown (issue 48), from
// jobs made here against a sandbox whose price is odd ($0.001234 per
// address), so rounding anywhere would show. On each screen every figure is
// an exact amount ("< $0.01" or a rounded cent fails), read back in micros by
// the locale's own symbols (parseMoney), and each total equals its parts as
// shown: the review's balance − estimate = balance after, its savings and its
// avatar groups; a job's charge is what the balance moved by; a month in
// History is its jobs; the results' charge is the job's; Account's balance is
// the service's.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { connectKey, dropFile, jobCard, knownList, nav } from './import-support';
import { openResults } from './results-support';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { parseMoney } from '../../electron/common/money';

const KEY = 'sk_live_e2e_money_audit_7b1c';
const START = 10_000_000;
const PRICE = 1_234;
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ key: KEY, balanceMicros: START }],
    config: {
      prices: { email: PRICE, email_avatar: 3_000, email_batch: PRICE, email_avatar_batch: 3_000 },
    },
  });
});

test.afterAll(async () => {
  await sandbox.stop();
});

/** Every amount in a text, as written: "$0.012", "-$0.094", and "< $0.01" (which fails). */
const AMOUNT = /(<\s*)?[-−]?\$[\d,]*\.?\d*/g;

/** Micros of the one amount in a text ("up to $0.012", "$0.14 charged"); fails on none or a rounded "<". */
function micros(text: string | null): number {
  const found = (text ?? '').match(AMOUNT) ?? [];
  expect(found, `one amount in "${text}"`).toHaveLength(1);
  const read = parseMoney(found[0] as string, 'en-US');
  expect(read, `"${found[0]}" is an exact amount`).not.toBeNull();
  return read as number;
}

const textOf = async (l: Locator) => (await l.textContent()) ?? '';

/** Every figure the screen shows is an exact amount: none rounded, none "< $0.01". */
async function expectEveryFigureExact(page: Page, screen: string): Promise<number> {
  const text = await page.locator('body').innerText();
  const figures = text.match(AMOUNT) ?? [];
  for (const figure of figures) {
    expect(parseMoney(figure, 'en-US'), `${screen}: "${figure}" is an exact amount`).not.toBeNull();
  }
  return figures.length;
}

/** The review: balance − estimate = balance after, and the button says the estimate. */
async function expectReviewAddsUp(page: Page): Promise<number> {
  const balance = micros(await textOf(page.getByTestId('estimate-balance')));
  const charge = micros(await textOf(page.getByTestId('estimate-charge')));
  const after = micros(await textOf(page.getByTestId('estimate-after')));
  expect(balance - charge).toBe(after);
  const button = page.getByRole('button', { name: /^Check \d[\d,]* addresses? · / });
  expect(micros(await textOf(button))).toBe(charge);
  return charge;
}

test('every money figure on review, jobs, history, results and Account adds up as shown', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  expect(micros(await textOf(page.getByTestId('balance-amount')))).toBe(START);

  // A first list teaches the price: 7 × $0.001234 = $0.008638, shown so, never "< $0.01".
  await dropFile(page, 'first.csv', knownList({ unique: 7, undeliverableEvery: 0 }).csv);
  await page.getByRole('button', { name: /^Check 7 addresses/ }).click();
  const first = jobCard(page, 'first.csv');
  await expect(first.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  const firstCharge = START - sandbox.ledger.balance(KEY);
  expect(firstCharge).toBe(7 * PRICE);
  await expect(first.getByTestId('job-charged')).toHaveText('$0.008638');
  await expectEveryFigureExact(page, 'jobs');

  // The review of a second list, with repeats and invalid cells removed for free.
  await nav(page, 'New list').click();
  await dropFile(page, 'reconcile.csv', knownList({ unique: 140, invalid: 4, duplicates: 6 }).csv);
  await expect(page.getByTestId('estimate-charge')).toHaveText(/^up to \$/);
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  const estimate = await expectReviewAddsUp(page);
  // Exact where the price is known: what is sent × the price learned.
  const toSend = Number(
    /^([\d,]+) of/.exec(await textOf(page.getByTestId('estimate-to-send')))?.[1]?.replace(/,/g, ''),
  );
  expect(estimate).toBe(toSend * PRICE);

  // What the free steps save: each line and the total, as shown.
  await page.getByText('How this is worked out').click();
  const savings = page.getByTestId('estimate-savings');
  await expect(savings).toBeVisible();
  const lines = await savings
    .locator('[data-testid^="saved-"]:not([data-testid="saved-total"]) dd')
    .allTextContents();
  if (lines.length > 1) {
    const total = micros(await textOf(savings.getByTestId('saved-total')));
    expect(lines.reduce((sum, l) => sum + micros(l), 0)).toBe(total);
  }
  expect(await expectEveryFigureExact(page, 'review')).toBeGreaterThan(3);

  // Email + avatar: the groups' costs add up to the estimate as shown.
  await page.locator('input[name="product"][value="avatar"]').check();
  await expect(page.getByTestId('coverage')).toBeVisible();
  const groups = await page
    .locator('[data-testid$="-cost"][data-testid^="coverage-"]')
    .allTextContents();
  const paid = groups.filter((g) => g.includes('$'));
  if (paid.length > 0 && (await page.getByTestId('estimate-charge').textContent())?.includes('$')) {
    const avatarEstimate = await expectReviewAddsUp(page);
    expect(paid.reduce((sum, g) => sum + micros(g), 0)).toBe(avatarEstimate);
  }
  await expectEveryFigureExact(page, 'review (Email + avatar)');

  // Back to Email, checked: the job's charge is what the balance moved by, to the micro.
  await page.locator('input[name="product"][value="email"]').check();
  await expectReviewAddsUp(page);
  const before = sandbox.ledger.balance(KEY);
  await page.getByRole('button', { name: /^Check \d[\d,]* addresses? · / }).click();
  const row = jobCard(page, 'reconcile.csv');
  await expect(row.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  const secondCharge = micros(await textOf(row.getByTestId('job-charged')));
  expect(before - sandbox.ledger.balance(KEY)).toBe(secondCharge);
  expect(secondCharge).toBeLessThanOrEqual(estimate);
  await expectEveryFigureExact(page, 'jobs');

  // History: the jobs' charges add up to what the balance moved by, and a month's
  // total (once jobs span months and are grouped) is its open jobs' charges, as shown.
  const charges = await page.getByTestId('job-charged').allTextContents();
  expect(charges).toHaveLength(2);
  expect(charges.reduce((sum, c) => sum + micros(c), 0)).toBe(START - sandbox.ledger.balance(KEY));
  for (const month of await page.getByTestId('job-month').all()) {
    const rows = await month.getByTestId('job-charged').allTextContents();
    if (rows.length === 0) continue;
    expect(micros(await textOf(month.getByTestId('month-facts')))).toBe(
      rows.reduce((sum, c) => sum + micros(c), 0),
    );
  }

  // Results: the header's charge is the job's.
  await openResults(page, 'reconcile.csv');
  const facts = await textOf(page.getByTestId('results-header'));
  expect(micros(facts)).toBe(secondCharge);
  await expectEveryFigureExact(page, 'results');

  // Account: the balance is the service's, and the header's.
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(page.getByTestId('balance-amount')).toHaveText(/^\$9\.\d+$/);
  await expect
    .poll(async () => micros(await textOf(page.getByTestId('balance-amount'))))
    .toBe(sandbox.ledger.balance(KEY));
  expect(sandbox.ledger.balance(KEY)).toBe(START - firstCharge - secondCharge);
  await nav(page, 'Account').click();
  await expectEveryFigureExact(page, 'account');
});
