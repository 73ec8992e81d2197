// Money figures on a screen add up as shown (issue 31): the review's balance
// less its estimate is its balance after, to the cent; the Check button says
// the same estimate; an Email + avatar review's groups add up to it; what
// the free steps save adds up to its total; and a done job's charge is what
// the balance moved by, exactly (the tooltips hold the exact amounts).
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { dropFile, jobCard, knownList, useDemo } from './import-support';

/** Cents of a shown amount: "$24.97" → 2497, "-$0.02" → -2, "< $0.01" → 0 (less than a cent). */
function cents(text: string): number {
  const t = text.replace(/^up to /, '').trim();
  if (t.startsWith('<')) return 0;
  const match = /(-?)\$([\d,]+)\.(\d\d)$/.exec(t);
  if (!match) throw new Error(`not money as shown: "${text}"`);
  const [, sign, dollars, centsPart] = match as unknown as [string, string, string, string];
  return (sign ? -1 : 1) * (Number(dollars.replace(/,/g, '')) * 100 + Number(centsPart));
}

/** Micros of an exact amount in a tooltip: "$0.033" → 33,000. */
function micros(text: string | null): number {
  const match = /^(-?)\$([\d,]+)\.(\d+)$/.exec(text ?? '');
  if (!match) throw new Error(`not an exact amount: "${text}"`);
  const [, sign, dollars, fraction] = match as unknown as [string, string, string, string];
  return (
    (sign ? -1 : 1) *
    (Number(dollars.replace(/,/g, '')) * 1_000_000 + Number(fraction.padEnd(6, '0')))
  );
}

const textOf = async (l: Locator) => ((await l.textContent()) ?? '').trim();

/** The review's figures reconcile: balance − estimate = after, and the button says the estimate. */
async function expectReviewAddsUp(page: Page): Promise<number> {
  const balance = cents(await textOf(page.getByTestId('estimate-balance')));
  const charge = await textOf(page.getByTestId('estimate-charge'));
  const after = cents(await textOf(page.getByTestId('estimate-after')));
  expect(charge).toMatch(/^up to \$/);
  expect(balance - cents(charge)).toBe(after);
  // An estimate never shows less than it is: the tooltip holds the exact amount.
  const exact = micros(await page.getByTestId('estimate-charge').getAttribute('title'));
  expect(cents(charge) * 10_000).toBeGreaterThanOrEqual(exact);
  expect(cents(charge) * 10_000 - exact).toBeLessThan(10_000);
  await expect(page.getByRole('button', { name: /^Check \d[\d,]* addresses? · / })).toHaveText(
    new RegExp(`· ${charge.replace(/[$.]/g, '\\$&')}$`),
  );
  return cents(charge);
}

test('the review, its groups and its savings add up as shown, and a done job charged what the balance moved by', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  const before = micros(await page.getByTestId('balance-amount').getAttribute('title'));

  // 140 addresses at the demo's price, with repeats and invalid cells removed for free.
  await dropFile(page, 'reconcile.csv', knownList({ unique: 140, invalid: 4, duplicates: 6 }).csv);
  await expect(page.getByTestId('estimate-charge')).toHaveText(/^up to \$/);
  await expectReviewAddsUp(page);

  // What the free steps save: each line and the total, in cents that add up.
  await page.getByText('How this is worked out').click();
  const savings = page.getByTestId('estimate-savings');
  await expect(savings).toBeVisible();
  const lines = await savings
    .locator('[data-testid^="saved-"]:not([data-testid="saved-total"]) dd')
    .allTextContents();
  if (lines.length > 1) {
    const total = cents(await textOf(savings.getByTestId('saved-total')));
    expect(lines.reduce((sum, l) => sum + cents(l), 0)).toBe(total);
  }

  // Email + avatar: the groups' costs add up to the estimate as shown.
  await page.locator('input[name="product"][value="avatar"]').check();
  await expect(page.getByTestId('coverage')).toBeVisible();
  await expect(page.getByTestId('estimate-charge')).toHaveText(/^up to \$/);
  const charge = await expectReviewAddsUp(page);
  const groups = await page
    .locator('[data-testid$="-cost"][data-testid^="coverage-"]')
    .allTextContents();
  const paid = groups.filter((g) => g.includes('$'));
  expect(paid.reduce((sum, g) => sum + cents(g), 0)).toBe(charge);

  // Back to Email, checked: the job's charge is what the balance moved by, to the micro.
  await page.locator('input[name="product"][value="email"]').check();
  await expectReviewAddsUp(page);
  await page.getByRole('button', { name: /^Check 140 addresses · / }).click();
  const row = jobCard(page, 'reconcile.csv');
  await expect(row.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(page.getByTestId('balance-amount')).not.toHaveAttribute(
    'title',
    new RegExp(`^\\$${(before / 1_000_000).toFixed(2).replace('.', '\\.')}$`),
  );
  const after = micros(await page.getByTestId('balance-amount').getAttribute('title'));
  const charged = micros(await row.getByTestId('job-charged').getAttribute('title'));
  expect(before - after).toBe(charged);
});
