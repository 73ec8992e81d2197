// The Jobs screen through the UI: a bulk task followed to done, a restart in
// the middle of a job, a lost answer waited out, a service under maintenance
// waited out in sight, a job paused past its patience and continued, an
// avatar file refused for coverage and its rest run one by one, and removing a job.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectAccessible } from './axe-support';
import { test, expect } from './fixtures';
import { openJobs } from '../../electron/jobs/jobs';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import {
  connectKey,
  dropFile,
  exportFromCard,
  firstRowsWith,
  jobCard,
  knownList,
  nav,
  openJobRow,
  screenshotFromTop,
  useDemo,
} from './import-support';

let sandbox: Sandbox;
const KEY = 'sk_live_e2e_jobs_account_0j0b';

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 10_000_000 }] });
});

test.afterEach(() => {
  sandbox.config.checkLatencyMs = 0;
  sandbox.faults.clear();
});

test.afterAll(async () => {
  await sandbox.stop();
});

test('a 5,000-row list goes out as a bulk task, comes back done, and is exported', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  const list = knownList({ unique: 5_000 });
  await dropFile(page, 'annual-customers.csv', list.csv);
  await expect(page.getByTestId('unique-count')).toHaveText('5,000');
  await expect(page.getByText('Sent as a bulk task')).toBeVisible();
  await screenshotFromTop(app, 'import-review-bulk');
  await page.getByRole('button', { name: 'Check 5,000 addresses' }).click();

  const card = jobCard(page, 'annual-customers.csv');
  // While the service works: when it was sent, a live countdown to the next check, elapsed time.
  await expect(card.getByTestId('job-bulk')).toContainText('submitted at', { timeout: 20_000 });
  await expect(card.getByTestId('next-check')).toBeVisible();
  await expect(card.getByRole('progressbar')).toBeVisible();
  await screenshotFromTop(app, 'jobs-bulk-waiting');

  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 60_000 });
  await expect(card).toContainText(`Deliverable${(4_000).toLocaleString('en-US')}`);
  await expect(card).toContainText(`Undeliverable${(1_000).toLocaleString('en-US')}`);
  await expect(card.getByTestId('job-charged')).toHaveText('$5.00');
  await screenshotFromTop(app, 'jobs-bulk-done');

  // Exported with every row and its outcome, in the file's order.
  const saved = await exportFromCard(
    app,
    'annual-customers.csv',
    'All rows, with their outcome',
    'annual-customers.cleaned.csv',
  );
  expect(saved).toHaveLength(5_001);
  // A bulk file names no provider, so the outcome is the only column added.
  expect(saved[0]?.at(-1)).toBe('email_status');
  const statuses = saved.slice(1).map((row) => row.at(-1));
  expect(statuses.filter((s) => s === 'deliverable')).toHaveLength(4_000);
  expect(statuses.filter((s) => s === 'undeliverable')).toHaveLength(1_000);
  expect(saved.slice(1).map((row) => row[2])).toEqual(
    firstRowsWith(list.csv, '').map((row) => row[2]),
  );
});

test('each job is one row: open it for its details, and a done job’s rows add up in one sum', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  // 60 rows: 50 addresses (5 the service cannot tell), 5 repeats, 3 cells that are no address, 2 empty.
  const list = knownList({
    unique: 50,
    duplicates: 5,
    invalid: 3,
    empty: 2,
    undeterminedEvery: 10,
  });
  await dropFile(page, 'summer-fair.csv', list.csv);
  await page.getByRole('button', { name: 'Check 50 addresses' }).click();
  const card = jobCard(page, 'summer-fair.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 20_000 });

  // The row: name, counts, charge, state and one action.
  await expect(card.getByTestId('job-counts')).toHaveText(`${list.deliverable} of 50 deliverable`);
  await expect(card.getByTestId('job-charged')).toHaveText(/^\$\d+\.\d{2,6}$/);
  await expect(card.getByRole('button', { name: 'Open results' })).toHaveCount(1);

  // Its details fold and open again from the keyboard, saying so to a screen reader.
  const toggle = card.getByRole('button', { name: 'summer-fair.csv', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByTestId('row-sum')).toBeHidden();
  await expect(card.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
  await screenshotFromTop(app, 'jobs-list-compact');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const sum = card.getByTestId('row-sum');
  await expect(sum).toBeVisible();

  // Every row of the file, term by term, to the file's own count.
  await expect(sum.getByTestId('sum-checked')).toContainText('50checked by the service');
  await expect(sum.getByTestId('sum-checked')).toContainText(
    `${50 - list.undetermined} paid, ${list.undetermined} without an answer, not charged`,
  );
  await expect(sum.getByTestId('sum-reused')).toContainText('0reused');
  await expect(sum.getByTestId('sum-left-out')).toContainText('0left out by free checks');
  await expect(sum.getByTestId('sum-repeats')).toContainText('5repeats');
  await expect(sum.getByTestId('sum-not-addresses')).toContainText('5not addresses');
  await expect(sum.getByTestId('sum-total')).toHaveText('=60rows in the file');
  const charged = (await card.getByTestId('job-charged').textContent()) ?? '';
  await expect(sum.getByTestId('sum-charge')).toContainText(
    `Charged ${charged} for ${50 - list.undetermined} paid checks`,
  );
  await screenshotFromTop(app, 'jobs-row-open');
  await expectAccessible(app);

  // The row's one action.
  await card.getByRole('button', { name: 'Open results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'summer-fair.csv' })).toBeVisible();
});

test('a restart in the middle of a job: it resumes by itself and finishes', async ({ app }) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  // 400 addresses: four multi checks, one after another, slow enough to restart between them.
  sandbox.config.checkLatencyMs = 1_200;
  await dropFile(page, 'trade-show.csv', knownList({ unique: 400 }).csv);
  await page.getByRole('button', { name: 'Check 400 addresses' }).click();

  const card = jobCard(page, 'trade-show.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Checking');
  await expect(card.getByTestId('job-checked')).toHaveText('100 of 400 addresses checked', {
    timeout: 20_000,
  });
  // What it has charged so far is on its row: an amount, or when it will show; never "not known".
  await expect(card.getByTestId('job-charge-note')).toHaveText(
    /^(charged so far|[\d,]+ paid checks?: the charge shows once the service reports its price)$/,
  );
  await expect(card.getByTestId('job-charge-note')).not.toContainText('not known');
  await screenshotFromTop(app, 'jobs-checking');

  await app.restart();
  await nav(page, 'Jobs').click();
  const again = jobCard(page, 'trade-show.csv');
  await expect(again.getByTestId('resumed-badge')).toHaveText('Resumed after a restart');
  await expect(again.getByTestId('job-state')).not.toHaveText('Done');
  await screenshotFromTop(app, 'jobs-resumed');
  await expect(again.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(again).toContainText('Deliverable320');
  await expect(again).toContainText('Undeliverable80');
  await expect(again.getByTestId('resumed-badge')).toBeVisible();
  // Every address was paid for once (400 × $0.001), however the restart fell.
  expect(sandbox.ledger.balance(KEY)).toBe(10_000_000 - 400_000);
});

test('a lost answer is waited out: the job goes on by itself and says what may be charged twice', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  // The second multi check's answer is lost after the service did the work.
  sandbox.faults.resetConnection('after', 1, '/api/v1/batch-check');
  await dropFile(page, 'partners.csv', knownList({ unique: 60 }).csv);
  await page.getByRole('button', { name: 'Check 60 addresses' }).click();

  const card = jobCard(page, 'partners.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 20_000 });
  await expect(card).toContainText('Deliverable48');
  // The service may have checked, and charged, the lost request: said plainly on the card.
  await expect(card.getByTestId('job-sent-again')).toHaveText(
    '60 addresses were sent again after an answer was lost on the way: if the service had checked them before the answer was lost, they were charged twice.',
  );
});

test('a service under maintenance: the job waits in sight, counts down, and finishes by itself', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  await dropFile(page, 'night-run.csv', knownList({ unique: 60 }).csv);
  sandbox.faults.maintenance(true);
  await page.getByRole('button', { name: 'Check 60 addresses' }).click();

  const card = jobCard(page, 'night-run.csv');
  const wait = card.getByTestId('job-wait');
  await expect(wait).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('job-wait-reason')).toHaveText('The service is under maintenance');
  await expect(wait).toContainText('Nothing is charged for what the service refuses.');
  // The time of day, with the date when the patience runs past midnight.
  await expect(wait).toContainText(/keeps trying until (\w{3} \d{1,2}, \d{4}, )?\d{1,2}:\d\d/);
  await expect(card.getByTestId('job-state')).toHaveText('Waiting for the service');
  // Between tries, the next one counts down (during one, it says it is trying now).
  await expect(card.getByTestId('job-wait-countdown')).toBeVisible({ timeout: 20_000 });
  await screenshotFromTop(app, 'jobs-waiting-service');

  sandbox.faults.maintenance(false);
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(card.getByTestId('job-wait')).toHaveCount(0);
  expect(sandbox.ledger.spent(KEY) % 1_000).toBe(0);
});

test('past its patience a job pauses for the user, keeping everything; Continue finishes it', async ({
  app,
}) => {
  const { page } = app;
  app.setPatience(1_500);
  await connectKey(app, sandbox.url, KEY);
  await dropFile(page, 'weekend.csv', knownList({ unique: 60 }).csv);
  sandbox.faults.maintenance(true);
  await page.getByRole('button', { name: 'Check 60 addresses' }).click();

  const card = jobCard(page, 'weekend.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Paused: the service kept refusing', {
    timeout: 30_000,
  });
  await expect(card.getByTestId('job-hold-message')).toContainText(
    'Paused: the service has refused for',
  );
  await expect(card.getByTestId('job-hold-message')).toContainText('Continue tries again.');
  await screenshotFromTop(app, 'jobs-paused-patience');

  app.setPatience(null);
  sandbox.faults.maintenance(false);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
});

test('an avatar list at mixed providers: only the covered go in the file, the job just finishes', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  // 1,000 addresses at a covered provider, 200 at one avatars do not cover.
  const covered = knownList({ unique: 1_000, domain: 'provider1.test' }).csv;
  const rest = knownList({ unique: 200, domain: 'provider2.test' }).csv.split('\r\n').slice(1);
  await dropFile(page, 'vip-avatars.csv', `${covered}${rest.join('\r\n')}`);
  await expect(page.getByTestId('unique-count')).toHaveText('1,200');
  await page.getByText('Email + avatar').click();
  await page.getByRole('button', { name: 'Check 1,000 addresses' }).click();

  const card = jobCard(page, 'vip-avatars.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(card.getByTestId('job-failure')).toHaveCount(0);
  await expect(card).toContainText('Deliverable800');
  await expect(card.getByTestId('job-free')).toContainText('200 not covered by avatar, not sent');
  await screenshotFromTop(app, 'jobs-avatar-covered-only');
});

test('removing a finished job asks first; a draft goes at once', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await dropFile(page, 'keep-or-remove.csv', knownList({ unique: 10 }).csv);
  await page.getByRole('button', { name: 'Check 10 addresses' }).click();
  const card = jobCard(page, 'keep-or-remove.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 20_000 });

  // Remove is in the row's details, not beside its one action.
  await openJobRow(page, 'keep-or-remove.csv');
  await card.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await screenshotFromTop(app, 'jobs-remove-confirm');
  await card.getByRole('button', { name: 'Keep it' }).click();
  await expect(card.getByRole('button', { name: 'Remove', exact: true })).toBeFocused();
  await card.getByRole('button', { name: 'Remove', exact: true }).click();
  await card.getByRole('button', { name: 'Remove job and results' }).click();
  await expect(page.getByTestId('job')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No lists checked yet' })).toBeVisible();
  await screenshotFromTop(app, 'jobs-empty');
});

test('a job the command line runs shows as running there, and the window only follows it', async ({
  app,
}) => {
  const { page } = app;
  await connectKey(app, sandbox.url, KEY);
  // Every multi check takes a while, so the job is caught running.
  sandbox.config.checkLatencyMs = 400;
  const path = join(app.filesDir, 'from-the-terminal.csv');
  await writeFile(path, knownList({ unique: 300 }).csv);
  // `list-cleaner resume` in a terminal, on the same data folder: the same jobs core.
  const client = app.core().account.client();
  const cli = await openJobs({
    dataDir: app.dataDir,
    client: () => client,
    runner: 'the list-cleaner command',
  });
  try {
    const { job } = await cli.importFile(path);
    await cli.start(job.id, 'email');

    await nav(page, 'Jobs').click();
    const card = jobCard(page, 'from-the-terminal.csv');
    // Said as the window says it: no program name of the command line.
    await expect(card.getByTestId('job-elsewhere')).toHaveText(
      'Running from the command line. This window follows its progress and sends nothing for it.',
    );
    await expect(card.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
    await screenshotFromTop(app, 'jobs-running-elsewhere');

    await cli.finished(job.id);
    await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 20_000 });
    await expect(card.getByTestId('job-elsewhere')).toHaveCount(0);
  } finally {
    await cli.stop();
  }
});
