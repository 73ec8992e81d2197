// The app's own update, as the window offers it: "Restart to update" once one
// is downloaded, held back while a job runs; and the menu's Settings….
import { test, expect } from './fixtures';
import { dropFile, jobCard, nav, screenshotFromTop, useDemo } from './import-support';

test('a downloaded update is offered, but not while a job runs', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  // The sandbox's slow addresses keep the job running a few seconds.
  await dropFile(page, 'slow.csv', 'email\nslow+1@example.com\nslow+2@example.com\n');
  await page.getByRole('button', { name: 'Check 2 addresses' }).click();
  await expect(jobCard(page, 'slow.csv').getByTestId('job-state')).toHaveText('Checking');

  app.update({ state: 'ready', version: '0.2.0' });
  const banner = page.getByTestId('update-banner');
  await expect(banner).toContainText('List Cleaner 0.2.0 is ready.');
  await expect(banner).toContainText('Restart once your jobs are done');
  await expect(banner.getByRole('button', { name: 'Restart to update' })).toBeDisabled();
  await screenshotFromTop(app, 'update-ready-job-running');

  await expect(jobCard(page, 'slow.csv').getByTestId('job-state')).toHaveText('Done', {
    timeout: 20_000,
  });
  await banner.getByRole('button', { name: 'Restart to update' }).click();
  await expect.poll(() => app.restartsToUpdate()).toBe(1);
  await screenshotFromTop(app, 'update-ready');
});

test('no banner while an update downloads or when there is none', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  app.update({ state: 'downloading', version: '0.2.0', progress: 0.5 });
  await nav(page, 'Jobs').click();
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
});

test('the menu’s Settings… opens the settings', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  app.core().events.emit('settings:open', { from: 'menu' });
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
});
