// Settings → Other vendors' results: a ZeroBounce result file chosen in the
// app, with the day ZeroBounce checked the list, remembered; the counts say
// what was kept, what was not and the word List Cleaner does not know. A
// list cleaned afterwards takes those verdicts free (the sandbox charges only
// the others) and its rows say "Reused (ZeroBounce, <day>)".
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { expectAccessible } from './axe-support';
import { connectKey } from './import-support';
import { doneJob, openResults, shot, showTab } from './results-support';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';

const KEY = 'sk_live_vendor_verdicts_7c2e';
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 5_000_000 }] });
});

test.afterAll(async () => {
  await sandbox?.stop();
});

test("another vendor's results are remembered, and a list cleaned afterwards reuses them free", async ({
  app,
}) => {
  const { page } = app;
  app.allowShown(/127\.0\.0\.1:\d+/, 'the service address is one the user typed');
  await connectKey(app, sandbox.url, KEY);

  // Checked three days ago, as a date field takes it.
  const checked = new Date(Date.now() - 3 * 86_400_000);
  const day = checked.toISOString().slice(0, 10);
  const results = join(app.filesDir, 'newsletter_all_results.csv');
  await writeFile(
    results,
    [
      '"Email Address","First Name","ZB Status","ZB Sub Status","ZB Free Email"',
      '"deliverable+1@example.com","Anne","valid","","False"',
      '"deliverable+2@example.com","Bruno","valid","","False"',
      '"undeliverable+1@example.com","Chloé","invalid","mailbox_not_found","False"',
      '"deliverable+3@example.com","Dmitri","catch-all","","False"',
      '"deliverable+4@example.com","Emma","do_not_mail","role_based","False"',
      '"deliverable+5@example.com","Grace","valid_maybe","","False"',
      '',
    ].join('\r\n'),
  );

  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('main', { name: 'Settings' }).getByTestId('verdicts-section');
  await section.scrollIntoViewIfNeeded();
  await section.getByLabel('Vendor').selectOption({ label: 'ZeroBounce' });
  await section.getByLabel('Checked on').fill(day);
  app.chooseNextFile(results);
  await section.getByRole('button', { name: 'Choose file…' }).click();
  const result = section.getByTestId('verdicts-result');
  await expect(result).toContainText('newsletter_all_results.csv: 6 rows of ZeroBounce results');
  await expect(result).toContainText('Remembered: 2 deliverable, 1 undeliverable.');
  await expect(result).toContainText('Not kept: 2 addresses ZeroBounce could not call');
  await expect(result).toContainText(
    'Kept as unknown: 1 row with a word List Cleaner does not know: “valid_maybe” (1).',
  );
  await expect(page.getByTestId('memory-status')).toHaveText(
    '3 answers are kept for this account.',
  );
  await expectAccessible(app);
  await section.scrollIntoViewIfNeeded();
  await app.screenshot('verdicts-import');

  // A file named as another vendor's is refused, saying which columns were expected.
  await section.getByLabel('Vendor').selectOption({ label: 'Kickbox' });
  app.chooseNextFile(results);
  await section.getByRole('button', { name: 'Choose file…' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'does not have the columns of a Kickbox result file: List Cleaner expected "email", "result" and "reason"',
  );
  await page.getByRole('button', { name: 'Close settings' }).click();

  // The list cleaned afterwards: the three remembered verdicts are reused, not sent nor charged.
  const list = join(app.filesDir, 'newsletter.csv');
  await writeFile(
    list,
    [
      'email,name',
      'deliverable+1@example.com,Anne',
      'deliverable+2@example.com,Bruno',
      'undeliverable+1@example.com,Chloé',
      'deliverable+3@example.com,Dmitri',
      'deliverable+6@example.com,Hiro',
      '',
    ].join('\n'),
  );
  const spentBefore = sandbox.ledger.spent(KEY);
  const job = await doneJob(app, list);
  expect(job).toMatchObject({ reused: 3, paid: 2 });
  expect(sandbox.ledger.spent(KEY) - spentBefore).toBe(2 * sandbox.config.prices.email);

  await openResults(page, 'newsletter.csv');
  await showTab(page, 'Rows');
  const reused = page.getByTestId('row-reused');
  await expect(reused).toHaveCount(3);
  const said = `Reused (ZeroBounce, ${checked.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })})`;
  await expect(reused.first()).toHaveText(said);
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'deliverable+3@example.com' })).not.toContainText('Reused');
  await shot(app, 'verdicts-reused-rows');
});
