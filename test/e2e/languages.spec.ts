// The window in the user's language, as main tells it (the settings view's
// language): the navigation in German and Russian, and in the pseudo-language
// (every word accented and 40% longer) no word of it left in English, none
// clipped or running out of its bar at the window's narrowest. The rest of
// the window moves into the catalogs screen by screen (README, Languages).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server';
import { connectKey } from './import-support';

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

for (const [language, words, label] of [
  ['de', ['Neue Liste', 'Aufträge', 'Schnellprüfung', 'Konto'], 'Hauptnavigation'],
  ['ru', ['Новый список', 'Задания', 'Быстрая проверка', 'Аккаунт'], 'Основная навигация'],
] as const) {
  test(`the navigation speaks ${language} when main says so`, async ({ app }) => {
    app.speak(language);
    await connectKey(app, sandbox.url, KEY);
    const { page } = app;
    const nav = page.getByRole('navigation', { name: label });
    await expect(nav.getByRole('button')).toHaveText(words);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await nav.getByRole('button', { name: words[1] }).click();
    await expect(nav.getByRole('button', { name: words[1] })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await app.screenshot(`languages-nav-${language}`);
  });
}

test('in the pseudo-language no word of the navigation is English, clipped or out of its bar', async ({
  app,
}) => {
  app.speak('pseudo');
  await connectKey(app, sandbox.url, KEY);
  const { page } = app;
  await expect(page.locator('nav.app-nav button').first()).toHaveText(/^⟦/);
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 800 });
    const shown = await navigation(page);
    expect(shown.words).toHaveLength(4);
    for (const word of shown.words) expect(word).toMatch(/^⟦[^A-Za-z]+⟧$/);
    expect(shown.overflowing, `the bar at ${width}px`).toBe(false);
    expect(shown.outside, `items out of the bar at ${width}px`).toEqual([]);
  }
  await app.screenshot('languages-nav-pseudo');
});
