// Deciding from the results: a list run to done with the demo account shows
// its quality grade (letter, score and the sentences, from the outcome
// counts) and its addresses by domain, in a table sorted by any column, the
// domains with one address each folded into one row that opens, the domains
// past the top 25 folded into "other domains", last whatever the order, and
// no column that is empty for every domain. The free checks' DNS is a
// loopback server, so a domain without mail is found the same on every machine.
import type { Locator } from '@playwright/test';
import type { DomainStats, DomainsView, JobSummaryView } from '../../electron/ipc/contract';
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { startMailDns } from './dns-support';
import { doneJob, invoke, openResults, shot, showTab, writeList } from './results-support';

/** Each domain: how many addresses, and every how many is undeliverable or undetermined (0: none). */
const DOMAINS: readonly [domain: string, addresses: number, bad: number, unsure: number][] = [
  ['gmail.com', 34, 6, 11],
  ['outlook.com', 21, 3, 0],
  ['acme-corp.test', 12, 0, 5],
  ['yahoo.com', 13, 2, 7],
];
/** One client each: more domains than the table names. */
const SMALL = Array.from({ length: 28 }, (_, i) => `studio-${String(i + 1).padStart(2, '0')}.test`);
const ROLES = ['info', 'sales', 'support'];

function domainsList(): string {
  const cells: string[] = [];
  for (const [domain, n, bad, unsure] of DOMAINS) {
    for (let i = 1; i <= n; i++) {
      const role = domain === 'acme-corp.test' ? ROLES[i - 1] : undefined;
      if (role) cells.push(`${role}@${domain}`);
      else if (bad && i % bad === 0) cells.push(`undeliverable+${i}@${domain}`);
      else if (unsure && i % unsure === 0) cells.push(`undetermined+${i}@${domain}`);
      else cells.push(`deliverable+${i}@${domain}`);
    }
  }
  cells.push('gone+1@nomail.test', 'gone+2@nomail.test', 'gone+3@nomail.test');
  cells.push('temp+1@mailinator.com', 'temp+2@mailinator.com', 'ann@gmial.com');
  SMALL.forEach((domain, i) =>
    cells.push(`${i % 4 === 0 ? 'undeliverable' : 'deliverable'}+1@${domain}`),
  );
  // What a real export has too: a repeat and a cell that is no address.
  cells.push('DELIVERABLE+1@Gmail.com', 'n/a');
  const lines = ['name,email', ...cells.map((cell, i) => `Contact ${i + 1},${cell}`)];
  return `${lines.join('\r\n')}\r\n`;
}

let dns: Awaited<ReturnType<typeof startMailDns>>;

test.beforeAll(async () => {
  dns = await startMailDns(
    ['acme-corp.test', 'mailinator.com', 'gmial.com', ...SMALL],
    ['nomail.test'],
  );
});

test.afterAll(async () => {
  await dns.restore();
});

test.beforeEach(async ({ app }) => {
  await invoke(app, 'demo:start');
});

/** The order the table shows: the domains with more than one address, then those with one. */
const foldedOrder = (top: readonly DomainStats[]) => [
  ...top.filter((d) => d.addresses > 1).map((d) => d.domain),
  ...top.filter((d) => d.addresses === 1).map((d) => d.domain),
];

/** A share as the window says it: one decimal below 10%. */
const percent = (share: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'percent',
    maximumFractionDigits: share > 0 && share < 0.1 ? 1 : 0,
  }).format(share);

/** The domains in the table's order, as their rows name them. */
const shownOrder = (table: Locator) =>
  table
    .locator('tbody tr[data-domain]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-domain')));

test('the grade and the domains of a finished list, sorted by a column, other domains last', async ({
  app,
}) => {
  test.setTimeout(90_000);
  const { page } = app;
  const path = await writeList(app.filesDir, 'trade-show-leads.csv', domainsList());
  const job = await doneJob(app, path);
  const { statuses } = await invoke<JobSummaryView>(app, 'job:summary', { jobId: job.id });
  const view = await invoke<DomainsView>(app, 'job:domains', { jobId: job.id });

  await app.open();
  await openResults(page, 'trade-show-leads.csv');

  // The grade, worked out again here from the outcome counts the core gives.
  const counted =
    statuses.deliverable +
    statuses.undeliverable +
    statuses.unknown +
    statuses.invalid +
    statuses.disposable;
  const score = Math.floor((100 * (statuses.deliverable + statuses.unknown / 2)) / counted);
  const letter =
    score >= 95 ? 'A' : score >= 85 ? 'B' : score >= 70 ? 'C' : score >= 50 ? 'D' : 'F';
  const grade = page.getByRole('region', { name: 'List quality' });
  await expect(grade.getByTestId('grade-letter')).toHaveText(letter);
  await expect(grade.getByTestId('grade-score')).toHaveText(
    new RegExp(`^Grade ${letter}, score ${score} / 100 · `),
  );
  // The formula is behind a disclosure: there when asked for.
  await expect(grade.getByTestId('grade-how')).toBeHidden();
  await grade.getByText('How is this computed?').click();
  await expect(grade.getByTestId('grade-how')).toBeVisible();
  await expect(grade.getByTestId('grade-how')).toContainText(
    `100 × (${statuses.deliverable} deliverable + half of ${statuses.unknown} unknown) ÷ ${counted} addresses`,
  );
  const bounce = statuses.undeliverable + statuses.invalid;
  await expect(grade.getByTestId('grade-sending')).toContainText(
    `Sending to the ${statuses.deliverable} deliverable addresses only is safe; sending to all ${counted}, ${bounce} would bounce (${percent(bounce / counted)}:`,
  );
  // A share, never a ratio rounded into words ("about 1 in 2" for 42%).
  await expect(grade.getByTestId('grade-sending')).not.toContainText(/\b1 in \d/);

  await showTab(page, 'Domains');
  // The table: the 25 domains with the most addresses, then the rest together.
  const domains = page.getByRole('region', { name: /^Domains ·/ });
  const table = domains.getByTestId('domain-table');
  expect(view.top).toHaveLength(25);
  expect(view.other?.domains).toBe(view.domains - 25);
  await expect(domains.getByRole('heading', { level: 2 })).toHaveText(
    `Domains · ${view.domains} domains`,
  );
  // The domains with one address each, folded into one row until it is opened.
  const singles = view.top.filter((d) => d.addresses === 1);
  expect(singles.length).toBeGreaterThan(10);
  const fold = table.getByTestId('domains-singles');
  const foldButton = fold.getByRole('button', {
    name: `${singles.length} domains with one address each`,
  });
  await expect(foldButton).toHaveAttribute('aria-expanded', 'false');
  await expect(fold.locator('td').first()).toHaveText(String(singles.length));
  expect(await shownOrder(table)).toEqual(
    view.top.filter((d) => d.addresses > 1).map((d) => d.domain),
  );
  await foldButton.click();
  await expect(foldButton).toHaveAttribute('aria-expanded', 'true');
  expect(await shownOrder(table)).toEqual(view.top.map((d) => d.domain));
  const gmail = view.top.find((d) => d.domain === 'gmail.com') as DomainStats;
  // 34 at gmail.com: every 6th undeliverable, every 11th undetermined; all free webmail.
  expect(gmail).toMatchObject({ addresses: 34, deliverable: 26, undeliverable: 5, unknown: 3 });
  await expect(table.locator('tr[data-domain="gmail.com"] > *')).toHaveText([
    'gmail.com',
    '34',
    '26 76.5%',
    '5 14.7%',
    '3 8.8%',
    '0',
    '0',
    '34 100.0%',
    '0',
    '0',
    '0',
  ]);
  // The throw-away and mistyped domains were left out by the review's default: their own column.
  await expect(table.getByRole('columnheader', { name: 'Left out' })).toBeVisible();
  const other = table.locator('tbody tr').last();
  await expect(other.locator('th')).toHaveText(`Other domains (${view.domains - 25} domains)`);
  await expect(other.locator('td').first()).toHaveText(String(view.other?.addresses));

  // Sorted by undeliverable: most first; ties by addresses, then name; other domains still last.
  const header = table.getByRole('columnheader', { name: 'Undeliverable' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('columnheader', { name: 'Addresses' })).not.toHaveAttribute(
    'aria-sort',
  );
  const byUndeliverable = (dir: 1 | -1) =>
    foldedOrder(
      [...view.top].sort(
        (a, b) =>
          dir * (a.undeliverable - b.undeliverable) ||
          b.addresses - a.addresses ||
          a.domain.localeCompare(b.domain),
      ),
    );
  expect(await shownOrder(table)).toEqual(byUndeliverable(-1));
  expect((await shownOrder(table)).slice(0, 3)).toEqual(['outlook.com', 'yahoo.com', 'gmail.com']);
  await expect(table.locator('tbody tr').last()).toHaveClass(/domains-other/);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await shownOrder(table)).toEqual(byUndeliverable(1));
  await expect(table.locator('tbody tr').last()).toHaveClass(/domains-other/);

  // By name, A to Z on the first click.
  await table.getByRole('button', { name: 'Domain', exact: true }).click();
  expect(await shownOrder(table)).toEqual(
    foldedOrder([...view.top].sort((a, b) => a.domain.localeCompare(b.domain))),
  );

  await table.getByRole('columnheader', { name: 'Undeliverable' }).getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  // From the top: scrolled, the sticky header would lie over the export's buttons.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(app);
  await shot(app, 'results-domains');

  // A narrow window: the table scrolls sideways inside its card, the domain column stays put.
  await page.setViewportSize({ width: 760, height: 900 });
  const scroll = domains.locator('.domains-scroll');
  expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const nameCell = table.locator('tbody tr').first().locator('th');
  const before = await nameCell.boundingBox();
  await scroll.evaluate((el) => el.scrollBy({ left: 300 }));
  await expect.poll(async () => (await nameCell.boundingBox())?.x).toBe(before?.x);
  await scroll.evaluate((el) => el.scrollBy({ left: -300 }));
  // Nothing drops without a word: the columns out of sight are named over the table, and the
  // typo flag is a badge under gmial.com (or the other domains it is among), in the column that
  // stays.
  const more = domains.getByTestId('domains-more');
  await expect(more).toContainText(/more columns? to the right: .*Likely typo/);
  const typoRow = view.top.some((d) => d.domain === 'gmial.com')
    ? table.locator('tr[data-domain="gmial.com"]')
    : table.locator('tr.domains-other').last();
  await expect(typoRow.locator('th').getByTestId('domain-warnings')).toContainText('Likely typo');
  await shot(app, 'results-domains-narrow');
  await more.getByRole('button', { name: 'Show' }).click();
  await expect(table.getByRole('columnheader', { name: 'Likely typo' })).toBeInViewport();
  await expect(more).toHaveCount(0);
  await scroll.evaluate((el) => el.scrollTo({ left: 0 }));
});

test('a list with nothing to chart: its sentence instead, and no empty domain columns', async ({
  app,
}) => {
  const { page } = app;
  // Ten deliverable addresses: six at one company, one each at four studios.
  const cells = [
    ...Array.from({ length: 6 }, (_, i) => `deliverable+${i + 1}@acme-corp.test`),
    ...SMALL.slice(0, 4).map((domain) => `deliverable+1@${domain}`),
  ];
  const lines = ['name,email', ...cells.map((cell, i) => `Contact ${i + 1},${cell}`)];
  const path = await writeList(app.filesDir, 'all-good.csv', `${lines.join('\n')}\n`);
  await doneJob(app, path);
  await app.open();
  await openResults(page, 'all-good.csv');

  // One outcome at 100%: a full circle says nothing, its sentence does.
  const outcomes = page.getByRole('region', { name: 'Outcomes' });
  await expect(outcomes.getByTestId('outcome-sentence')).toHaveText('All 10 rows are deliverable.');
  await expect(outcomes.getByTestId('outcome-donut')).toHaveCount(0);
  await expect(outcomes.getByTestId('outcome-table')).toBeVisible();
  await expect(page.getByTestId('provider-sentence')).toHaveText(
    'All 10 checked addresses are at other providers.',
  );
  await shot(app, 'results-one-outcome');

  await showTab(page, 'Domains');
  const table = page.getByTestId('domain-table');
  // Only what some domain has: nothing undeliverable, unknown or found by the free checks.
  await expect(table.locator('thead tr').last().getByRole('columnheader')).toHaveText([
    'Domain',
    'Addresses',
    'Deliverable',
  ]);
  await expect(table.getByRole('columnheader', { name: 'Free checks found' })).toHaveCount(0);
  await expect(page.getByText('Columns with nothing to count are left out.')).toBeVisible();
  await expect(table.locator('tr[data-domain="acme-corp.test"] > *')).toHaveText([
    'acme-corp.test',
    '6',
    '6 100.0%',
  ]);
  const fold = table.getByRole('button', { name: '4 domains with one address each' });
  await expect(table.locator('tr.domains-single')).toHaveCount(0);
  await fold.click();
  await expect(table.locator('tr.domains-single')).toHaveCount(4);
  await expect(table.locator('tr[data-domain="studio-01.test"]')).toBeVisible();
  await expectAccessible(app);
  await shot(app, 'results-domains-folded');
  await fold.click();
  await expect(table.locator('tr.domains-single')).toHaveCount(0);
});
