// Settings → Team against a real PostgreSQL this test process starts: a wrong
// password refused in the app's words and nothing saved; the right address
// connected, its schema set up and the account's answers counted (none yet),
// the password never shown back; Test connection; Remove after a question.
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { connectKey } from './import-support';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { KNOWN_VERSION } from '../../electron/team/migrations';
import { startPgServer, type PgServer } from '../unit/team/pg-server';

const KEY = 'sk_live_team_settings_5e1d';
const PASSWORD = 'crew-Pass-77b1';
let sandbox: Sandbox;
let pg: PgServer;

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 5_000_000 }] });
  pg = await startPgServer();
  await pg.createUser('crew', PASSWORD, 'list_cleaner');
});

test.afterAll(async () => {
  await sandbox?.stop();
  await pg?.stop();
});

test('a team store is connected in Settings, its schema and answers shown, then removed', async ({
  app,
}) => {
  const { page } = app;
  app.allowShown(
    /127\.0\.0\.1:\d+/,
    'the service and the team store are addresses the user typed; their hosts are named',
  );
  await connectKey(app, sandbox.url, KEY);
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('main', { name: 'Settings' }).getByTestId('team-section');
  const field = section.getByLabel('Team store address');
  await expect(field).toHaveAttribute('placeholder', 'postgres://user@host:5432/list_cleaner');
  // The password is typed in a field of its own, masked.
  const password = section.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');

  // A wrong password (in the address, as some users paste it): refused in words, nothing saved.
  await field.fill(pg.url('crew', 'list_cleaner', 'not-the-password'));
  // It leaves the address at once for its own, masked field: never shown in clear.
  await expect(field).toHaveValue(pg.url('crew', 'list_cleaner'));
  await expect(password).toHaveValue('not-the-password');
  await expect(section.getByTestId('team-password-moved')).toBeVisible();
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(section.getByRole('alert')).toContainText(
    'refused the user crew: check the password',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(app.core().settings.get().teamUrl).toBeNull();
  await section.scrollIntoViewIfNeeded();
  for (const input of await page.locator('input:not([type="password"])').all()) {
    expect(await input.inputValue()).not.toContain('not-the-password');
  }
  await expect(page.locator('body')).not.toContainText('not-the-password');
  await app.screenshot('team-connect-refused');

  // Test connection reaches the store without saving it.
  await field.fill(pg.url('crew', 'list_cleaner'));
  await password.fill(PASSWORD);
  await expect(password).toHaveValue(PASSWORD);
  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByTestId('team-test')).toContainText(`Schema version ${KNOWN_VERSION}.`);
  expect(app.core().settings.get().teamUrl).toBeNull();

  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  const store = section.getByTestId('team-store');
  await expect(store.getByTestId('team-state')).toHaveText('Connected');
  // Said in words; where it is and what runs it only behind Details, once.
  await expect(store.locator('.connection-title')).toHaveText('Team store');
  await expect(store.getByText(`crew@127.0.0.1:${pg.port}/list_cleaner`)).toBeHidden();
  await expect(store.getByText(/^PostgreSQL \d/)).toBeHidden();
  await store.getByText('Details', { exact: true }).click();
  await expect(store.getByText(`crew@127.0.0.1:${pg.port}/list_cleaner`)).toBeVisible();
  await expect(store.getByTestId('team-schema')).toHaveText(`Version ${KNOWN_VERSION}`);
  await expect(store.getByTestId('team-answers')).toHaveText('0 answers for this account');
  // The login it is connected as, and what it may do there (migration 7).
  await expect(store.getByTestId('team-role')).toHaveText('crew · owner (may change the schema)');
  await expect(page.locator('body')).not.toContainText(PASSWORD);
  expect(app.core().settings.get().teamUrl).toBe(pg.url('crew', 'list_cleaner'));

  await store.getByRole('button', { name: 'Test connection' }).click();
  await expect(store.getByTestId('team-test')).toContainText('Reached: PostgreSQL');
  await section.scrollIntoViewIfNeeded();
  await app.screenshot('team-settings');
  await expectAccessible(app);

  // Remove asks first; Keep it keeps the store.
  await store.getByRole('button', { name: 'Remove…' }).click();
  await expect(store.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await store.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(section.getByLabel('Team store address')).toBeVisible();
  expect(app.core().settings.get().teamUrl).toBeNull();
});
