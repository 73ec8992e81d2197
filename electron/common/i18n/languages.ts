// The languages List Cleaner speaks, and which of them a system asks for:
// the app's from Electron's preferred system languages, the command line's
// from the POSIX locale variables. Plain data and functions, shared by main,
// the command line and the window.

/** Every language with a catalog in locales/, English first: the source, and the fallback. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
};

/** What the user chooses in Settings: the system's language, or one of ours. */
export const LANGUAGE_CHOICES = ['system', ...LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** What a language may be asked for by name: one of ours, or the pseudo-language (pseudo.ts). */
export const ASKED_LANGUAGES = [...LANGUAGES, 'pseudo'] as const;
export type AskedLanguage = (typeof ASKED_LANGUAGES)[number];

/** The language whose rules (plurals, numbers) one asked for formats by: the pseudo-language is English underneath. */
export const rulesOf = (language: AskedLanguage): Language =>
  language === 'pseudo' ? 'en' : language;

export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of `tags` (BCP 47, most wanted first) that we speak: the tag
 * itself, else its language alone (de-AT is German; any Portuguese is
 * Brazil's, the one we have). English when none is.
 */
export function matchLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const [primary = ''] = tag.toLowerCase().split(/[-_]/);
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase().replace('_', '-'));
    if (exact) return exact;
    const same = LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (same) return same;
  }
  return 'en';
}

/**
 * The language the POSIX locale variables ask for: LC_ALL, else
 * LC_MESSAGES, else LANG, the first one set deciding (de_DE.UTF-8,
 * pt_BR@euro); the C and POSIX locales are English. The command line's
 * language, once its lines are in the catalogs (README, Languages).
 */
/** The language LIST_CLEANER_LANGUAGE names for a run (a test's, a translator's), if it names one of ours or "pseudo". */
export function namedLanguage(
  env: Readonly<Record<string, string | undefined>>,
): AskedLanguage | null {
  const named = env.LIST_CLEANER_LANGUAGE;
  return named === 'pseudo' || (named !== undefined && isLanguage(named)) ? named : null;
}

export function languageOfEnv(env: Readonly<Record<string, string | undefined>>): Language {
  const set = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  if (set === undefined) return 'en';
  const tag = set.split(/[.@]/)[0] ?? '';
  if (tag === 'C' || tag === 'POSIX' || tag === '') return 'en';
  return matchLanguage([tag]);
}
