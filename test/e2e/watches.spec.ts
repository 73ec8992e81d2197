// Lists kept clean on a schedule, in the window: "Keep this list clean…" from
// a finished Mailchimp job (retiring on every run confirmed in main's own
// dialog, the stand-in here), the Watches screen with the watch's schedule,
// next run, last run in words, health chart and spend against its cap, Run
// now and a run's report; then the same screen in German. Screenshots light
// and dark. The platform is its fake (test/fakes) through the harness.
import { test, expect, type TestApp } from './fixtures';
import { expectAccessible } from './axe-support';
import { nav, screenshotFromTop, useDemo } from './import-support';
import { openResults } from './results-support';
import { startMailchimpHarness } from '../unit/connectors/harness/mailchimp';
import type { ImportView } from '../../electron/ipc/contract';

const LOOPBACK = /\b127\.0\.0\.1:\d+/;
const JOB = 'Newsletter · Mailchimp';
/** How long a watch's run may take here (no timed assertion: a ceiling on waiting). */
const RUN = { timeout: 30_000 };

const members = Array.from({ length: 20 }, (_, i) => ({
  email: `${i % 5 === 4 ? 'undeliverable' : 'deliverable'}+${i}@provider1.test`,
}));

/** The demo account checks the fake's audience (through the core, as the platforms spec does in the window). */
async function checkedAudience(app: TestApp): Promise<void> {
  const fake = await app.startPlatform(startMailchimpHarness, { members });
  app.allowShown(LOOPBACK, "the Mailchimp fake's address stands in for Mailchimp's own");
  await useDemo(app);
  const core = app.core();
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await core.registry.invoke(channel, input);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as T;
  };
  await call('platform:connect', { platform: 'mailchimp', key: fake.key });
  const view = await call<ImportView>('platform:import', {
    platform: 'mailchimp',
    listId: fake.listId,
    choice: 'subscribed',
  });
  await call('job:start', { jobId: view.job.id, product: 'email' });
  await (await core.workspace.jobs()).finished(view.job.id);
  await app.page.reload();
}

test('Keep this list clean… makes a watch; the Watches screen runs it and opens its report', async ({
  app,
}) => {
  // Six runs and four screenshots in two schemes: longer than one list's test.
  test.setTimeout(180_000);
  const { page } = app;
  await checkedAudience(app);

  // Nothing watched yet: the empty screen says how to start.
  await nav(page, 'Watches').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watches' })).toBeVisible();
  await expect(page.getByTestId('watches-empty')).toContainText('Keep this list clean…');
  await expect(page.getByTestId('watch-scheduler-state')).toContainText(
    'Off: watches run only while List Cleaner is open',
  );
  await screenshotFromTop(app, 'watches-empty');

  // From the finished job's results.
  await openResults(page, JOB);
  await page.getByRole('button', { name: 'Keep this list clean…' }).click();
  const form = page.getByTestId('keep-clean-form');
  await expect(form).toContainText('List Cleaner checks Newsletter on Mailchimp again');
  await form.getByRole('checkbox', { name: /archive undeliverable members/ }).check();
  await expect(form.getByTestId('retire-now')).toContainText(
    'Right now 4 members of 20 would be archived: more than the ceiling',
  );
  await form.getByRole('radio', { name: 'An amount a month' }).check();
  await form.getByLabel('Monthly cap in USD').fill('5');
  await screenshotFromTop(app, 'watches-keep-clean-form');
  await expectAccessible(app);
  await form.getByRole('button', { name: 'Keep it clean' }).click();

  // Main asked, in its own words, what happens on every run.
  await expect(page.getByRole('heading', { level: 1, name: 'Watches' })).toBeVisible();
  expect(app.consent.asked.at(-1)).toEqual({
    kind: 'watch-retire',
    platform: 'Mailchimp',
    listName: 'Newsletter',
    mode: 'archive',
    ceilingBp: 200,
  });
  const card = page.getByTestId('watch-card');
  await expect(card.getByRole('heading', { name: 'Newsletter (Mailchimp)' })).toBeVisible();
  await expect(card).toContainText('Checked every week at 09:00');
  await expect(card).toContainText('at most 2% of the list a run');
  await expect(card.getByTestId('watch-last')).toHaveText('Not run yet.');
  await expect(card.getByTestId('watch-spend')).toHaveText('$0.00 of $5.00 this month');

  // Run now: more undeliverable members than the ceiling, so it stops before writing and asks.
  await card.getByRole('button', { name: 'Run now' }).click();
  // A run reads the audience, makes a job and writes back: seconds, more on a busy machine.
  await expect(card.getByTestId('watch-last')).toContainText(
    'Stopped before writing: 4 members of 20 would be retired',
    RUN,
  );
  await expect(card.getByTestId('watch-next')).toHaveText('Waiting for your answer');
  await card.getByRole('button', { name: "Open last run's report" }).click();
  const report = page.getByTestId('run-report');
  await expect(report.getByTestId('run-outcome')).toContainText('Nothing was written.');
  await screenshotFromTop(app, 'watches-run-question');
  // Retire them this once: main asks again, naming the count.
  await report.getByRole('button', { name: 'Retire 4 members this once…' }).click();
  await expect(card.getByTestId('watch-last')).toContainText('Checked 0 of 20 members', RUN);
  expect(app.consent.asked.at(-1)).toMatchObject({ kind: 'retire-members', count: 4 });
  await page.keyboard.press('Escape');

  // Two more runs: nothing changed, nothing paid; three points on the health chart.
  for (let i = 0; i < 2; i++) {
    await card.getByRole('button', { name: 'Run now' }).click();
    await expect(card.getByRole('button', { name: 'Run now' })).toBeEnabled(RUN);
  }
  await expect(card.getByTestId('health-chart').locator('svg g')).toHaveCount(3, RUN);
  await expect(card.getByTestId('decay')).toHaveText(
    'Decay: not known until two runs at least a day apart.',
  );
  // The archived members are no longer subscribed: the audience read is the 16 left.
  await expect(card.getByTestId('watch-last')).toContainText(
    'Checked 0 of 16 members (16 answers reused free); wrote 0 verdicts that changed; charged $0.00.',
  );
  await screenshotFromTop(app, 'watches-screen');
  await expectAccessible(app);

  // The run that wrote the verdicts, from the history (newest first).
  await card.getByRole('button', { name: 'All runs' }).click();
  await expect(card.getByTestId('watch-runs').getByRole('listitem')).toHaveCount(4);
  await card.getByTestId('watch-runs').getByRole('button').nth(2).click();
  const first = page.getByTestId('run-report');
  await expect(first.getByTestId('run-changes')).toContainText(
    '16 members went from no verdict to deliverable',
  );
  await expect(first.getByTestId('run-changes')).toContainText(
    '4 members went from no verdict to undeliverable',
  );
  await screenshotFromTop(app, 'watches-run-report');
  await expectAccessible(app);
  await first.getByRole('button', { name: 'Open checked members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: JOB })).toBeVisible(RUN);
});

test('the Watches screen speaks German', async ({ app }) => {
  const { page } = app;
  await checkedAudience(app);
  await openResults(page, JOB);
  await page.getByRole('button', { name: 'Keep this list clean…' }).click();
  await page.getByTestId('keep-clean-form').getByRole('button', { name: 'Keep it clean' }).click();
  const card = page.getByTestId('watch-card');
  await card.getByRole('button', { name: 'Run now' }).click();
  await expect(card.getByTestId('watch-last')).toContainText('Checked 0 of 20 members', RUN);

  app.speak('de');
  await page.reload();
  await page.locator('[data-screen="watches"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Überwachungen' })).toBeVisible();
  await expect(card).toContainText('Geprüft jede Woche um 09:00');
  await expect(card.getByTestId('watch-last')).toContainText('0 von 20 Mitgliedern geprüft');
  await expect(card.getByRole('button', { name: 'Jetzt ausführen' })).toBeVisible();
  await expect(page.getByTestId('watch-scheduler')).toContainText(
    'Überwachungen ausführen, wenn List Cleaner geschlossen ist',
  );
  await screenshotFromTop(app, 'watches-screen-de');
  await card.getByRole('button', { name: 'Bericht des letzten Laufs öffnen' }).click();
  await expect(page.getByTestId('run-report')).toContainText('Gelesene Mitglieder');
  await screenshotFromTop(app, 'watches-run-report-de');
});
