// Stop and Continue from the Jobs screen (issue 16): a job checked in multi
// checks is stopped mid-way, waits for the answer on its way, says why it
// waits and what is kept, and Continue finishes it with every address paid for
// once. A bulk task already sent cannot be cancelled at the service: Stop says
// so before it is pressed, and the task's results are still fetched.
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { expectAccessible } from './axe-support';
import { usd } from '../../electron/common/money';
import {
  connectKey,
  dropFile,
  jobCard,
  knownList,
  screenshotFromTop,
  useDemo,
} from './import-support';

let sandbox: Sandbox;
const KEY = 'sk_live_e2e_stop_continue_5t0p';

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 10_000_000 }] });
});

test.afterEach(() => {
  sandbox.config.checkLatencyMs = 0;
});

test.afterAll(async () => {
  await sandbox.stop();
});

test('a job stopped mid-way keeps what it has; Continue finishes it, each address paid once', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  // 400 addresses: four multi checks, one after another, slow enough to stop between them.
  sandbox.config.checkLatencyMs = 1_500;
  await dropFile(page, 'autumn-leads.csv', knownList({ unique: 400 }).csv);
  await page.getByRole('button', { name: 'Check 400 addresses' }).click();

  const card = jobCard(page, 'autumn-leads.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Checking');
  await expect(card.getByTestId('job-checked')).toHaveText('100 of 400 addresses checked', {
    timeout: 20_000,
  });
  // Multi checks only: nothing is said about bulk tasks.
  await expect(card.getByTestId('stop-note')).toHaveCount(0);
  await card.getByRole('button', { name: 'Stop' }).click();

  // The check on its way is waited for and kept; then the job waits for the user.
  await expect(card.getByTestId('job-state')).toHaveText('Stopped by you', { timeout: 20_000 });
  await expect(card.getByTestId('job-hold-message')).toContainText('nothing more is sent');
  await expect(card.getByTestId('job-hold-message')).toContainText('Continue carries on');
  await expect(card.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  const checked = await card.getByTestId('job-checked').textContent();
  expect(checked).toMatch(/^(100|200|300) of 400 addresses checked$/);
  const paidSoFar = 10_000_000 - sandbox.ledger.balance(KEY);
  // The balance fell by what the stopped job says it charged, never "not known"
  // beside it: the price is learned when the job stops, as when it is done.
  expect(paidSoFar).toBeGreaterThan(0);
  await expect(card.getByTestId('job-charged-so-far')).toHaveText(usd(paidSoFar));
  await screenshotFromTop(app, 'jobs-stopped');
  await expectAccessible(app);

  // Nothing more is sent while it waits.
  const checks = () => sandbox.requests.filter((r) => r.path.includes('check')).length;
  const before = checks();
  await page.waitForTimeout(2_000);
  expect(checks()).toBe(before);
  expect(10_000_000 - sandbox.ledger.balance(KEY)).toBe(paidSoFar);

  sandbox.config.checkLatencyMs = 0;
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(card.getByTestId('job-hold')).toHaveCount(0);
  await expect(card).toContainText('Deliverable320');
  await expect(card).toContainText('Undeliverable80');
  // Every address paid for once (400 × $0.001), however the stop fell.
  expect(sandbox.ledger.balance(KEY)).toBe(10_000_000 - 400_000);
  await screenshotFromTop(app, 'jobs-continued-done');
});

test('Stop on a bulk task says the task already sent cannot be cancelled; its results still come', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  // 20,000 addresses: one bulk task the demo's service works on for a few seconds.
  await dropFile(page, 'yearly-export.csv', knownList({ unique: 20_000 }).csv);
  await expect(page.getByText('Sent as a bulk task')).toBeVisible();
  await page.getByRole('button', { name: 'Check 20,000 addresses' }).click();

  const card = jobCard(page, 'yearly-export.csv');
  await expect(card.getByTestId('job-bulk')).toContainText('submitted at', { timeout: 20_000 });
  const stop = card.getByRole('button', { name: 'Stop' });
  await expect(card.getByTestId('stop-note')).toHaveText(
    'Stop sends nothing new, but a bulk task already sent cannot be cancelled at the service: its results are still fetched and kept.',
  );
  await expect(stop).toHaveAccessibleDescription(/cannot be cancelled at the service/);
  await screenshotFromTop(app, 'jobs-bulk-stop-note');

  await stop.click();
  // While the task is with the service the job is stopping, and says why it still runs.
  const state = card.getByTestId('job-state');
  await expect(state).toHaveText('Stopping…');
  await expect(card.getByTestId('job-hold-message')).toContainText(
    'A bulk task already sent cannot be cancelled at the service; its results are still fetched and kept.',
  );
  await expect(stop).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await screenshotFromTop(app, 'jobs-bulk-stopping');

  // The task's results are fetched and kept: every address has its outcome, nothing left to send.
  await expect(state).toHaveText('Done', { timeout: 60_000 });
  await expect(card.getByTestId('job-hold')).toHaveCount(0);
  await expect(card).toContainText(`Deliverable${(16_000).toLocaleString('en-US')}`);
  await expect(card.getByTestId('job-charged')).toHaveText('$20.00');
});
