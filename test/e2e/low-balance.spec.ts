// The header's low-balance warning: under 1 USD, or under what the list being
// reviewed is estimated to cost, against accounts of the sandbox over HTTP.
import { join } from 'node:path';
import { test, expect, type TestApp } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { shot } from './results-support';
import { writeFile } from 'node:fs/promises';
import { memoryAccountOf } from '../../electron/lib/account-name';
import { openOutcomeMemory } from '../../electron/memory/outcome-memory';

/** Domains at the providers avatars cover, as an account learns them from Email answers. */
const COVERED = [
  ['gmail.com', 'provider_code_1'],
  ['mail.ru', 'provider_code_5'],
  ['yandex.ru', 'provider_code_6'],
] as const;

const POOR = 'sk_live_e2e_poor_account_00a1';
const MODEST = 'sk_live_e2e_modest_account_0b2';
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [
      { key: POOR, balanceMicros: 400_000 },
      { key: MODEST, balanceMicros: 2_000_000 },
    ],
  });
});

test.afterAll(async () => {
  await sandbox.stop();
});

async function connect(app: TestApp, key: string): Promise<void> {
  const { page } = app;
  await app.open();
  await page.getByText('Using another service address?').click();
  await page.getByLabel('Service address').fill(sandbox.url);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Connect account' }).click();
}

test('a balance under 1 USD is flagged in the header', async ({ app }) => {
  const { page } = app;
  await connect(app, POOR);
  await expect(page.getByTestId('balance-amount')).toHaveText('$0.40');
  const warning = page.getByTestId('balance-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Low');
  await expect(warning).toContainText('Your balance is under $1.00');
  await expect(page.getByText(/Updated/)).toBeVisible();
  await shot(app, 'header-low-balance');
});

test('a balance under the estimate of the list being reviewed is flagged', async ({ app }) => {
  const { page } = app;
  await connect(app, MODEST);
  await expect(page.getByTestId('balance-amount')).toHaveText('$2.00');
  await expect(page.getByTestId('balance-warning')).toHaveCount(0);

  // 1,200 addresses at the three providers avatars cover, which this account's
  // earlier answers named: one bulk task, whose price is published ($0.003),
  // so the estimate is known: $3.60.
  const memory = await openOutcomeMemory(app.dataDir, { account: memoryAccountOf(MODEST) });
  await memory.facts.learn(
    COVERED.map(([domain, provider]) => ({ domain, provider })),
    Math.floor(Date.now() / 1000),
  );
  await memory.close();
  const path = join(app.filesDir, 'avatars.csv');
  const rows = Array.from({ length: 1_200 }, (_, i) => `user${i}@${COVERED[i % 3]?.[0] ?? ''}`);
  await writeFile(path, `email\n${rows.join('\n')}\n`);
  app.chooseNextFile(path);
  await page.getByRole('button', { name: 'Choose file…' }).click();
  await page.getByRole('radio', { name: /Email \+ avatar/ }).check();
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $3.60');
  const warning = page.getByTestId('balance-warning');
  await expect(warning).toContainText('less than the $3.60 this list is estimated to cost');
  await shot(app, 'header-low-for-estimate');

  // The email price is not known yet on this account: no estimate, no warning.
  await page.getByRole('radio', { name: /^Email Whether/ }).check();
  await expect(page.getByTestId('price-unknown')).toBeVisible();
  await expect(warning).toHaveCount(0);
});
