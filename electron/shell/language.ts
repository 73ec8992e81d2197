// The language of main's own words (the menus, the dialogs, the
// notifications): the system's, as Electron lists its preferred languages,
// the first we speak; LIST_CLEANER_LANGUAGE names one for a test run or a
// translator (a language of ours, or "pseudo").
import { isLanguage, matchLanguage, type AskedLanguage } from '../common/i18n/languages';
import { translatorOf } from '../common/i18n/catalogs';
import type { Translator } from '../common/i18n/translate';

export function mainLanguage(
  env: Readonly<Record<string, string | undefined>>,
  system: readonly string[],
): AskedLanguage {
  const named = env.LIST_CLEANER_LANGUAGE;
  if (named === 'pseudo' || (named !== undefined && isLanguage(named))) return named;
  return matchLanguage(system);
}

/**
 * The window's language: English unless a run names one, until every one of
 * its screens is in the catalogs (they move a few at a time): a window half
 * in the system's language would mix two on one screen.
 */
export const windowLanguage = (env: Readonly<Record<string, string | undefined>>): AskedLanguage =>
  mainLanguage(env, ['en']);

/** Main's translator, made once for the language it is asked in. */
export function mainWords(language: () => AskedLanguage): () => Translator {
  let made: { language: AskedLanguage; words: Translator } | null = null;
  return () => {
    const now = language();
    if (made?.language !== now) made = { language: now, words: translatorOf(now) };
    return made.words;
  };
}
