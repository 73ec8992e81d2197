// Settings: replacing the key (proven by the service before it replaces the
// old one), the bulk poll interval (never under 30 seconds), every field's
// refusal in words, and the billing page behind "Add funds".
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { connectKey } from './import-support';

const FIRST = 'sk_live_settings_first_0001';
const SECOND = 'sk_live_settings_second_9f2c';
const LOW = 'sk_live_settings_low_balance_77aa';
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [
      { key: FIRST, balanceMicros: 5_000_000 },
      { key: SECOND, balanceMicros: 7_000_000 },
      { key: LOW, balanceMicros: 420_000 },
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
  const dialog = page.getByRole('main', { name: 'Settings' });

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
  const dialog = page.getByRole('main', { name: 'Settings' });
  const field = dialog.getByLabel('Check a bulk task every (seconds)');
  await expect(field).toHaveValue('30');

  await field.fill('45');
  await field.press('Enter');
  await expect
    .poll(async () => app.core().registry.invoke('settings:get', undefined))
    .toMatchObject({ ok: true, value: { pollIntervalSeconds: 45 } });

  // Under the floor the form says why, beside the field, and saves nothing; main would refuse it too.
  await field.fill('10');
  await field.press('Enter');
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(
    'The service asks to be checked no more often than every 30 seconds: enter 30 or more.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('poll-saved')).toHaveText('');
  const refused = await app.core().registry.invoke('settings:update', { pollIntervalSeconds: 10 });
  expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  await expect
    .poll(async () => app.core().registry.invoke('settings:get', undefined))
    .toMatchObject({ ok: true, value: { pollIntervalSeconds: 45 } });
  await field.scrollIntoViewIfNeeded();
  await app.screenshot('settings-poll');

  // Editing clears the refusal; a value in range saves, and says so.
  await field.fill('3601');
  await field.press('Enter');
  await expect(alert).toHaveText('At most 3,600 seconds: enter from 30 to 3,600.');
  await field.fill('60');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await field.press('Enter');
  await expect(dialog.getByTestId('poll-saved')).toHaveText('Saved.');
  await expect
    .poll(async () => app.core().registry.invoke('settings:get', undefined))
    .toMatchObject({ ok: true, value: { pollIntervalSeconds: 60 } });
});

test('every settings field refuses what its hint rules out, with the reason, and saves nothing', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, FIRST);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('main', { name: 'Settings' });
  const before = await app.core().registry.invoke('settings:get', undefined);

  const cases = [
    { label: 'Keep trying for (hours)', typed: '0', says: 'Enter from 1 to 72 hours.' },
    {
      label: 'Keep trying for (hours)',
      typed: '73',
      says: 'At most 72 hours: enter from 1 to 72.',
    },
    {
      label: 'Reuse an answer for (days)',
      typed: '366',
      says: 'At most 365 days: enter from 0 to 365.',
    },
    {
      label: 'Spending limit per job (USD)',
      typed: '2000000',
      says: 'At most $1,000,000: a limit is a guard, not a budget. Leave it empty for no limit.',
    },
    {
      label: 'Service address',
      typed: 'http://api.example.com',
      says: /starts with http:\/\/, which is not encrypted/,
    },
    {
      label: 'Your service’s billing page',
      typed: 'http://pay.example.com/top-up',
      says: 'The billing page must start with https:// (it starts with http://).',
    },
  ];
  for (const { label, typed, says } of cases) {
    const field = dialog.getByLabel(label, { exact: true });
    const form = dialog.locator('form', { has: page.getByLabel(label, { exact: true }) });
    await field.fill(typed);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert'), label).toHaveText(says);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  const price = dialog.getByLabel('Email', { exact: true });
  await price.fill('1.5');
  await dialog
    .locator('form', { has: page.getByLabel('Email', { exact: true }) })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(dialog.getByText('No plan charges more than $1 per address')).toBeVisible();
  expect(await app.core().registry.invoke('settings:get', undefined)).toEqual(before);
  await dialog.getByLabel('Keep trying for (hours)').scrollIntoViewIfNeeded();
  await app.screenshot('settings-refused');
});

test('the billing page is kept in one place, https only, and linked as Add funds when the balance is low', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, LOW);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account' }).click();
  // The default service's page, until the user names their own.
  const link = page.getByTestId('add-funds');
  await expect(link).toHaveAttribute('href', 'https://email-verification.example/account/billing');

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('main', { name: 'Settings' });
  const field = dialog.getByLabel('Your service’s billing page');
  await field.fill('https://pay.example.org/top-up');
  await field.press('Enter');
  await expect(dialog.getByTestId('billing-saved')).toHaveText('Saved.');
  await expect
    .poll(async () => app.core().registry.invoke('settings:get', undefined))
    .toMatchObject({ ok: true, value: { billingUrl: 'https://pay.example.org/top-up' } });
  await field.scrollIntoViewIfNeeded();
  await app.screenshot('settings-billing');
  await page.keyboard.press('Escape');

  await expect(link).toHaveAttribute('href', 'https://pay.example.org/top-up');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAccessibleName('Add funds (opens in your browser)');
  await app.screenshot('account-low-balance');

  // Emptied: no page known, no link.
  await page.getByRole('button', { name: 'Settings' }).click();
  await field.fill('');
  await field.press('Enter');
  await expect(dialog.getByTestId('billing-saved')).toHaveText('Saved.');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('balance-low')).toContainText('Your balance is low');
  await expect(link).toHaveCount(0);
});

test('the demo account has no billing page: no field, no link', async ({ app }) => {
  const { page } = app;
  await app.open();
  await page.getByRole('button', { name: 'Try the demo account' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('main', { name: 'Settings' });
  await expect(dialog.getByRole('heading', { name: 'Bulk tasks' })).toBeVisible();
  await expect(dialog.getByLabel('Your service’s billing page')).toHaveCount(0);
  await expect(page.getByTestId('add-funds')).toHaveCount(0);
});

test("a chosen theme wins over the system's, and System follows it again", async ({ app }) => {
  const { page } = app;
  await connectKey(app, sandbox.url, FIRST);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const LIGHT = 'rgb(245, 246, 248)'; // --bg
  const DARK = 'rgb(15, 18, 22)';
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('main', { name: 'Settings' });

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
  app.allowShown(
    /127\.0\.0\.[12]:\d+/,
    'the service addresses the user set; the key is bound to them, so their hosts are named',
  );
  // Another origin on this machine that would answer to the same key.
  const elsewhere = await startSandbox({
    host: '127.0.0.2',
    accounts: [{ key: FIRST, balanceMicros: 1_230_000 }],
  });
  try {
    const host = new URL(elsewhere.url).host;
    await connectKey(app, sandbox.url, FIRST);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('main', { name: 'Settings' });

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

test('Settings is a page: each section from its sidebar or from a notice, under a header that stays, at 1280 and 900 px', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, FIRST);
  const sectionNames = [
    'Account',
    'Spending',
    'Checking',
    'Connections',
    'Team',
    'Suppression list',
    'Rules',
    'Other vendors’ results',
    'Language and appearance',
  ];
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 800 });
    const opener = page.getByRole('button', { name: 'Settings', exact: true });
    await opener.click();
    const settings = page.getByRole('main', { name: 'Settings' });
    const title = settings.getByRole('heading', { name: 'Settings', level: 1 });
    await expect(title).toBeFocused();
    // The screen under it is hidden, not gone, and no tab says it is the one shown.
    await expect(page.locator('main.workspace')).toBeHidden();
    await expect(page.locator('nav.app-nav [aria-current="page"]')).toHaveCount(0);
    const nav = settings.getByRole('navigation', { name: 'Settings sections' });
    await expect(nav.getByRole('link')).toHaveText(sectionNames);
    const column = settings.locator('.settings-column');
    const columnTop = (await column.boundingBox())?.y ?? NaN;
    const titleAt = await title.boundingBox();
    for (const name of sectionNames) {
      const link = nav.getByRole('link', { name, exact: true });
      await link.click();
      await expect(link).toHaveAttribute('aria-current', 'location');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      // The section's first heading has the focus, in sight, its top not under the header.
      const heading = column.locator('h3:focus, legend:focus');
      await expect(heading).toBeInViewport();
      expect((await heading.boundingBox())?.y ?? NaN).toBeGreaterThanOrEqual(columnTop);
      // The header stayed where it was, its close button with it.
      expect(await title.boundingBox()).toEqual(titleAt);
      await expect(settings.getByRole('button', { name: 'Close settings' })).toBeInViewport();
      if (width === 1280 && (name === 'Checking' || name === 'Team')) {
        await app.screenshot(`settings-page-${name.toLowerCase()}`);
      }
    }
    if (width === 900) await app.screenshot('settings-page-900');
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    await expect(page.locator('main.workspace')).toBeVisible();
    await expect(opener).toBeFocused();
  }

  // A team notice opens Settings at Team, from whatever screen is showing.
  await page.locator('nav.app-nav').getByRole('button', { name: 'Jobs' }).click();
  app.core().events.emit('team:notice', {
    kind: 'lost',
    message: 'The team store does not answer; jobs go on alone.',
  });
  await page.getByTestId('team-notice').getByRole('button', { name: 'Team settings' }).click();
  const settings = page.getByRole('main', { name: 'Settings' });
  await expect(settings.getByRole('heading', { name: 'Team', exact: true })).toBeFocused();
  await expect(settings.getByRole('link', { name: 'Team', exact: true })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await app.screenshot('settings-from-team-notice');
  // A tab chosen leaves Settings for that screen.
  await page.locator('nav.app-nav').getByRole('button', { name: 'Jobs' }).click();
  await expect(settings).toHaveCount(0);
  await expect(page.locator('nav.app-nav [aria-current="page"]')).toHaveText(/Jobs/);
});
