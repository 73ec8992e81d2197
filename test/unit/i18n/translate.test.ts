// The catalogs as the app reads them: each language's plurals by its own
// rules (Russian's four forms), every message of every catalog formats with
// its placeholders filled, a message missing from a catalog or one that
// cannot be formatted says the English, and the pseudo-language is every
// English message accented and longer, its placeholders kept.
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import english from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import ptBR from '../../../locales/pt-BR.json';
import ru from '../../../locales/ru.json';
import { LANGUAGES } from '../../../electron/common/i18n/languages';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import {
  createTranslator,
  type MessageId,
  type Messages,
} from '../../../electron/common/i18n/translate';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

type Filled = Record<string, string | number | ((chunks: string[]) => string)>;

/**
 * A value for every placeholder of every English message, of its kind: a
 * number for a number or a plural, the words kept for a tag, else "0" (no
 * letters: the pseudo-language's length is its own words').
 */
function valuesOf(elements: MessageFormatElement[], into: Filled): Filled {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.date || e.type === TYPE.time)
      into[e.value] = '0';
    if (e.type === TYPE.number) into[e.value] = 1234;
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into[e.value] = e.type === TYPE.plural ? 3 : 'other';
      for (const option of Object.values(e.options)) valuesOf(option.value, into);
    }
    if (e.type === TYPE.tag) {
      into[e.value] = (chunks) => chunks.join('');
      valuesOf(e.children, into);
    }
  }
  return into;
}
/** Each message's own values: one name may be a placeholder in one message and a tag in another. */
const VALUES = new Map(
  Object.entries(english).map(([id, m]) => [id as MessageId, valuesOf(parse(m), {})]),
);
const ids = Object.keys(english) as MessageId[];
const catalogs: Record<(typeof LANGUAGES)[number], Messages> = {
  en: english,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ru,
};

type Asked = Parameters<typeof translatorOf>[0];
const translators = new Map<Asked, ReturnType<typeof translatorOf>>();
/** Each language's translator, made once (the pseudo-language's is made from the whole English catalog). */
const translator = (language: Asked) => {
  let made = translators.get(language);
  if (!made) translators.set(language, (made = translatorOf(language)));
  return made;
};

/** A message as text, its placeholders filled and its tags made plain. */
const shown = (language: Asked, id: MessageId): string =>
  translator(language)
    .rich<string>(id, VALUES.get(id) ?? {})
    .join('');

describe('the catalogs', () => {
  it.each(LANGUAGES)('%s formats every message, with no placeholder left unfilled', (language) => {
    for (const id of ids) {
      const text = shown(language, id);
      expect(text, id).not.toMatch(/[{}<>]/);
      expect(text.length, id).toBeGreaterThan(0);
    }
  });

  it('says a message with no placeholder, tag or quote as it is written, as ICU formats it', () => {
    // Such a message is not parsed (translate.ts): the text must be what formatting gives.
    let plain = 0;
    for (const language of LANGUAGES) {
      for (const [id, text] of Object.entries(catalogs[language])) {
        if (/[{}'<]/.test(text)) continue;
        plain += 1;
        expect(new IntlMessageFormat(text, language).format(), id).toBe(text);
        expect(translator(language).t(id as MessageId), id).toBe(text);
      }
    }
    expect(plain).toBeGreaterThan(1000);
  });

  it('counts days by each language’s rules', () => {
    const days = (language: 'en' | 'de' | 'ru', n: number) =>
      translatorOf(language).t('notify.recheckTitle', { fileName: 'a.csv', days: n });
    expect(days('en', 1)).toBe('a.csv: checked 1 day ago: check again');
    expect(days('en', 40)).toBe('a.csv: checked 40 days ago: check again');
    expect(days('de', 1)).toContain('vor 1 Tag geprüft');
    expect(days('de', 2)).toContain('vor 2 Tagen geprüft');
    expect([1, 3, 5, 21, 22, 25, 111].map((n) => days('ru', n).split(' проверен ')[1])).toEqual([
      '1 день назад — проверьте снова',
      '3 дня назад — проверьте снова',
      '5 дней назад — проверьте снова',
      '21 день назад — проверьте снова',
      '22 дня назад — проверьте снова',
      '25 дней назад — проверьте снова',
      '111 дней назад — проверьте снова',
    ]);
  });

  it('formats numbers in the language’s own way', () => {
    const counts = { deliverable: 1234567, undeliverable: 0, unknown: 1 };
    expect(translatorOf('en').t('notify.doneBody', counts)).toBe(
      '1,234,567 deliverable, 0 undeliverable, 1 unknown.',
    );
    expect(translatorOf('de').t('notify.doneBody', counts)).toBe(
      '1.234.567 zustellbar, 0 unzustellbar, 1 unbekannt.',
    );
    expect(translatorOf('ru').t('notify.doneBody', counts)).toContain(
      'Доставляемых: 1\u00a0234\u00a0567',
    );
  });

  it('gives a message with tags as parts, each tag made by its function', () => {
    const strong = (chunks: Array<string | { tag: string; chunks: unknown[] }>) => ({
      tag: 'strong',
      chunks,
    });
    const parts = translatorOf('de').rich('onboarding.whereKeyBody', { strong });
    expect(parts[0]).toMatch(/^Melden Sie sich/);
    expect(parts).toContainEqual({ tag: 'strong', chunks: ['Einstellungen'] });
    expect(parts.filter((p) => typeof p === 'string').join('')).not.toContain('<');
    // A catalog whose tag differs from the English says the English.
    const wrong = createTranslator(
      'de',
      { 'onboarding.whereKeyBody': 'Öffnen Sie <b>X</b>' },
      english,
    );
    expect(wrong.rich('onboarding.whereKeyBody', { strong })).toContainEqual({
      tag: 'strong',
      chunks: ['Settings'],
    });
  });

  it('says the English for a message a catalog lacks, or one it cannot format', () => {
    const { t } = createTranslator(
      'de',
      { 'menu.file': 'Datei', 'menu.about': 'Über {programm}' },
      english,
    );
    expect(t('menu.file')).toBe('Datei');
    expect(t('menu.view')).toBe('View');
    expect(t('menu.about', { appName: 'List Cleaner' })).toBe('About List Cleaner');
  });

  it('the pseudo-language accents every word, makes it 40% longer, and keeps the placeholders', () => {
    const { t } = translatorOf('pseudo');
    const about = t('menu.about', { appName: 'List Cleaner' });
    expect(about).toMatch(/^⟦Åƀöúţ~+ List Cleaner⟧$/);
    const title = t('notify.recheckTitle', { fileName: 'a.csv', days: 2 });
    expect(title).toContain('a.csv');
    expect(title).toContain('2 ðáýš');
    // No plain English letter is left but the file's name.
    expect(title.replace('a.csv', '')).not.toMatch(/[A-Za-z]/);
    for (const id of ids) {
      const plain = shown('en', id);
      const letters = plain.replace(/[^A-Za-z]/g, '').length;
      // Each word's letters and a tail of 40% of them, and the two brackets.
      expect(shown('pseudo', id).length, id).toBeGreaterThanOrEqual(
        plain.length + letters * 0.4 + 2,
      );
    }
  });
});
