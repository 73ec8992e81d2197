// A list cleaned where it lives: a platform connected in Settings (a refused
// key said in the app's words, the right one saved and never shown back), a
// list read from it into the review a dropped file gets, checked with the
// demo account, and each member's result written back, with the optional
// archive step that main confirms in its own dialog. The platform is its
// fake (test/fakes), reached through the connectors' test harness.
import type { Page } from '@playwright/test';
import { test, expect, type TestApp } from './fixtures';
import { expectAccessible } from './axe-support';
import { jobCard, nav, screenshotFromTop, useDemo } from './import-support';
import { openResults } from './results-support';
import { startMailchimpHarness } from '../unit/connectors/harness/mailchimp';
import { startHubSpotHarness } from '../unit/connectors/harness/hubspot';
import { startKlaviyoHarness } from '../unit/connectors/harness/klaviyo';
import { startBrevoHarness } from '../unit/connectors/harness/brevo';
import type { FakeHarness } from '../unit/connectors/harness/types';

const LOOPBACK = /\b127\.0\.0\.1:\d+/;

/** Connects a platform in Settings with this key; the dialog stays open. */
async function connectIn(page: Page, name: string, platform: string, key: string) {
  const row = page.getByTestId(`connection-${platform}`);
  await row.getByRole('button', { name: `Connect… ${name}` }).click();
  const field = row.getByLabel(new RegExp(`^${name} `));
  await expect(field).toBeFocused();
  await field.fill(key);
  await row.getByRole('button', { name: 'Connect', exact: true }).click();
  return row;
}

/** From New list: the platform's list chosen, subscribed members read, the review shown. */
async function readList(page: Page, listName: string, rows: number) {
  await nav(page, 'New list').click();
  const picker = page.getByTestId('platform-picker');
  await picker.getByRole('radio', { name: new RegExp(`^${listName}`) }).check();
  await expect(picker.getByRole('radio', { name: /^Subscribed members only/ })).toBeChecked();
  await picker.getByRole('button', { name: `Read ${listName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await expect(page.getByTestId('count-rows')).toHaveText(String(rows));
}

/** Check with the demo account, then the job's results through the Jobs screen. */
async function checkAndOpen(app: TestApp, name: string, addresses: number) {
  const { page } = app;
  await page.getByRole('button', { name: `Check ${addresses} addresses` }).click();
  await expect(jobCard(page, name).getByTestId('job-state')).toHaveText('Done', {
    timeout: 30_000,
  });
  await openResults(page, name);
}

function expectVerdicts(fake: FakeHarness, emails: string[], status: string | null) {
  for (const email of emails) {
    expect(fake.verdictOf(email)?.status ?? null, email).toBe(status);
  }
}

test('a Mailchimp audience is connected, read, checked and written back, the undeliverable archived', async ({
  app,
}) => {
  const { page } = app;
  const deliverable = [1, 2, 3, 4, 5].map((i) => `deliverable+${i}@provider1.test`);
  const undeliverable = [6, 7].map((i) => `undeliverable+${i}@provider1.test`);
  const unknown = ['undetermined+8@provider1.test'];
  const unsubscribed = 'deliverable+9@provider1.test';
  const fake = await app.startPlatform(startMailchimpHarness, {
    members: [
      ...[...deliverable, ...undeliverable, ...unknown].map((email) => ({ email })),
      { email: unsubscribed, unsubscribed: true },
    ],
  });
  app.allowShown(LOOPBACK, "the Mailchimp fake's address stands in for Mailchimp's own");
  await useDemo(app);

  // Nothing connected yet: the import screen says where to connect.
  await expect(page.getByTestId('no-platform')).toBeVisible();
  await page.getByRole('button', { name: 'Connect a platform…' }).click();
  const settings = page.getByRole('main', { name: 'Settings' });
  await expect(settings.getByRole('heading', { name: 'Connections' })).toBeFocused();

  // A wrong key is refused in the app's words; nothing is saved.
  const row = await connectIn(page, 'Mailchimp', 'mailchimp', 'wrongwrongwrong0000-us21');
  await expect(row.getByRole('alert')).toContainText('Mailchimp refused this API key');
  await expect(row.getByRole('alert')).toContainText('Nothing was saved.');
  await expect(row.getByTestId('connection-state')).toHaveText('Not connected');
  await app.screenshot('platforms-connect-refused');

  // The right one: connected, shown by its last four characters only (those before its data center).
  const field = row.getByLabel('Mailchimp API key');
  await field.fill(fake.key);
  await row.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(row.getByTestId('connection-state')).toHaveText('Connected');
  await expect(row.getByTestId('connection-detail')).toContainText(
    `API key ending in ${fake.key.replace(/-us21$/, '').slice(-4)}`,
  );
  await expect(page.locator('body')).not.toContainText(fake.key);
  await expect(row.getByRole('button', { name: 'Remove… Mailchimp' })).toBeFocused();
  await app.screenshot('platforms-settings-connections');
  await expectAccessible(app);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // The audience, its size, subscribed members only by default.
  const picker = page.getByTestId('platform-picker');
  await expect(page.getByRole('heading', { name: 'Read a list from Mailchimp' })).toBeVisible();
  await expect(picker.getByRole('radio', { name: /^Newsletter/ })).toBeVisible();
  await expect(picker.getByTestId('platform-lists')).toContainText('8 members');
  await picker.getByRole('radio', { name: /^Newsletter/ }).check();
  await screenshotFromTop(app, 'platforms-list-picker');
  await expectAccessible(app);
  await readList(page, 'Newsletter', 8);
  await checkAndOpen(app, 'Newsletter · Mailchimp', 8);

  // The header names the job by its list and platform, with Write back beside Export.
  await screenshotFromTop(app, 'platforms-results');

  // The plan: per result, how many members and what they get; nothing sent yet.
  await page.getByRole('button', { name: 'Write back to Mailchimp…' }).click();
  const drawer = page.getByRole('dialog', { name: 'Write back to Mailchimp' });
  await expect(drawer.getByTestId('plan-deliverable')).toContainText('5');
  await expect(drawer.getByTestId('plan-deliverable')).toContainText('list-cleaner: deliverable');
  await expect(drawer.getByTestId('plan-undeliverable')).toContainText('2');
  await expect(drawer.getByTestId('plan-unknown')).toContainText('1');
  await expect(drawer.getByTestId('plan-total')).toHaveText('8');
  await expect(drawer).toContainText('nothing is charged');
  const archive = drawer.getByRole('checkbox', {
    name: 'Also archive the 2 undeliverable members',
  });
  await expect(archive).not.toBeChecked();
  await archive.check();
  expectVerdicts(fake, deliverable, null);
  await app.screenshot('platforms-writeback-plan');
  await expectAccessible(app);

  // Main asks its own question, naming the count; then the report.
  await drawer.getByRole('button', { name: 'Write to Mailchimp' }).click();
  const report = drawer.getByTestId('writeback-report');
  await expect(report).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect(app.consent.asked.filter((q) => q.kind === 'retire-members')).toEqual([
    {
      kind: 'retire-members',
      platform: 'Mailchimp',
      listName: 'Newsletter',
      count: 2,
      mode: 'archive',
    },
  ]);
  await expect(report).toContainText('Written back to Mailchimp');
  await expect(report.getByTestId('report-written')).toContainText('8');
  await expect(report.getByTestId('report-refused')).toContainText('0');
  await expect(report.getByTestId('report-retired')).toContainText('Archived');
  await expect(report.getByTestId('report-retired')).toContainText('2');
  await app.screenshot('platforms-writeback-report');

  // What the platform holds now matches the report: each member's result, the two archived.
  expectVerdicts(fake, deliverable, 'deliverable');
  expectVerdicts(fake, undeliverable, 'undeliverable');
  expectVerdicts(fake, unknown, 'unknown');
  expectVerdicts(fake, [unsubscribed], null);
  expect(undeliverable.every((e) => fake.retired(e))).toBe(true);
  expect(deliverable.some((e) => fake.retired(e))).toBe(false);
  expect(fake.memberCount()).toBe(9);

  // Closed and opened again, the report is what shows.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Write back to Mailchimp…' }).click();
  await expect(drawer.getByTestId('writeback-report')).toHaveAttribute('data-state', 'done');
  await expect(drawer.getByRole('button', { name: 'Write back again…' })).toBeVisible();
});

test('HubSpot contacts are written back without an archive step', async ({ app }) => {
  const { page } = app;
  const deliverable = ['deliverable+1@provider1.test', 'deliverable+2@provider1.test'];
  const undeliverable = ['undeliverable+3@provider1.test'];
  const fake = await app.startPlatform(startHubSpotHarness, {
    members: [...deliverable, ...undeliverable].map((email) => ({ email })),
  });
  app.allowShown(LOOPBACK, "the HubSpot fake's address stands in for HubSpot's own");
  await useDemo(app);

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = await connectIn(page, 'HubSpot', 'hubspot', fake.key);
  await expect(row.getByTestId('connection-state')).toHaveText('Connected');
  await page.keyboard.press('Escape');

  await readList(page, 'Newsletter', 3);
  await checkAndOpen(app, 'Newsletter · HubSpot', 3);
  await page.getByRole('button', { name: 'Write back to HubSpot…' }).click();
  const drawer = page.getByRole('dialog', { name: 'Write back to HubSpot' });
  await expect(drawer.getByTestId('plan-total')).toHaveText('3');
  await expect(drawer.getByRole('checkbox')).toHaveCount(0);
  await expect(drawer.getByTestId('writeback-no-retire')).toBeVisible();
  await drawer.getByRole('button', { name: 'Write to HubSpot' }).click();
  const report = drawer.getByTestId('writeback-report');
  await expect(report).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(report.getByTestId('report-written')).toContainText('3');
  await expect(report.getByTestId('report-retired')).toHaveCount(0);
  expect(app.consent.asked.filter((q) => q.kind === 'retire-members')).toEqual([]);
  expectVerdicts(fake, deliverable, 'deliverable');
  expectVerdicts(fake, undeliverable, 'undeliverable');
});

// Klaviyo and Brevo: the same path, their unsubscribe offered and left unticked.
for (const [name, platform, start, listName] of [
  ['Klaviyo', 'klaviyo', startKlaviyoHarness, 'Harness list'],
  ['Brevo', 'brevo', startBrevoHarness, 'Harness'],
] as const) {
  test(`a ${name} list is read, checked and written back, nobody unsubscribed unless asked`, async ({
    app,
  }) => {
    const { page } = app;
    const deliverable = ['deliverable+1@provider1.test', 'deliverable+2@provider1.test'];
    const undeliverable = ['undeliverable+3@provider1.test'];
    const fake = await app.startPlatform(start, {
      members: [...deliverable, ...undeliverable].map((email) => ({ email })),
    });
    app.allowShown(LOOPBACK, `the ${name} fake's address stands in for ${name}'s own`);
    await useDemo(app);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const row = await connectIn(page, name, platform, fake.key);
    await expect(row.getByTestId('connection-state')).toHaveText('Connected');
    await page.keyboard.press('Escape');

    await readList(page, listName, 3);
    await checkAndOpen(app, `${listName} · ${name}`, 3);
    await page.getByRole('button', { name: `Write back to ${name}…` }).click();
    const drawer = page.getByRole('dialog', { name: `Write back to ${name}` });
    await expect(drawer.getByTestId('plan-total')).toHaveText('3');
    await expect(
      drawer.getByRole('checkbox', { name: /^Also unsubscribe the 1 undeliverable/ }),
    ).not.toBeChecked();
    await drawer.getByRole('button', { name: `Write to ${name}` }).click();
    const report = drawer.getByTestId('writeback-report');
    await expect(report).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(report.getByTestId('report-written')).toContainText('3');
    expectVerdicts(fake, deliverable, 'deliverable');
    expectVerdicts(fake, undeliverable, 'undeliverable');
    expect([...deliverable, ...undeliverable].some((email) => fake.retired(email))).toBe(false);
  });
}
