// The window in the user's language, as main tells it (the settings view's
// language): the navigation in German and Russian, and in the pseudo-language
// (every word accented and 40% longer) no word of it left in English, none
// clipped or running out of its bar at the window's narrowest. The rest of
// the window moves into the catalogs screen by screen (README, Languages).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server/server';
import { connectKey } from './import-support';
import { lookAt } from './language-support';

const KEY = 'sk_live_languages_0001';
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 5_000_000 }] });
});

test.afterAll(async () => {
  await sandbox.stop();
});

/** The navigation's buttons' words, and whether any is clipped or runs out of the bar. */
async function navigation(page: Page) {
  return page.locator('nav.app-nav').evaluate((nav) => {
    const bar = nav.getBoundingClientRect();
    const items = [...nav.querySelectorAll('button')];
    return {
      words: items.map((b) => b.textContent ?? ''),
      overflowing: nav.scrollWidth > nav.clientWidth,
      outside: items
        .filter((b) => {
          const box = b.getBoundingClientRect();
          return box.right > bar.right + 0.5 || b.scrollWidth > b.clientWidth;
        })
        .map((b) => b.textContent),
    };
  });
}

for (const [language, words, label, header] of [
  [
    'de',
    ['Neue Liste', 'Aufträge', 'Überwachungen', 'Schnellprüfung', 'Konto'],
    'Hauptnavigation',
    { balance: 'Guthaben des Kontos', label: 'Guthaben', settings: 'Einstellungen', now: 'jetzt' },
  ],
  [
    'ru',
    ['Новый список', 'Задания', 'Наблюдения', 'Быстрая проверка', 'Аккаунт'],
    'Основная навигация',
    { balance: 'Баланс аккаунта', label: 'Баланс', settings: 'Настройки', now: 'сейчас' },
  ],
] as const) {
  test(`the header and the navigation speak ${language} when main says so`, async ({ app }) => {
    // Connected in English (connectKey reads its words), then told the language.
    await connectKey(app, sandbox.url, KEY);
    app.speak(language);
    const { page } = app;
    await page.reload();
    const nav = page.getByRole('navigation', { name: label });
    await expect(nav.getByRole('button')).toHaveText(words);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('group', { name: header.balance })).toContainText(header.label);
    // "now" is a word: the window's language says it, though the locale (en-US here) writes the money.
    await expect(page.getByRole('group', { name: header.balance })).toContainText(header.now);
    await expect(page.getByRole('button', { name: header.settings })).toBeVisible();
    await nav.getByRole('button', { name: words[1] }).click();
    await expect(nav.getByRole('button', { name: words[1] })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await app.screenshot(`languages-nav-${language}`);
  });
}

test('in the pseudo-language no word of the header or the navigation is English, clipped or out of its bar', async ({
  app,
}) => {
  await connectKey(app, sandbox.url, KEY);
  app.speak('pseudo');
  const { page } = app;
  await page.reload();
  await expect(page.locator('nav.app-nav button').first()).toHaveText(/^⟦/);
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 800 });
    const shown = await navigation(page);
    expect(shown.words).toHaveLength(5);
    for (const word of shown.words) expect(word).toMatch(/^⟦[^A-Za-z]+⟧$/);
    expect(shown.overflowing, `the bar at ${width}px`).toBe(false);
    expect(shown.outside, `items out of the bar at ${width}px`).toEqual([]); // The header; its "updated" time is the system's locale's, as numbers and money are.
    const top = await lookAt(page.locator('.app-header'), 'pseudo');
    expect(
      top.english.filter((w) => !/ (now|ago)⟧$/.test(w)),
      'English in the header',
    ).toEqual([]);
    expect(top.clipped, `the header clipped at ${width}px`).toEqual([]);
    expect(top.outside, `outside the header at ${width}px`).toEqual([]);
  }
  await app.screenshot('languages-nav-pseudo');
});

test('the first-run screen in German, and in the pseudo-language with nothing English, clipped or outside its card', async ({
  app,
}) => {
  const { page } = app;
  app.speak('de');
  await app.open();
  await expect(page.getByRole('heading', { name: 'Willkommen bei List Cleaner' })).toBeVisible();
  await page.getByText('Wo finde ich meinen Schlüssel?').click();
  await expect(page.locator('.disclosure strong')).toHaveText('Einstellungen');
  await expect(page.getByRole('button', { name: 'Konto verbinden' })).toBeDisabled();
  const key = page.getByLabel('API-Schlüssel');
  await key.fill('sk_live_languages_typed');
  // The key is masked as typed; Show reveals it for a check, and it is masked again once the
  // focus leaves the field.
  await expect(key).toHaveAttribute('type', 'password');
  await app.screenshot('languages-onboarding-de');
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(key).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Ausblenden' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await app.screenshot('languages-onboarding-de-revealed');
  await page.getByText('Wo finde ich meinen Schlüssel?').click();
  await expect(key).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Anzeigen' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  app.speak('pseudo');
  await page.reload();
  await expect(page.locator('#welcome-title')).toHaveText(/^⟦/);
  for (const summary of await page.locator('.onboarding summary').all()) await summary.click();
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    const shown = await lookAt(page.locator('.onboarding'), 'pseudo');
    expect(shown.english, 'English left on the screen').toEqual([]);
    expect(shown.clipped, `clipped at ${width}px`).toEqual([]);
    expect(shown.outside, `outside the card at ${width}px`).toEqual([]);
  }
  await app.screenshot('languages-onboarding-pseudo');
});

test('the language chosen in Settings is the whole window’s, kept after a restart, and System goes back', async ({
  app,
}) => {
  await connectKey(app, sandbox.url, KEY);
  const { page } = app;
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('main', { name: 'Settings' });
  const choice = dialog.getByRole('combobox', { name: 'Language' });
  await expect(choice).toHaveValue('system');
  await expect(choice.locator('option[value="system"]')).toHaveText('System (English)');
  await choice.selectOption('de');
  // The dialog itself speaks German at once.
  const german = page.getByRole('main', { name: 'Einstellungen' });
  await expect(german.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await app.screenshot('languages-settings-de');
  await german.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();

  await app.restart();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  const again = page.getByRole('main', { name: 'Einstellungen' });
  await again.getByRole('combobox', { name: 'Sprache' }).selectOption('system');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
