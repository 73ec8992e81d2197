// What a crash may have cost twice, shown where money is read (issue 47): a
// job whose run was killed while a check was at the service counts the
// addresses it checked again (jobs/money/exposure.ts). The history's month
// adds them to its line ("· up to $0.007 possibly charged twice") and the
// Account screen says this month's figure under the balance, exactly what
// the jobs say, with what it means.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMoney } from '../../electron/common/money';
import type { JobView } from '../../electron/ipc/contract';
import { expectAccessible } from './axe-support';
import { test, expect, type TestApp } from './fixtures';
import { knownList, nav, screenshotFromTop, useDemo } from './import-support';
import { doneJob, invoke, writeList } from './results-support';

/** Edits a finished job's job.json (what a restart reads), once its last save is on disk. */
async function editRecord(
  app: TestApp,
  jobId: string,
  patch: Record<string, unknown>,
): Promise<void> {
  const path = join(app.dataDir, 'demo', 'jobs', jobId, 'job.json');
  let record: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      record = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      return record.state;
    })
    .toBe('done');
  await writeFile(path, JSON.stringify({ ...record, ...patch }, null, 2));
}

async function checked(app: TestApp, fileName: string, unique: number): Promise<JobView> {
  const domain = `${fileName.replace(/\W+/g, '-').toLowerCase()}.test`;
  const path = await writeList(app.filesDir, fileName, knownList({ unique, domain }).csv);
  return doneJob(app, path);
}

test('what a crash may have cost twice: on the month of the history and on Account', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page } = app;
  await useDemo(app);
  const killed = await checked(app, 'night-import.csv', 12);
  const older = await checked(app, 'spring-leads.csv', 8);
  // The night's clean was killed while a check of 7 of its addresses was at the service:
  // what the next run counted and checked again, as it leaves it in job.json.
  await editRecord(app, killed.id, {
    stoppedMidCheck: { addresses: 7, stops: 1, run: 'a-killed-run', busyUntil: null },
  });
  // An older list, last month: the history groups by month.
  const now = new Date();
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 12, 10).toISOString();
  await editRecord(app, older.id, {
    createdAt: lastMonth,
    startedAt: lastMonth,
    finishedAt: lastMonth,
    updatedAt: lastMonth,
  });
  await app.restart();
  await expect(page.getByTestId('account-label')).toHaveText('Demo');

  const jobs = await invoke<JobView[]>(app, 'job:list');
  const figure = jobs.find((j) => j.id === killed.id)?.mayBeChargedTwice;
  expect(figure).toMatchObject({ addresses: 7, inFlightAtStop: 7, stops: 1 });
  const upTo = figure?.upToMicros ?? null;
  expect(upTo).not.toBeNull();

  // The history: this month's line adds it, exact; last month's has none.
  await nav(page, 'Jobs').click();
  const months = page.getByTestId('job-month');
  await expect(months).toHaveCount(2);
  const facts = months.nth(0).getByTestId('month-facts');
  await expect(facts).toHaveText(/ · up to \$[\d.,]+ possibly charged twice$/);
  const shown = / up to (\$[\d.,]+)/.exec(await facts.innerText())?.[1] ?? '';
  expect(parseMoney(shown, 'en-US')).toBe(upTo);
  await expect(months.nth(1).getByTestId('month-facts')).not.toContainText('twice');
  await screenshotFromTop(app, 'history-charged-twice');

  // Account: the same figure under the balance, and what it means.
  await nav(page, 'Account').click();
  const line = page.getByTestId('account-charged-twice');
  await expect(line).toContainText(
    `Possibly charged twice this month: up to ${shown} (7 addresses checked again)`,
  );
  await expect(line).toContainText('Bulk tasks are never charged twice.');
  await screenshotFromTop(app, 'account-charged-twice');
  await expectAccessible(app);
});
