// Settings and the Account screen in the user's language: in the
// pseudo-language (every word accented and 40% longer) no sentence of theirs
// is left in English and no box's words run out of it, at the window's
// narrowest too; in German and Russian their titles and buttons are said in
// those languages. What the user typed, the platforms' and vendors' names and
// the words of other screens shown inside (the products' names) stay as they are.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { lookAt } from './language-support';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { connectKey } from './import-support';

const KEY = 'sk_live_settings_languages_0001';
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 5_000_000 }] });
});

test.afterAll(async () => {
  await sandbox.stop();
});

/** The product names of the plan's prices, the Jobs screen's words (features/jobs). */
const OTHER_SCREENS = /^⟦?(Email|Email \+ avatar)⟧?$/;

/** Opens Settings with the header's button, whatever its name says. */
async function openSettings(page: Page) {
  await page.locator('.header-end > button.icon-button').click();
  return page.getByTestId('settings-page');
}

test('in the pseudo-language Settings and the Account screen keep no English sentence, none clipped', async ({
  app,
}) => {
  await connectKey(app, sandbox.url, KEY);
  app.speak('pseudo');
  const { page } = app;
  await page.reload();
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    const dialog = await openSettings(page);
    await expect(dialog.locator('h1')).toHaveText(/^⟦/);
    // The switch turned on shows the reminder's form too; it saves at once, and stays on.
    const reminder = dialog.getByRole('switch');
    if (!(await reminder.isChecked())) await reminder.click();
    await expect(reminder).toBeChecked();
    const settings = await lookAt(dialog, 'pseudo');
    expect(
      settings.english.filter((w) => !OTHER_SCREENS.test(w)),
      `English in Settings at ${width}px`,
    ).toEqual([]);
    expect(settings.clipped, `clipped in Settings at ${width}px`).toEqual([]);
    expect(settings.outside, `outside Settings at ${width}px`).toEqual([]);
    if (width === 900) await app.screenshot('settings-pseudo');
    await page.keyboard.press('Escape');

    await page.locator('nav.app-nav button').last().click();
    const account = await lookAt(page.locator('.overview'), 'pseudo');
    expect(account.english, `English on the Account screen at ${width}px`).toEqual([]);
    expect(account.clipped, `clipped on the Account screen at ${width}px`).toEqual([]);
  }
});

for (const [language, words] of [
  ['de', { settings: 'Einstellungen', title: 'Regeln', save: 'Speichern', account: 'Ihr Konto' }],
  ['ru', { settings: 'Настройки', title: 'Правила', save: 'Сохранить', account: 'Ваш аккаунт' }],
] as const) {
  test(`Settings and the Account screen speak ${language}`, async ({ app }) => {
    await connectKey(app, sandbox.url, KEY);
    app.speak(language);
    const { page } = app;
    await page.reload();
    await page.setViewportSize({ width: 900, height: 900 });
    const dialog = await openSettings(page);
    await expect(dialog.getByRole('heading', { level: 1 })).toHaveText(words.settings);
    await expect(dialog.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(dialog.getByRole('button', { name: words.save }).first()).toBeVisible();
    const shown = await lookAt(dialog, 'pseudo');
    expect(shown.clipped, 'clipped in Settings').toEqual([]);
    expect(shown.outside, 'outside Settings').toEqual([]);
    await app.screenshot(`settings-${language}`);
    await page.keyboard.press('Escape');
    await page.locator('nav.app-nav button').last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.account);
  });
}
