// Settings and the Account screen in the user's language: in the
// pseudo-language (every word accented and 40% longer) no sentence of theirs
// is left in English and no box's words run out of it, at the window's
// narrowest too; in German and Russian their titles and buttons are said in
// those languages. What the user typed, the platforms' and vendors' names and
// the words of other screens shown inside (the products' names) stay as they are.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server';
import { connectKey } from './import-support';

const KEY = 'sk_live_settings_languages_0001';
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 5_000_000 }] });
});

test.afterAll(async () => {
  await sandbox.stop();
});

/** Names kept as they are in every language: brands, units, the app's own. */
const NAMES =
  /List Cleaner|PostgreSQL|Mailchimp|HubSpot|Klaviyo|Brevo|SendGrid|Mailgun|Postmark|Amazon SES|ZeroBounce|NeverBounce|Kickbox|Emailable|Bouncer|MillionVerifier|CSV|USD|API|https?:\/\/\S*|postgres:\/\/\S*|\S+@\S+|\.co\.uk|\.ru\b|\S+\.com/g;

/** Words of `root` in plain English letters, and boxes whose text runs out of them. */
async function englishAndClipped(root: Locator) {
  return root.evaluate((el, names) => {
    const pattern = new RegExp(names, 'g');
    const english: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      // The user's own values, the platforms' names and the vendors' (a select's options).
      if (text === '' || parent?.closest('[data-user-value], .mono, .connection-title, option'))
        continue;
      if (/[A-Za-z]{2}/.test(text.replace(pattern, ''))) english.push(text);
    }
    for (const input of el.querySelectorAll('[placeholder], [aria-label]')) {
      for (const attribute of ['placeholder', 'aria-label']) {
        const words = (input.getAttribute(attribute) ?? '').replace(pattern, '');
        if (/[A-Za-z]{2}/.test(words)) english.push(`${attribute}: ${words}`);
      }
    }
    const clipped = [...el.querySelectorAll<HTMLElement>('button, label, h2, h3, h4, p, span')]
      .filter((box) => box.scrollWidth > box.clientWidth + 1 && box.clientWidth > 0)
      .filter((box) => getComputedStyle(box).overflowX !== 'visible')
      // Words for a screen reader only are clipped on purpose.
      .filter((box) => !box.closest('.visually-hidden'))
      .map((box) => box.textContent ?? box.tagName);
    const right = el.getBoundingClientRect().right;
    const outside = [...el.querySelectorAll<HTMLElement>('button, label, p, h2, h3')]
      .filter((box) => box.getBoundingClientRect().right > right + 0.5)
      .map((box) => box.textContent ?? box.tagName);
    return { english, clipped, outside };
  }, NAMES.source);
}

/** The product names of the plan's prices, the Jobs screen's words (features/jobs). */
const OTHER_SCREENS = /^⟦?(Email|Email \+ avatar)⟧?$/;

/** Opens Settings with the header's button, whatever its name says. */
async function openSettings(page: Page) {
  await page.locator('.header-end > button.icon-button').click();
  return page.getByRole('dialog');
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
    await expect(dialog.locator('h2')).toHaveText(/^⟦/);
    // The switch turned on shows the reminder's form too; it saves at once, and stays on.
    const reminder = dialog.getByRole('switch');
    if (!(await reminder.isChecked())) await reminder.click();
    await expect(reminder).toBeChecked();
    const settings = await englishAndClipped(dialog);
    expect(
      settings.english.filter((w) => !OTHER_SCREENS.test(w)),
      `English in Settings at ${width}px`,
    ).toEqual([]);
    expect(settings.clipped, `clipped in Settings at ${width}px`).toEqual([]);
    expect(settings.outside, `outside Settings at ${width}px`).toEqual([]);
    if (width === 900) await app.screenshot('settings-pseudo');
    await page.keyboard.press('Escape');

    await page.locator('nav.app-nav button').last().click();
    const account = await englishAndClipped(page.locator('.overview'));
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
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(words.settings);
    await expect(dialog.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(dialog.getByRole('button', { name: words.save }).first()).toBeVisible();
    const shown = await englishAndClipped(dialog);
    expect(shown.clipped, 'clipped in Settings').toEqual([]);
    expect(shown.outside, 'outside Settings').toEqual([]);
    await app.screenshot(`settings-${language}`);
    await page.keyboard.press('Escape');
    await page.locator('nav.app-nav button').last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.account);
  });
}
