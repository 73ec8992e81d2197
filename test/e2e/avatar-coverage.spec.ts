// The review of an Email + avatar list says how its addresses stand with the
// avatar check: at covered providers, at other providers (not sent, or
// checked with Email by choice), at domains not known yet, each with its
// cost; the job then leaves the uncovered addresses out, marked not covered;
// and a file the service refuses all the same becomes multi checks by itself.
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { dropFile, jobCard, knownList, screenshotFromTop, useDemo } from './import-support';
import { showTab } from './results-support';
import { join } from 'node:path';
import { openOutcomeMemory } from '../../electron/memory/outcome-memory';
import { DEMO_MEMORY } from '../../electron/lib/account-name';

/** 7 at covered providers, 5 at others, 4 at domains the demo does not know. */
const LIST = [
  'email',
  ...[1, 2, 3, 4].map((i) => `deliverable+${i}@gmail.com`),
  'deliverable+5@mail.ru',
  'avatar@mail.ru',
  'deliverable+6@yandex.ru',
  ...[1, 2, 3].map((i) => `deliverable+${i}@outlook.com`),
  'deliverable+4@yahoo.com',
  'deliverable+5@hotmail.com',
  'deliverable+1@naver.com',
  'deliverable+2@naver.com',
  'deliverable+1@acme-widgets.com',
  'deliverable+2@acme-widgets.com',
].join('\n');

test('an avatar review shows its coverage groups with their costs, and the job leaves the others out', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  await dropFile(page, 'avatar-mix.csv', `${LIST}\n`);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await expect(page.getByTestId('coverage')).toHaveCount(0);

  await page.getByText('Email + avatar').click();
  const groups = page.getByTestId('coverage');
  await expect(groups.getByTestId('coverage-covered')).toContainText('At covered providers7');
  // Each group's cost, exact: they add up to the estimate as shown ($0.021 + $0.012 = $0.033).
  await expect(groups.getByTestId('coverage-covered-cost')).toHaveText('$0.021');
  await expect(groups.getByTestId('coverage-outside')).toContainText('At other providers5');
  await expect(groups.getByTestId('coverage-outside-cost')).toHaveText('Free');
  await expect(groups.getByTestId('coverage-unknown')).toContainText('Domains not known yet4');
  await expect(groups.getByTestId('coverage-unknown-cost')).toHaveText('up to $0.012');
  await expect(page.getByTestId('estimate-to-send')).toHaveText('11 of 16');
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.033');
  await screenshotFromTop(app, 'import-review-avatar-coverage');
  await expectAccessible(app);

  // Checked with Email instead: the others are sent, at the Email price.
  await page.getByTestId('others-email').check();
  await expect(groups.getByTestId('coverage-outside-cost')).toHaveText('$0.005');
  await expect(groups.getByTestId('coverage-outside')).toContainText('Checked with Email');
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.038');
  await screenshotFromTop(app, 'import-review-avatar-others');
  await page.getByTestId('others-email').uncheck();
  await expect(groups.getByTestId('coverage-outside-cost')).toHaveText('Free');

  await page.getByRole('button', { name: 'Check 11 addresses' }).click();
  const card = jobCard(page, 'avatar-mix.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await card.getByRole('button', { name: 'Open results' }).click();
  await expect(page.getByText('Not covered by avatar').first()).toBeVisible();
  // The filter by outcome has the new status: the five rows left out, each marked.
  await showTab(page, 'Rows');
  const filters = page.getByRole('group', { name: 'Filter the rows' });
  await filters.getByRole('checkbox', { name: /^Not covered by avatar/ }).check();
  await expect(page.getByTestId('rows-count')).toHaveText('5 of 16 rows: Not covered by avatar');
  await expect(page.getByText('deliverable+1@outlook.com')).toBeVisible();
  await screenshotFromTop(app, 'results-avatar-not-covered');
  await expectAccessible(app);
});

test('an avatar file the service refuses all the same becomes multi checks: no question, the job finishes', async ({
  app,
}) => {
  const { page } = app;
  // What the demo learned before, wrongly: provider2.test at a covered provider.
  const memory = await openOutcomeMemory(join(app.dataDir, 'demo'), { account: DEMO_MEMORY });
  await memory.facts.learn(
    [{ domain: 'provider2.test', provider: 'provider_code_1' }],
    Math.floor(Date.now() / 1000),
  );
  await memory.close();
  await useDemo(app);
  const covered = knownList({ unique: 1_000, domain: 'provider1.test' }).csv;
  const rest = knownList({ unique: 200, domain: 'provider2.test' }).csv.split('\r\n').slice(1);
  await dropFile(page, 'believed-covered.csv', `${covered}${rest.join('\r\n')}`);
  await page.getByText('Email + avatar').click();
  await expect(page.getByTestId('coverage-covered')).toContainText('1,200');
  await page.getByRole('button', { name: 'Check 1,200 addresses' }).click();

  const card = jobCard(page, 'believed-covered.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 60_000 });
  await expect(card.getByTestId('job-failure')).toHaveCount(0);
  // The 200 the file was refused for came back from the multi checks without a result: free.
  await expect(card).toContainText('Unknown200');
  await expect(card).toContainText('Deliverable800');
  await screenshotFromTop(app, 'jobs-avatar-replanned');
});
