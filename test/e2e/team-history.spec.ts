// Jobs → Team and Account → Team spend against a real PostgreSQL this test
// process starts: a store connected in Settings → Team, a job finished in the
// app publishes its summary, colleagues' summaries are in the store already;
// the Team tab lists them all (the user's own marked), and the Account
// screen's spend adds each month's people up to the month's total.
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { connectKey, nav, screenshotFromTop } from './import-support';
import { doneJob, invoke, writeList } from './results-support';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { memoryAccountOf } from '../../electron/lib/account-name';
import type { JobSummary } from '../../electron/history/team';
import { migrate } from '../../electron/team/migrations';
import type { PoolClient } from 'pg';
import { openTeamStore } from '../../electron/team/store';
import type { TeamView } from '../../electron/common/views/team-views';
import { startPgServer, type PgServer } from '../unit/team/pg-server';
import { parseMoney } from '../../electron/common/money';

const KEY = 'sk_live_team_history_8c2f';
const PASSWORD = 'crew-Pass-31d9';
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

/** The 10th of the month `back` months before this one, in this computer's time zone. */
function monthsAgo(back: number, day = 10): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() - back, day, 11, 0).toISOString();
}

const counts = (unique: number, deliverable: number, paid: number): JobSummary['counts'] => ({
  rows: unique + 3,
  unique,
  deliverable,
  undeliverable: unique - deliverable - 1,
  unknown: 1,
  invalid: 2,
  duplicates: 1,
  reused: unique - paid,
  paid,
});

/** Colleagues' finished jobs, as their List Cleaner would have sent them. */
const COLLEAGUES: JobSummary[] = [
  {
    id: 'job-maria-1',
    listName: 'Webinar sign-ups (October).csv',
    osUser: 'maria',
    machine: 'MARIA-LAPTOP',
    product: 'email',
    finishedAt: monthsAgo(0, 2),
    counts: counts(1_204, 1_010, 1_204),
    chargedMicros: 3_013_333,
  },
  {
    id: 'job-maria-2',
    listName: 'Trade fair leads',
    osUser: 'maria',
    machine: 'maria-desktop',
    product: 'avatar',
    finishedAt: monthsAgo(0, 3),
    counts: counts(480, 402, 300),
    chargedMicros: 1_203_333,
  },
  {
    id: 'job-tom-1',
    listName: 'Newsletter — all subscribers.csv',
    osUser: 'tom',
    machine: 'tom-mbp',
    product: 'email',
    finishedAt: monthsAgo(0, 4),
    counts: counts(25_000, 21_870, 25_000),
    chargedMicros: 62_503_334,
  },
  {
    id: 'job-tom-2',
    listName: 'Old CRM export.csv',
    osUser: 'tom',
    machine: 'tom-mbp',
    product: 'email',
    finishedAt: monthsAgo(1),
    counts: counts(9_800, 7_020, 9_800),
    chargedMicros: 24_500_000,
  },
  {
    id: 'job-tom-3',
    listName: 'Partners.csv',
    osUser: 'tom',
    machine: 'tom-mbp',
    product: 'email',
    finishedAt: monthsAgo(1, 12),
    counts: counts(120, 100, 120),
    // Paid for at a price his List Cleaner had not learned.
    chargedMicros: null,
  },
  {
    id: 'job-maria-3',
    listName: 'Spring campaign.csv',
    osUser: 'maria',
    machine: 'MARIA-LAPTOP',
    product: 'email',
    finishedAt: monthsAgo(2),
    counts: counts(3_000, 2_700, 3_000),
    chargedMicros: 7_500_000,
  },
];

/**
 * A colleague's job of months ago, written by the store's owner into the
 * table: a member's summary is dated by the store when it arrives
 * (migration 7), so only the owner can lay out months of history.
 */
async function seedSummary(client: PoolClient, account: string, s: JobSummary): Promise<void> {
  await client.query(
    `INSERT INTO job_summaries
       (account, id, list_name, os_user, machine, product, finished_at, counts, charged_micros)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      account,
      s.id,
      s.listName,
      s.osUser,
      s.machine,
      s.product,
      s.finishedAt,
      JSON.stringify(s.counts),
      s.chargedMicros,
    ],
  );
}

test('the team’s finished jobs on Jobs → Team, and the team’s spend on Account', async ({
  app,
}) => {
  const { page } = app;
  app.allowShown(/127\.0\.0\.1:\d+/, 'the service is an address the user typed; its host is named');
  await connectKey(app, sandbox.url, KEY);
  const connected = await invoke<TeamView>(app, 'team:connect', {
    url: pg.url('crew', 'list_cleaner', PASSWORD),
  });
  expect(connected.connected).toBe(true);

  const store = await openTeamStore({ url: pg.url('crew', 'list_cleaner'), password: PASSWORD });
  try {
    await store.withClient(async (client) => {
      await migrate(client);
      for (const s of COLLEAGUES) await seedSummary(client, memoryAccountOf(KEY), s);
      // Another account's job on the same store is never shown.
      await seedSummary(client, 'key-someone-else', {
        ...COLLEAGUES[0],
        id: 'job-other',
        listName: 'Not ours.csv',
      } as JobSummary);
    });
  } finally {
    await store.close();
  }

  // A job this user finishes in the app publishes itself.
  const lines = ['email'];
  for (let i = 0; i < 40; i++) lines.push(`person${i}@example.com`);
  const path = await writeList(app.filesDir, 'Customers November.csv', `${lines.join('\n')}\n`);
  const mine = await doneJob(app, path);

  await nav(page, 'Jobs').click();
  const tabs = page.getByRole('tablist', { name: 'Whose jobs' });
  await expect(tabs.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Team' }).click();
  const team = page.getByTestId('team-jobs');
  // Sent in the background when the job finished: it is there once the page is read.
  await expect(team.getByTestId('team-job')).toHaveCount(COLLEAGUES.length + 1);
  await expect(team.getByTestId('team-jobs-shown')).toContainText(
    `${COLLEAGUES.length + 1} finished jobs, newest first`,
  );
  await expect(team).not.toContainText('Not ours.csv');
  const own = team.getByTestId('team-job').filter({ hasText: 'Customers November.csv' });
  await expect(own.getByTestId('team-job-who')).toContainText('you');
  await expect(own).toContainText(`${mine.deliverable} of 40 deliverable`);
  const partners = team.getByTestId('team-job').filter({ hasText: 'Partners.csv' });
  await expect(partners.getByTestId('team-job-charged')).toHaveText('not known');
  await expect(partners.getByTestId('team-job-who')).toContainText('tom');
  await expect(partners.getByTestId('team-job-who')).toContainText('on tom-mbp');
  await expect(page.locator('body')).not.toContainText('@example.com');
  // Maria's jobs of this month, as Team history shows their charges.
  let mariaRows = 0;
  for (const name of ['Webinar sign-ups (October).csv', 'Trade fair leads']) {
    const row = team.getByTestId('team-job').filter({ hasText: name });
    const m = /-?\$[\d,]+\.\d+/.exec(
      (await row.getByTestId('team-job-charged').textContent()) ?? '',
    );
    mariaRows += m ? (parseMoney(m[0], 'en-US') ?? Number.NaN) : Number.NaN;
  }
  await screenshotFromTop(app, 'team-history');
  await expectAccessible(app);

  // Account: the spend per person per month, each month's people adding up to its total.
  await nav(page, 'Account').click();
  const spend = page.getByTestId('team-spend');
  const months = spend.getByTestId('team-spend-month');
  await expect(months).toHaveCount(3);
  const thisMonth = months.nth(0);
  const people = thisMonth.getByTestId('team-spend-person');
  await expect(people).toHaveCount(3);
  // Every figure is read back as shown, in micros: exact figures add up exactly.
  const shown = (text: string | null): number => {
    const m = /-?\$[\d,]+\.\d+/.exec(text ?? '');
    return m ? (parseMoney(m[0], 'en-US') ?? Number.NaN) : 0;
  };
  const sumShown = (texts: string[]) => texts.reduce((sum, t) => sum + shown(t), 0);
  // A month's people add up to its total, as shown.
  for (let i = 0; i < 3; i++) {
    const month = months.nth(i);
    const parts = await month.getByTestId('team-spend-charged').allTextContents();
    const total = await month.getByTestId('team-spend-month-total').textContent();
    expect(sumShown(parts), `the people of month ${i + 1} add up to its total`).toBe(shown(total));
  }
  const lastMonth = months.nth(1);
  await expect(lastMonth.getByTestId('team-spend-month-total')).toContainText(
    /\$24\.50\d* and 1 job not known$/,
  );
  const monthTotals = await months.getByTestId('team-spend-month-total').allTextContents();
  expect(shown(await spend.getByTestId('team-spend-total').textContent())).toBe(
    sumShown(monthTotals),
  );
  // Across screens: maria's month here is her two jobs on Team history, as shown there
  // ($1.203333 + $3.013333 = $4.216666, where cents said $1.20 + $3.01 and $4.22).
  const maria = people.filter({ hasText: 'maria' }).getByTestId('team-spend-charged');
  expect(shown(await maria.textContent())).toBe(mariaRows);
  expect(mariaRows).toBe(4_216_666);
  await screenshotFromTop(app, 'team-spend');
  await expectAccessible(app);
});
