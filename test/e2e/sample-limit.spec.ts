// Before paying for a whole list (issue 16): a sample of 100 checked first,
// with the share deliverable projected and its 95% interval, what it cost,
// and the product fixed to the sample's; the rest then sent without paying
// for the sample twice. And a list over the spending limit: Start asks main,
// which asks the user in its own dialog with both amounts; only a yes starts it.
import { test, expect } from './fixtures';
import type { SettingsView } from '../../electron/ipc/contract';
import { dropFile, jobCard, knownList, screenshotFromTop, useDemo } from './import-support';
import { invoke } from './results-support';
import { expectAccessible } from './axe-support';

test('a sample first: the projected share with its interval, its cost, then the rest', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  // 300 addresses, one in five undeliverable.
  await dropFile(page, 'trade-fair-leads.csv', knownList({ unique: 300 }).csv);
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.30');
  const sample = page.getByTestId('sample');
  await expect(sample).toContainText('100 random addresses checked now (paid, up to $0.10)');
  await screenshotFromTop(app, 'review-sample-offer');

  await sample.getByRole('button', { name: 'Check a sample first' }).click();
  const result = page.getByTestId('sample-result');
  await expect(page.getByTestId('sample-share')).toHaveText(
    /^\d{1,3}% deliverable \(95%: \d{1,3}–\d{1,3}%\) from a sample of 100$/,
  );
  await expect(result).toContainText('undeliverable · 0 unknown, checked as Email');
  await expect(page.getByTestId('sample-cost')).toHaveText(
    'The sample cost $0.10. Its answers count toward this list and are not paid for again.',
  );
  // The interval holds the share, and the share is what the sample found.
  const line = (await page.getByTestId('sample-share').textContent()) ?? '';
  const [, share, low, high] = (/^(\d+)% deliverable \(95%: (\d+)–(\d+)%\)/.exec(line) ?? []).map(
    Number,
  );
  expect(low).toBeLessThanOrEqual(share as number);
  expect(high).toBeGreaterThanOrEqual(share as number);

  // The product is the sample's now; what is left to send is the rest.
  await expect(page.getByTestId('product-fixed')).toHaveText(
    'Fixed to Email: the sample was checked that way, and its answers count toward this list.',
  );
  await expect(page.getByRole('radio', { name: /Email \+ avatar/ })).toBeDisabled();
  await expect(page.getByTestId('estimate-sampled')).toHaveText(
    '100 addresses checked by the sample already: not paid again.',
  );
  await expect(page.getByTestId('estimate-to-send')).toHaveText('200 of 300');
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.20');
  await expect(page.getByTestId('balance-amount')).toHaveText('$24.90');
  await screenshotFromTop(app, 'review-sample-result');
  await expectAccessible(app);

  await page.getByRole('button', { name: 'Check 200 addresses' }).click();
  const card = jobCard(page, 'trade-fair-leads.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(card).toContainText('Deliverable240');
  await expect(card).toContainText('Undeliverable60');
  // 300 addresses, each paid for once: the sample's hundred and the rest.
  await expect(card.getByTestId('job-charged')).toHaveText('$0.30');
  await expect(page.getByTestId('balance-amount')).toHaveText('$24.70');
});

test('over the spending limit, Start asks in main’s dialog with both amounts', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await invoke<SettingsView>(app, 'settings:update', { maxSpendMicros: 50_000 });
  await dropFile(page, 'over-budget.csv', knownList({ unique: 120 }).csv);
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.12');
  await expect(page.getByTestId('over-limit')).toHaveText(
    'Over your spending limit of $0.05 per job. Check asks you first.',
  );

  // Start asks main, and main asks the user in its own dialog with both amounts.
  const start = page.getByRole('button', { name: 'Check 120 addresses' });
  await screenshotFromTop(app, 'review-over-limit');
  await expectAccessible(app);
  app.consent.answer = false;
  await start.click();
  await expect(page.getByRole('alert')).toContainText(
    'over-budget.csv was not started: going over your spending limit of $0.05 needs your yes',
  );
  expect(app.consent.asked).toEqual([
    {
      kind: 'over-limit',
      fileName: 'over-budget.csv',
      addresses: 120,
      estimateMicros: 120_000,
      limitMicros: 50_000,
    },
  ]);
  expect((await invoke<{ state: string }[]>(app, 'job:list'))[0]?.state).toBe('draft');

  // The user says yes: it starts, and may spend what the dialog showed.
  app.consent.answer = true;
  await start.click();
  const card = jobCard(page, 'over-budget.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(card.getByTestId('job-charged')).toHaveText('$0.12');
});
