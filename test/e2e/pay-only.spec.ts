// Paying only for what is worth checking, in the window (issue 16): a list
// cleaned again a little later, with throw-away, role and no-mail addresses
// among new ones. The review shows what the free checks found, the "Don't pay
// for" boxes with their counts, the answers reused from the first run with
// when they were checked, what is sent, and what the free steps saved; a
// change of the boxes is estimated again. Then the job, its card, its results
// with the new outcomes, and the export's optional flag and date columns.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { test, expect } from './fixtures';
import { startMailDns } from './dns-support';
import { dropFile, jobCard, screenshotFromTop, useDemo } from './import-support';
import { doneJob, openExport, openResults, shot, writeList } from './results-support';

let dns: Awaited<ReturnType<typeof startMailDns>>;

test.beforeAll(async () => {
  dns = await startMailDns(
    ['provider1.test', 'acme.test', 'mailinator.com', 'yopmail.com'],
    ['nomail.test'],
  );
});

test.afterAll(async () => {
  await dns.restore();
});

/** Ten addresses the first run pays for: eight deliverable, two undeliverable. */
const FIRST = [
  ...Array.from({ length: 8 }, (_, i) => `deliverable+${i + 1}@provider1.test`),
  'undeliverable+9@provider1.test',
  'undeliverable+10@provider1.test',
];

/** The same ten again, ten new ones, and what the free checks find, with the usual clean-up. */
function secondList(): string {
  const cells = [
    ...FIRST,
    ...Array.from({ length: 10 }, (_, i) => `deliverable+${i + 11}@provider1.test`),
    'temp@mailinator.com',
    'someone@yopmail.com',
    'info@acme.test',
    'sales@acme.test',
    'gone@nomail.test',
    'n/a',
    '',
    'DELIVERABLE+11@PROVIDER1.TEST',
  ];
  const lines = ['name,email', ...cells.map((cell, i) => `Person ${i + 1},${cell}`)];
  return `${lines.join('\r\n')}\r\n`;
}

test('the review says what is not paid for, what is reused and what it saves; the results and export show it', async ({
  app,
}) => {
  test.setTimeout(90_000);
  const { page } = app;
  await useDemo(app);
  const first = await writeList(
    app.filesDir,
    'newsletter-march.csv',
    `email\r\n${FIRST.join('\r\n')}\r\n`,
  );
  await doneJob(app, first);

  await dropFile(page, 'newsletter-april.csv', secondList());
  await expect(page.getByRole('heading', { level: 1, name: 'Review your list' })).toBeFocused();
  await expect(page.getByTestId('unique-count')).toHaveText('25');
  await expect(page.getByTestId('findings-disposable')).toContainText('2 at disposable domains');
  await expect(page.getByTestId('findings-role')).toHaveText('2 role addresses (info@, sales@…)');
  await expect(page.getByTestId('findings-no-mail')).toHaveText('1 at domains with no mail server');
  await expect(page.getByTestId('findings-dns-unavailable')).toHaveCount(0);

  // Don't pay for: throw-away domains and no mail server by default, role addresses not.
  const boxes = page.getByRole('group', { name: 'Don’t pay for' });
  const disposable = boxes.getByRole('checkbox', { name: /Disposable domains/ });
  const noMail = boxes.getByRole('checkbox', { name: /Domains with no mail server/ });
  const role = boxes.getByRole('checkbox', { name: /Role addresses/ });
  await expect(disposable).toBeChecked();
  await expect(noMail).toBeChecked();
  await expect(role).not.toBeChecked();
  await expect(page.getByTestId('skip-disposable')).toContainText('2');
  await expect(page.getByTestId('skip-noMail')).toContainText('1');
  await expect(page.getByTestId('skip-role')).toContainText('2');
  await expect(page.getByTestId('dont-pay-sum')).toHaveText(
    '3 addresses are left out: not sent, not paid for, and kept in your file with their mark.',
  );

  // The estimate: the price the first run was charged at, ten answers reused from it (today),
  // 12 sent.
  const estimate = page.getByTestId('estimate');
  await expect(page.getByTestId('price-source')).toHaveText(
    'Learned from a charge on your account',
  );
  await expect(page.getByTestId('estimate-reused')).toHaveText(
    /^10 addresses checked in the last 30 days: reused, free\. Last checked on \w{3} \d{1,2}, \d{4}\.$/,
  );
  await expect(page.getByTestId('estimate-to-send')).toHaveText('12 of 25');
  await expect(page.getByTestId('estimate-charge')).toHaveText('up to $0.012');
  await expect(estimate).toContainText(/Balance now\$24\.9\d\d/);
  // What was not paid for, exactly, adding up to their total as shown ($0.015 in all).
  await page.getByText('How this is worked out').click();
  const savings = page.getByTestId('estimate-savings');
  await expect(savings.getByTestId('saved-cleaned')).toHaveText(
    'Invalid addresses and repeats, removed for free$0.002',
  );
  await expect(savings.getByTestId('saved-skipped')).toHaveText('Left out by your choice$0.003');
  await expect(savings.getByTestId('saved-reused')).toHaveText(
    'Answered from earlier checks$0.010',
  );
  await expect(savings.getByTestId('saved-total')).toHaveText('$0.015');
  await expect(page.getByRole('button', { name: 'Check 12 addresses' })).toBeEnabled();
  await screenshotFromTop(app, 'review-pay-only');

  // Role addresses too: estimated again, two fewer sent, two more saved.
  await role.check();
  await expect(page.getByTestId('estimate-to-send')).toHaveText('10 of 25');
  await expect(savings.getByTestId('saved-skipped')).toHaveText('Left out by your choice$0.005');
  await expect(page.getByTestId('dont-pay-sum')).toContainText('5 addresses are left out');
  await expect(page.getByRole('button', { name: 'Check 10 addresses' })).toBeEnabled();
  await screenshotFromTop(app, 'review-pay-only-role');

  await page.getByRole('button', { name: 'Check 10 addresses' }).click();
  const card = jobCard(page, 'newsletter-april.csv');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(card.getByTestId('job-free')).toHaveText(
    'Without paying: 10 reused from earlier checks · 2 disposable and 2 role addresses left out · 1 address at a domain with no mail server.',
  );
  // Paid for: the ten new addresses only, at $0.001 each.
  await expect(card.getByTestId('job-charged')).toHaveText('$0.01');
  await screenshotFromTop(app, 'jobs-pay-only-done');

  await openResults(page, 'newsletter-april.csv');
  const table = page.getByTestId('outcome-table');
  await expect(table.locator('tr[data-outcome="disposable"]')).toContainText('Disposable2');
  await expect(table.locator('tr[data-outcome="role"]')).toContainText('Role address2');
  // 18 deliverable (8 reused, 10 new), 3 undeliverable (2 reused, 1 without mail).
  await expect(table.locator('tr[data-outcome="deliverable"] td.num').first()).toHaveText('18');
  await expect(table.locator('tr[data-outcome="undeliverable"] td.num').first()).toHaveText('3');
  await expect(page.getByTestId('results-free')).toContainText('10 reused from earlier checks');

  // The flags and the date are offered, not ticked; ticked, they are written.
  const exportPanel = await openExport(page);
  const flags = exportPanel.getByRole('checkbox', { name: /What the free checks found/ });
  const checkedAt = exportPanel.getByRole('checkbox', { name: /Date checked/ });
  await expect(flags).not.toBeChecked();
  await expect(checkedAt).not.toBeChecked();
  await flags.check();
  await checkedAt.check();
  await exportPanel.getByRole('radio', { name: /All rows, with their outcome/ }).check();
  await exportPanel.getByRole('button', { name: 'Save…' }).click();
  await expect(page.getByTestId('export-done')).toContainText('Saved 28 of 28 rows');
  await shot(app, 'results-pay-only');

  const text = await readFile(join(app.downloadsDir, 'newsletter-april.cleaned.csv'), 'utf8');
  const [header = [], ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  }).data;
  expect(header.slice(-2)).toEqual(['email_flags', 'email_checked_at']);
  const at = (name: string) => header.indexOf(name);
  const byAddress = new Map(
    rows.map((r) => [
      r[1],
      [r[at('email_status')], r[at('email_flags')], r[at('email_checked_at')]] as const,
    ]),
  );
  expect(byAddress.get('temp@mailinator.com')?.[0]).toBe('disposable');
  expect(byAddress.get('temp@mailinator.com')?.[1]).toContain('disposable');
  expect(byAddress.get('info@acme.test')?.[0]).toBe('role');
  expect(byAddress.get('info@acme.test')?.[1]).toContain('role');
  expect(byAddress.get('gone@nomail.test')?.[0]).toBe('undeliverable');
  expect(byAddress.get('gone@nomail.test')?.[1]).toContain('no_mail_server');
  const reused = byAddress.get('deliverable+1@provider1.test');
  expect(reused?.[0]).toBe('deliverable');
  expect(reused?.[1]).toContain('reused');
  expect(reused?.[2]).toMatch(/^\d{4}-\d{2}-\d{2}/);
  // An address paid for by this job has its date too, and no reused flag.
  const fresh = byAddress.get('deliverable+11@provider1.test');
  expect(fresh?.[1] ?? '').not.toContain('reused');
});
