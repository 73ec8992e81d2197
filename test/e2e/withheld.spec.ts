// What the suppression list and the rules leave out, in the window (issue 34):
// the review names each group and what decided it (the reasons of the
// suppressed, the rules that blocked, and the allow rule that sent a
// throw-away domain), the sum of what is not paid for includes them, and the
// results show the new outcomes with why, in the rows and their filter.
import { test, expect } from './fixtures';
import { startMailDns } from './dns-support';
import { dropFile, jobCard, screenshotFromTop, useDemo } from './import-support';
import { openResults, shot, showTab } from './results-support';
import { addRules } from '../../electron/rules/store';
import { openSuppressionStore } from '../../electron/suppression/store';
import { DEMO_MEMORY } from '../../electron/lib/account-name';

let dns: Awaited<ReturnType<typeof startMailDns>>;

test.beforeAll(async () => {
  dns = await startMailDns(['provider1.test', 'competitor.test', 'mailinator.com'], []);
});

test.afterAll(async () => {
  await dns.restore();
});

const LIST = [
  ...Array.from({ length: 6 }, (_, i) => `deliverable+${i + 1}@provider1.test`),
  'bounced@provider1.test',
  'complained@provider1.test',
  'left@provider1.test',
  'spy@competitor.test',
  'boss@competitor.test',
  'deliverable+7@mailinator.com',
];

test('the review names what the suppression list and the rules leave out; the results show why', async ({
  app,
}) => {
  test.setTimeout(90_000);
  const { page } = app;
  const store = await openSuppressionStore(app.dataDir, { account: DEMO_MEMORY });
  await store.add(
    [
      { address: 'bounced@provider1.test', reason: 'hard_bounce', date: null, detail: '550 5.1.1' },
      { address: 'complained@provider1.test', reason: 'complaint', date: null, detail: '' },
      { address: 'left@provider1.test', reason: 'unsubscribe', date: null, detail: '' },
    ],
    'mailchimp-cleaned.csv',
  );
  await store.close();
  await addRules(app.dataDir, ['*@competitor.test'], 'block');
  await addRules(app.dataDir, ['mailinator.com'], 'allow');
  await useDemo(app);

  await dropFile(page, 'november.csv', `email\r\n${LIST.join('\r\n')}\r\n`);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await expect(page.getByTestId('estimate-suppressed')).toHaveText(
    '3 addresses are on your suppression list (1 hard bounce, 1 spam complaint, 1 unsubscribed): not sent, nothing charged.',
  );
  await expect(page.getByTestId('estimate-blocked')).toHaveText(
    '2 addresses are blocked by your rules (*@competitor.test: 2): not sent, nothing charged.',
  );
  await expect(page.getByTestId('estimate-allowed')).toHaveText(
    '1 address is sent although a free check would leave it out, as your allow rules say (mailinator.com: 1).',
  );
  await expect(page.getByTestId('estimate-to-send')).toHaveText('7 of 12');
  await page.getByText('How this is worked out').click();
  await expect(page.getByTestId('saved-withheld')).toContainText(
    'Suppressed or blocked by your rules',
  );
  await screenshotFromTop(app, 'review-withheld');

  await page.getByRole('button', { name: 'Check 7 addresses' }).click();
  const card = jobCard(page, 'november.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(card.getByTestId('job-free')).toContainText('3 suppressed, not sent');
  await expect(card.getByTestId('job-free')).toContainText('2 blocked by your rules, not sent');

  await openResults(page, 'november.csv');
  const table = page.getByTestId('outcome-table');
  await expect(table.locator('tr[data-outcome="suppressed"]')).toContainText('Suppressed3');
  await expect(table.locator('tr[data-outcome="blocked"]')).toContainText('Blocked by a rule2');
  await page.locator('.donut-placeholder').waitFor({ state: 'detached' });
  await shot(app, 'results-withheld');

  await showTab(page, 'Rows');
  const grid = page.getByRole('table', { name: 'Rows of november.csv with their outcome' });
  const bounced = grid.getByRole('row').filter({ hasText: 'bounced@provider1.test' });
  await expect(bounced).toContainText('Suppressed');
  await expect(bounced).toContainText('Hard bounce');
  const spy = grid.getByRole('row').filter({ hasText: 'spy@competitor.test' });
  await expect(spy).toContainText('*@competitor.test');
  await shot(app, 'rows-withheld');

  // The filter takes the new outcomes as any other.
  await page
    .getByRole('group', { name: 'Filter the rows' })
    .getByRole('checkbox', { name: /Suppressed/ })
    .check();
  await expect(page.getByTestId('rows-count')).toContainText('3 of 12 rows');
  await expect(grid.getByRole('row').filter({ hasText: 'spy@competitor.test' })).toHaveCount(0);
});
