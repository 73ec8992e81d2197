// Settings for what a list costs (issue 16): the plan's price per address,
// used for the estimate until the service's own is learned (and the review
// says where its price comes from); a spending limit per job, typed in
// dollars and refused with the reason when it is not an amount; how long a
// paid answer is reused; and forgetting the answers kept, asked first.
import { test, expect, type TestApp } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import type { SettingsView } from '../../electron/ipc/contract';
import type { MemoryView } from '../../electron/common/views/views';
import { connectKey, dropFile, knownList, nav, screenshotFromTop } from './import-support';
import { doneJob, invoke, writeList } from './results-support';

let sandbox: Sandbox;
const KEY = 'sk_live_e2e_settings_money_m0n3';

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 10_000_000 }] });
});

test.afterAll(async () => {
  await sandbox.stop();
});

const settings = (app: TestApp) => invoke<SettingsView>(app, 'settings:get');

async function openSettings(app: TestApp) {
  await app.page.getByRole('button', { name: 'Settings' }).click();
  return app.page.getByRole('main', { name: 'Settings' });
}

test('the plan’s price gives a new account its estimate, and the review says where it comes from', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  await dropFile(page, 'first-list.csv', knownList({ unique: 40 }).csv);
  // No charge yet on this account: no estimate, and the way to one.
  const unknown = page.getByTestId('price-unknown');
  await expect(unknown).toBeVisible();
  await expect(page.getByTestId('estimate-savings')).toHaveCount(0);
  await unknown.getByRole('button', { name: 'Enter your plan’s price…' }).click();

  const dialog = page.getByRole('main', { name: 'Settings' });
  const email = dialog.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue('');
  await email.fill('0,0008');
  await email.press('Enter');
  await expect(dialog.getByText('Write cents with a dot: 0.002, not 0,002.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect((await settings(app)).enteredPrices.email).toBeNull();

  await email.fill('0.0008');
  await dialog.getByLabel('Email + avatar', { exact: true }).fill('$0.003');
  await email.press('Enter');
  await expect(dialog.getByTestId('prices-saved')).toHaveText('Saved.');
  expect((await settings(app)).enteredPrices).toEqual({ email: 800, avatar: 3_000 });
  await page.keyboard.press('Escape');

  // The review estimates at the entered price, and says so.
  await expect(page.getByTestId('price-source')).toHaveText(
    'Your plan’s price, entered in Settings',
  );
  await expect(page.getByTestId('unit-price')).toHaveText('$0.0008');
  // 40 × $0.0008 = $0.032, exactly: the estimate is the charge it becomes.
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.032');
  await expect(page.getByTestId('saved-cleaned')).toHaveCount(0);
  await expect(unknown).toHaveCount(0);
  await screenshotFromTop(app, 'review-entered-price');

  // Once the service has charged, its own price wins.
  await page.getByRole('button', { name: 'Check 40 addresses' }).click();
  await expect(
    page.getByRole('article', { name: 'first-list.csv' }).getByTestId('job-state'),
  ).toHaveText('Done', { timeout: 30_000 });
  await nav(page, 'New list').click();
  await dropFile(page, 'second-list.csv', knownList({ unique: 60, domain: 'provider2.test' }).csv);
  await expect(page.getByTestId('price-source')).toHaveText(
    'Learned from a charge on your account',
  );
  await expect(page.getByTestId('unit-price')).toHaveText('$0.001');
});

test('a spending limit in dollars: a slip is refused with the reason, empty means none', async ({
  app,
}) => {
  await connectKey(app, sandbox.url, KEY);
  const dialog = await openSettings(app);
  const limit = dialog.getByLabel('Spending limit per job (USD)');
  await expect(limit).toHaveValue('');
  await expect(limit).toHaveAttribute('placeholder', 'No limit');

  await limit.fill('ten dollars');
  await limit.press('Enter');
  await expect(
    dialog.getByText('Enter an amount in US dollars, such as 25 or 0.002.'),
  ).toBeVisible();
  await limit.fill('0');
  await limit.press('Enter');
  await expect(dialog.getByText('Enter more than 0, or leave it empty.')).toBeVisible();
  expect((await settings(app)).maxSpendMicros).toBeNull();
  await screenshotFromTop(app, 'settings-limit-refused');

  await limit.fill('1,250.50');
  await limit.press('Enter');
  await expect(dialog.getByTestId('limit-saved')).toHaveText('Saved.');
  expect((await settings(app)).maxSpendMicros).toBe(1_250_500_000);
  await expect(limit).toHaveValue('1250.50');
  await screenshotFromTop(app, 'settings-spending');

  await limit.fill('');
  await limit.press('Enter');
  await expect.poll(async () => (await settings(app)).maxSpendMicros).toBeNull();
  await expect(limit).toHaveValue('');
});

test('reuse days and the remembered answers: kept, counted, forgotten when asked', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  await doneJob(app, await writeList(app.filesDir, 'paid-once.csv', knownList({ unique: 25 }).csv));
  expect((await invoke<MemoryView>(app, 'memory:status')).outcomes).toBe(25);

  const dialog = await openSettings(app);
  const days = dialog.getByLabel('Reuse an answer for (days)');
  await expect(days).toHaveValue('30');
  const status = dialog.getByTestId('memory-status');
  await expect(status).toHaveText('25 answers are kept for this account.');

  // More than a year is refused beside the field, in words (and by main), and nothing is saved.
  await days.fill('400');
  await days.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('At most 365 days: enter from 0 to 365.');
  expect((await settings(app)).reuseDays).toBe(30);
  await days.fill('7');
  await days.press('Enter');
  await expect(dialog.getByTestId('reuse-saved')).toHaveText('Saved.');
  expect((await settings(app)).reuseDays).toBe(7);

  // Forgetting asks first; Keep them changes nothing.
  await dialog.getByRole('button', { name: 'Forget remembered answers…' }).click();
  const ask = dialog.getByRole('group', { name: 'Forget remembered answers?' });
  await expect(ask).toContainText('Forget 25 answers kept for this account?');
  await expect(ask.getByRole('button', { name: 'Keep them' })).toBeFocused();
  await screenshotFromTop(app, 'settings-forget-ask');
  await ask.getByRole('button', { name: 'Keep them' }).click();
  await expect(dialog.getByRole('button', { name: 'Forget remembered answers…' })).toBeFocused();
  expect((await invoke<MemoryView>(app, 'memory:status')).outcomes).toBe(25);

  await dialog.getByRole('button', { name: 'Forget remembered answers…' }).click();
  await ask.getByRole('button', { name: 'Forget them' }).click();
  await expect(status).toHaveText('No answers are kept for this account.');
  await expect(status).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Forget remembered answers…' })).toBeDisabled();
  expect((await invoke<MemoryView>(app, 'memory:status')).outcomes).toBe(0);
  await screenshotFromTop(app, 'settings-forgotten');

  // Reuse off: the same list again is paid for in full, and the review says why nothing is reused.
  await days.fill('0');
  await days.press('Enter');
  await expect.poll(async () => (await settings(app)).reuseDays).toBe(0);
  await page.keyboard.press('Escape');
  await dropFile(page, 'paid-again.csv', knownList({ unique: 25 }).csv);
  await expect(page.getByTestId('reuse-off')).toHaveText(
    'Answers already paid for are not reused: turned off in Settings.',
  );
  await expect(page.getByTestId('estimate-reused')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Check 25 addresses' })).toBeEnabled();
});
