// axe-core over every main screen a user can reach, in the light and the dark
// theme: no serious or critical violation. Lesser findings are printed and
// attached to the report, so they stay visible without failing the run.
import AxeBuilder from '@axe-core/playwright';
import { showTheme, test, expect, type TestApp } from './fixtures';
import { crmCsv, doneJob, openExport, openResults, showTab, writeList } from './results-support';
import { controlContrasts, type Contrast } from './axe-support';
import { useDemo } from './import-support';

interface Finding {
  screen: string;
  scheme: string;
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

async function audit(app: TestApp, screen: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  // From the top, as a screen first shows: sticky bars otherwise overlap
  // whatever the last click scrolled under them.
  await app.page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ['light', 'dark'] as const) {
    await showTheme(app.page, colorScheme);
    const result = await new AxeBuilder({ page: app.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    for (const v of result.violations) {
      findings.push({
        screen,
        scheme: colorScheme,
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
      });
    }
  }
  await app.page.emulateMedia({ colorScheme: null });
  return findings;
}

const serious = (findings: Finding[]) =>
  findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');

test('every main screen passes axe with no serious or critical violation', async ({
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  const { page } = app;
  const findings: Finding[] = [];
  const nav = page.getByRole('navigation', { name: 'Main' });

  await app.open();
  await expect(page.getByRole('heading', { name: 'Welcome to List Cleaner' })).toBeVisible();
  findings.push(...(await audit(app, 'first run')));

  await page.getByRole('button', { name: 'Try the demo account' }).click();
  await expect(page.getByTestId('balance-amount')).toHaveText('$25.00');
  findings.push(...(await audit(app, 'new list (header, empty)')));

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
  findings.push(...(await audit(app, 'settings panel')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main', { name: 'Settings' })).toHaveCount(0);

  // The review of a list chosen through the UI.
  const reviewPath = await writeList(app.filesDir, 'review-me.csv', crmCsv(60));
  app.chooseNextFile(reviewPath);
  await page.getByRole('button', { name: 'Choose file…' }).click();
  await expect(page.getByTestId('estimate')).toBeVisible();
  findings.push(...(await audit(app, 'new list (review)')));

  // A job done through the core, then Jobs and its Results in the UI.
  const donePath = await writeList(app.filesDir, 'audited.csv', crmCsv(150));
  await doneJob(app, donePath);
  await nav.getByRole('button', { name: 'Jobs' }).click();
  await expect(page.getByRole('article', { name: 'audited.csv' })).toBeVisible();
  findings.push(...(await audit(app, 'jobs')));

  await openResults(page, 'audited.csv');
  findings.push(...(await audit(app, 'results overview')));
  await showTab(page, 'Domains');
  findings.push(...(await audit(app, 'results domains')));
  await showTab(page, 'Rows');
  await expect(page.getByRole('table', { name: /Rows of audited\.csv/ })).toBeVisible();
  findings.push(...(await audit(app, 'results rows')));
  const drawer = await openExport(page);
  await drawer.getByRole('button', { name: 'Save…' }).click();
  await expect(page.getByTestId('export-done')).toBeVisible();
  findings.push(...(await audit(app, 'results (after export)')));
  await page.keyboard.press('Escape');

  await nav.getByRole('button', { name: 'Quick check' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  findings.push(...(await audit(app, 'quick check')));

  await nav.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  findings.push(...(await audit(app, 'account')));

  for (const f of findings) {
    console.log(
      `axe ${f.impact ?? '?'} ${f.id} on ${f.screen} (${f.scheme}): ${f.help} — ${f.targets.join(', ')}`,
    );
  }
  await testInfo.attach('axe-findings.json', {
    body: JSON.stringify(findings, null, 2),
    contentType: 'application/json',
  });
  expect(serious(findings)).toEqual([]);
});

// WCAG AA for what axe leaves out: 4.5:1 for a disabled button's words, 3:1
// for a control's edge (1.4.11), in both themes.
const belowAA = (contrasts: Contrast[]) =>
  contrasts.filter((c) => c.ratio < (c.what.includes('text') ? 4.5 : 3));

test('disabled buttons and the switch meet AA contrast, light and dark', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('main', { name: 'Settings' });
  const toggle = dialog.getByRole('switch', { name: 'Remind me to check a list again' });
  await expect(toggle).not.toBeChecked();
  // Nothing edited: every Save is disabled, and with nothing kept so is Forget.
  await expect(dialog.getByRole('button', { name: 'Save' }).first()).toBeDisabled();
  await expect(dialog.getByTestId('memory-status')).toHaveText(
    'No answers are kept for this account.',
  );
  await expect(dialog.getByRole('button', { name: 'Forget remembered answers…' })).toBeDisabled();

  const measured: Contrast[] = [];
  for (const checked of [false, true]) {
    if (checked) {
      await toggle.click();
      await expect(toggle).toBeChecked();
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      await showTheme(page, colorScheme);
      const contrasts = await controlContrasts(app, '.settings-page');
      expect(contrasts.filter((c) => c.what.startsWith('disabled')).length).toBeGreaterThan(0);
      expect(contrasts.filter((c) => c.what.startsWith('switch')).length).toBe(2);
      measured.push(...contrasts.map((c) => ({ ...c, what: `${colorScheme}: ${c.what}` })));
    }
  }
  await page.emulateMedia({ colorScheme: null });
  test.info().annotations.push({
    type: 'contrasts',
    description: measured.map((c) => `${c.what} ${c.ratio}`).join('; '),
  });
  expect(belowAA(measured)).toEqual([]);
});

test('a heading focused by the app shows no ring; every control reached by Tab shows one', async ({
  app,
}) => {
  const { page } = app;
  await useDemo(app);
  const outline = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return null;
      const style = getComputedStyle(el);
      return { tag: el.tagName, style: style.outlineStyle, width: style.outlineWidth };
    });

  // Chosen from the keyboard: the review opens and the app moves the focus to its heading.
  const path = await writeList(app.filesDir, 'keyboard.csv', crmCsv(20));
  app.chooseNextFile(path);
  await page.getByRole('button', { name: 'Choose file…' }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Review your list' });
  await expect(heading).toBeFocused();
  expect(await outline()).toMatchObject({ tag: 'H1', style: 'none' });
  await app.screenshot('focus-heading-by-script');

  // The keyboard's next stops each show the ring.
  for (let stop = 0; stop < 4; stop += 1) {
    await page.keyboard.press('Tab');
    const seen = await outline();
    expect(seen?.style, `${seen?.tag ?? '?'} reached by Tab`).toBe('solid');
    expect(seen?.width).toBe('2px');
    // The first stop, in view as the screen opened: the ring a keyboard user sees.
    if (stop === 0) await app.screenshot('focus-ring-keyboard');
  }
});
