// The language of main's own words (the menus, the dialogs, the
// notifications): the system's, as Electron lists its preferred languages,
// the first we speak; LIST_CLEANER_LANGUAGE names one for a test run or a
// translator (a language of ours, or "pseudo").
import { isLanguage, matchLanguage } from '../common/i18n/languages';
import { translatorOf, type AskedLanguage } from '../common/i18n/catalogs';
import type { Translator } from '../common/i18n/translate';

export function mainLanguage(
  env: Readonly<Record<string, string | undefined>>,
  system: readonly string[],
): AskedLanguage {
  const named = env.LIST_CLEANER_LANGUAGE;
  if (named === 'pseudo' || (named !== undefined && isLanguage(named))) return named;
  return matchLanguage(system);
}

/** Main's translator, made once for the language it is asked in. */
export function mainWords(language: () => AskedLanguage): () => Translator {
  let made: { language: AskedLanguage; words: Translator } | null = null;
  return () => {
    const now = language();
    if (made?.language !== now) made = { language: now, words: translatorOf(now) };
    return made.words;
  };
}
