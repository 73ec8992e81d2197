// Settings: replacing the key (proven by the service before it replaces the
// old one) and the bulk poll interval (never under 30 seconds).
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server';
import { connectKey } from './import-support';

const FIRST = 'sk_live_settings_first_0001';
const SECOND = 'sk_live_settings_second_9f2c';
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [
      { key: FIRST, balanceMicros: 5_000_000 },
      { key: SECOND, balanceMicros: 7_000_000 },
    ],
  });
});

test.afterAll(async () => {
  await sandbox.stop();
});

test('a key is replaced only once the user says yes in main’s dialog and the service accepts it', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, FIRST);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });

  // Cancel in main's dialog: the saved key stays, and nothing is sent.
  app.consent.answer = false;
  await dialog.getByLabel('New API key').fill(SECOND);
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    `Your saved key ending in ${FIRST.slice(-4)} was kept`,
  );
  expect(app.consent.asked.at(-1)).toEqual({
    kind: 'replace-key',
    oldLast4: FIRST.slice(-4),
    newLast4: SECOND.slice(-4),
    host: new URL(sandbox.url).host,
  });
  app.consent.answer = true;

  await dialog.getByLabel('New API key').fill('sk_live_not_a_key_of_this_service');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog.getByRole('alert')).toContainText('did not accept this API key');
  await expect(page.getByTestId('account-label')).toHaveText(`…${FIRST.slice(-4)}`);

  await dialog.getByLabel('New API key').fill(SECOND);
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('account-label')).toHaveText(`…${SECOND.slice(-4)}`);
  await expect(page.getByTestId('balance-amount')).toHaveText('$7.00');
  await expect(dialog.getByLabel('New API key')).toHaveValue('');
  await app.screenshot('settings-replaced-key');
});

test('the poll interval is saved, and never under 30 seconds', async ({ app }) => {
  const { page } = app;
  await connectKey(app, sandbox.url, FIRST);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const field = dialog.getByLabel('Check a bulk task every (seconds)');
  await expect(field).toHaveValue('30');

  await field.fill('45');
  await field.press('Enter');
  await expect
    .poll(async () => app.core().registry.invoke('settings:get', undefined))
    .toMatchObject({ ok: true, value: { pollIntervalSeconds: 45 } });

  // Under the floor the form does not submit, and main would refuse it anyway.
  await field.fill('10');
  await field.press('Enter');
  expect(await field.evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow)).toBe(true);
  const refused = await app.core().registry.invoke('settings:update', { pollIntervalSeconds: 10 });
  expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  await expect
    .poll(async () => app.core().registry.invoke('settings:get', undefined))
    .toMatchObject({ ok: true, value: { pollIntervalSeconds: 45 } });
  await app.screenshot('settings-poll');
});

test("a chosen theme wins over the system's, and System follows it again", async ({ app }) => {
  const { page } = app;
  await connectKey(app, sandbox.url, FIRST);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const LIGHT = 'rgb(245, 246, 248)'; // --bg
  const DARK = 'rgb(15, 18, 22)';
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).toBe(LIGHT);
  await dialog.getByText('Dark', { exact: true }).click();
  await expect.poll(background).toBe(DARK);

  await page.emulateMedia({ colorScheme: 'dark' });
  await dialog.getByText('Light', { exact: true }).click();
  await expect.poll(background).toBe(LIGHT);

  await dialog.getByText('System', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect.poll(background).toBe(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).toBe(LIGHT);
  await page.emulateMedia({ colorScheme: null });
});

test('a new service address gets the key only once the user confirms it in main’s dialog', async ({
  app,
}) => {
  const { page } = app;
  // Another origin on this machine that would answer to the same key.
  const elsewhere = await startSandbox({
    host: '127.0.0.2',
    accounts: [{ key: FIRST, balanceMicros: 1_230_000 }],
  });
  try {
    const host = new URL(elsewhere.url).host;
    await connectKey(app, sandbox.url, FIRST);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });

    // The user answers Cancel in main's dialog, which names both hosts.
    app.keyHostDialog.answer = false;
    await dialog.getByLabel('Service address').fill(elsewhere.url);
    await dialog.getByRole('button', { name: 'Save' }).first().click();
    const notice = dialog.getByTestId('key-unconfirmed');
    await expect(notice).toContainText(`Your key is not sent to ${host} yet`);
    expect(app.keyHostDialog.asked).toEqual([[new URL(sandbox.url).host, host]]);
    await app.screenshot('settings-key-unconfirmed');
    expect(elsewhere.requests).toEqual([]);

    // Then says yes: the key is proven there, and the balance is that service's.
    app.keyHostDialog.answer = true;
    await notice.getByRole('button', { name: `Use my key with ${host}…` }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByTestId('balance-amount')).toHaveText('$1.23');
    expect(elsewhere.requests.map((r) => r.path)).toContain('/api/v1/balance');
  } finally {
    await elsewhere.stop();
  }
});
