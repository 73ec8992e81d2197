// The Jobs screen as a history: lists checked over several months, found by
// file name whatever its accents, grouped by month with each month's lists,
// addresses and charge, months before the newest folded; and the reminder to check a list again, set in
// Settings, shown on a list finished long enough ago, whose "Check again"
// reads the user's file anew into a review (or says it was moved).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { parseMoney } from '../../electron/common/money';
import type { JobView } from '../../electron/ipc/contract';
import { expectAccessible } from './axe-support';
import { test, expect, type TestApp } from './fixtures';
import { jobCard, knownList, nav, screenshotFromTop, useDemo } from './import-support';
import { doneJob, invoke, writeList } from './results-support';

const DAY = 86_400_000;

/**
 * Moves a finished job back in time, as if it had been checked then: its
 * job.json is what a restart reads, so the window shows it as an old job.
 * Edited once the job's own last save (done, with its price) is on disk.
 */
async function backdate(app: TestApp, jobId: string, createdAt: Date): Promise<void> {
  const path = join(app.dataDir, 'demo', 'jobs', jobId, 'job.json');
  let record: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      record = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      return record.state;
    })
    .toBe('done');
  const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000).toISOString();
  Object.assign(record, {
    createdAt: at(0),
    startedAt: at(1),
    finishedAt: at(2),
    updatedAt: at(2),
  });
  await writeFile(path, JSON.stringify(record, null, 2));
}

/**
 * A finished demo job of a small known list, the file kept where it was
 * dropped from. Each list has addresses of its own (its own domain), so none
 * is taken for another list checked again.
 */
async function checkedList(app: TestApp, fileName: string, unique: number): Promise<JobView> {
  const domain = `${fileName.replace(/\W+/g, '-').toLowerCase()}.test`;
  const path = await writeList(app.filesDir, fileName, knownList({ unique, domain }).csv);
  return doneJob(app, path);
}

const monthName = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(d);

/** Opens every folded month of the history, as a user looking for an old list does. */
/** Opens every month; the jobs in them stay as they are (folded, but for the newest). */
async function openAllMonths(app: TestApp): Promise<void> {
  const folded = app.page
    .getByTestId('job-month')
    .locator('.job-month-toggle[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
}

async function openJobs(app: TestApp): Promise<void> {
  await nav(app.page, 'Jobs').click();
  await expect(app.page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
}

test('the history: found by file name, grouped by month with what each month checked and cost', async ({
  app,
}) => {
  test.setTimeout(180_000);
  const { page } = app;
  await useDemo(app);

  const now = new Date();
  // Mid-month, so the months are the same wherever the test runs.
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 12, 10);
  const twoBack = new Date(now.getFullYear(), now.getMonth() - 2, 12, 10);
  const plan: [string, number, Date | null][] = [
    ['Clients Été 2026.csv', 12, null],
    ['webinar-signups.csv', 8, null],
    ['trade-show-leads.csv', 15, null],
    ['newsletter-autumn.csv', 20, lastMonth],
    ['Café owners.csv', 6, lastMonth],
    ['partners-emea.csv', 9, lastMonth],
    ['old-crm-export.csv', 25, twoBack],
    ['donors-2025.csv', 10, twoBack],
    ['press-contacts.csv', 5, twoBack],
  ];
  const jobs: JobView[] = [];
  for (const [name, unique, when] of plan) {
    const job = await checkedList(app, name, unique);
    if (when) await backdate(app, job.id, new Date(when.getTime() + jobs.length * 3_600_000));
    jobs.push(job);
  }
  await app.restart();
  await expect(page.getByTestId('account-label')).toHaveText('Demo');
  await openJobs(app);

  // Nine jobs over three months: by month, newest first; the older months folded, with a count.
  const months = page.getByTestId('job-month');
  await expect(months).toHaveCount(3);
  const labels = [now, lastMonth, twoBack].map(monthName);
  const toggles = labels.map((label) =>
    page.getByRole('button', { name: `${label as string} · 3 lists` }),
  );
  for (const [i, label] of labels.entries()) {
    await expect(months.nth(i).getByRole('heading', { level: 2 })).toHaveText(
      `${label as string} · 3 lists`,
    );
    await expect(toggles[i] as Locator).toHaveAttribute(
      'aria-expanded',
      i === 0 ? 'true' : 'false',
    );
  }
  await expect(months.nth(0).getByRole('article')).toHaveCount(3);
  await expect(months.nth(1).getByRole('article')).toHaveCount(0);
  await expect(months.nth(2).getByRole('article')).toHaveCount(0);
  await screenshotFromTop(app, 'history-folded');
  // Opened from the keyboard: the heading's button, Enter.
  await (toggles[1] as Locator).focus();
  await page.keyboard.press('Enter');
  await expect(toggles[1] as Locator).toHaveAttribute('aria-expanded', 'true');
  await (toggles[2] as Locator).click();
  // Each month's heading: its lists, their unique addresses, what they were charged.
  const listed = await invoke<JobView[]>(app, 'job:list');
  for (const [i, names] of [plan.slice(0, 3), plan.slice(3, 6), plan.slice(6)].entries()) {
    const of = listed.filter((j) => names.some(([name]) => name === j.fileName));
    const charged = of.reduce((sum, j) => sum + (j.chargedMicros ?? 0), 0);
    expect(of.every((j) => j.chargedMicros !== null)).toBe(true);
    const addresses = of.reduce((sum, j) => sum + j.unique, 0);
    // The month's figure is exact (common/money.ts): the sum of its jobs' micros, read back.
    const facts = months.nth(i).getByTestId('month-facts');
    await expect(facts).toHaveText(new RegExp(`^${addresses} addresses · \\$[\\d.,]+ charged$`));
    const shown = /\$[\d.,]+/.exec((await facts.textContent()) ?? '')?.[0] ?? '';
    expect(parseMoney(shown, 'en-US')).toBe(charged);
    await expect(months.nth(i).getByRole('article')).toHaveCount(3);
  }
  // Every row says when, what product, how many rows, and what it cost.
  const cafe = jobCard(page, 'Café owners.csv');
  await expect(cafe.getByRole('heading', { level: 3 })).toHaveText('Café owners.csv');
  await expect(cafe).toContainText('Email · 6 rows · added');
  await expect(cafe).toContainText(
    new Intl.DateTimeFormat('en-US', { month: 'short' }).format(lastMonth),
  );
  await expect(cafe.getByTestId('job-charged')).toHaveText(/^\$\d+\.\d{2,6}$/);
  await expect(page.getByTestId('jobs-shown')).toHaveText('9 jobs');
  await screenshotFromTop(app, 'history');
  await expectAccessible(app);
  // Folded again, and a search still finds what is in a folded month.
  await (toggles[1] as Locator).click();
  await (toggles[2] as Locator).click();
  await expect(months.nth(2).getByRole('article')).toHaveCount(0);

  // Capitals and accents set aside, on both sides.
  const search = page.getByRole('searchbox', { name: 'Search jobs by file name' });
  await search.fill('ETE');
  await expect(page.getByTestId('jobs-shown')).toHaveText('1 of 9 jobs');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(jobCard(page, 'Clients Été 2026.csv')).toBeVisible();
  await search.fill('cafe');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(months).toHaveCount(1);
  await expect(months.first().getByTestId('month-facts')).toContainText('6 addresses');
  await search.fill('.csv');
  await expect(page.getByTestId('jobs-shown')).toHaveText('9 of 9 jobs');

  // Nothing matches: said, with the way back.
  await search.fill('invoices');
  await expect(page.getByTestId('jobs-shown')).toHaveText('0 of 9 jobs');
  const none = page.getByTestId('jobs-no-match');
  await expect(none.getByRole('heading')).toHaveText('No job’s file name has “invoices”');
  await screenshotFromTop(app, 'history-no-match');
  await expectAccessible(app);
  await none.getByRole('button', { name: 'Clear the search' }).click();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  // Back as it was: the older months folded again.
  await expect(page.getByTestId('jobs-shown')).toHaveText('9 jobs');
  await expect(page.getByRole('article')).toHaveCount(3);
});

test('a list checked long ago asks to be checked again, once set in Settings, and Check again reviews it', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page } = app;
  await useDemo(app);
  const old = await checkedList(app, 'spring-customers.csv', 10);
  const moved = await checkedList(app, 'moved-away.csv', 4);
  await checkedList(app, 'fresh-signups.csv', 6);
  await backdate(app, old.id, new Date(Date.now() - 94 * DAY - 3 * 3_600_000));
  await backdate(app, moved.id, new Date(Date.now() - 120 * DAY - 3 * 3_600_000));
  await app.restart();
  await expect(page.getByTestId('account-label')).toHaveText('Demo');
  await openJobs(app);

  // The two old lists are in months folded at first.
  await openAllMonths(app);
  // Off until the user turns it on.
  await expect(jobCard(page, 'spring-customers.csv').getByTestId('job-state')).toHaveText('Done');
  await expect(page.getByTestId('recheck')).toHaveCount(0);

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('main', { name: 'Settings' });
  const form = dialog.getByTestId('recheck-form');
  const toggle = form.getByRole('switch', { name: 'Remind me to check a list again' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  const days = form.getByLabel('Remind me after (days)');
  await expect(days).toHaveValue('90');
  // A slip is refused in words, and nothing is saved.
  await days.fill('three months');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Enter a whole number of days, from 1 to 3,650, without a sign or unit.',
  );
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await days.fill('100');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByTestId('recheck-saved')).toHaveText('Saved.');
  await form.scrollIntoViewIfNeeded();
  await app.screenshot('history-settings');
  await expectAccessible(app);
  await dialog.getByRole('button', { name: 'Close settings' }).click();

  // 100 days: only the list finished 120 days ago is due.
  await expect(page.getByTestId('recheck')).toHaveCount(1);
  await expect(jobCard(page, 'moved-away.csv').getByTestId('recheck')).toContainText(
    'Checked 120 days ago: check again',
  );

  await page.getByRole('button', { name: 'Settings' }).click();
  await days.fill('90');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByTestId('recheck-saved')).toHaveText('Saved.');
  await dialog.getByRole('button', { name: 'Close settings' }).click();

  const reminder = (card: Locator) => card.getByTestId('recheck');
  await expect(reminder(jobCard(page, 'spring-customers.csv'))).toHaveText(
    /Checked 94 days ago: check again\s*Check again/,
  );
  await expect(reminder(jobCard(page, 'fresh-signups.csv'))).toHaveCount(0);
  // Finished jobs are folded, but for the newest: the reminders are read without opening any.
  await expect(page.locator('.job-toggle[aria-expanded="true"]')).toHaveCount(1);
  await expect(
    jobCard(page, 'fresh-signups.csv').locator('.job-toggle[aria-expanded="true"]'),
  ).toHaveCount(1);
  await screenshotFromTop(app, 'history-reminder');
  await expectAccessible(app);

  // The results of a due list say it too.
  await jobCard(page, 'spring-customers.csv').getByRole('button', { name: 'Open results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'spring-customers.csv' })).toBeVisible();
  await expect(page.locator('.results-header').getByTestId('recheck')).toContainText(
    'Checked 94 days ago: check again',
  );
  await screenshotFromTop(app, 'history-results');

  // The list grew since: Check again reads the file as it is now, into a review.
  await writeFile(
    join(app.filesDir, 'spring-customers.csv'),
    knownList({ unique: 12, domain: 'spring-customers-csv.test' }).csv,
  );
  await page.locator('.results-header').getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await expect(page.locator('#file-title')).toContainText('spring-customers.csv');
  await expect(page.getByTestId('unique-count')).toHaveText('12');
  const drafts = (await invoke<JobView[]>(app, 'job:list')).filter((j) => j.state === 'draft');
  expect(drafts.map((j) => j.fileName)).toEqual(['spring-customers.csv']);
  // Known as the list checked before (10 of its 12 addresses); once started, the old one
  // no longer asks.
  expect(drafts[0]?.repeatOf?.jobId).toBe(old.id);
  await page.getByRole('button', { name: /^(Check \d+ address|Finish without paying)/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await openAllMonths(app);
  await expect(page.getByRole('article', { name: 'spring-customers.csv' })).toHaveCount(2);
  await expect(page.getByTestId('recheck')).toHaveCount(1);
  await expect(jobCard(page, 'moved-away.csv').getByTestId('recheck')).toBeVisible();

  // A file moved away since: said, with the way forward, and nothing made or charged.
  await rm(join(app.filesDir, 'moved-away.csv'));
  await jobCard(page, 'moved-away.csv').getByRole('button', { name: 'Check again' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be used' });
  await expect(alert).toContainText('moved-away.csv could not be used');
  await expect(alert).toContainText('moved-away.csv was moved or deleted since it was checked');
  await expect(alert).toContainText('drop it on the window again');
  await expect(alert).toContainText('Nothing was sent and nothing was charged.');
  expect((await invoke<JobView[]>(app, 'job:list')).length).toBe(4);
  expect((await invoke<JobView[]>(app, 'job:list')).filter((j) => j.state === 'draft')).toEqual([]);
});
