// The command line's language: LIST_CLEANER_LANGUAGE when a run names one,
// otherwise the locale's (LC_ALL, then LC_MESSAGES, then LANG; C and POSIX
// are English). Its human lines are said in it; what a script reads (--json,
// the exports' values and columns) stays English.
import { translatorFollowing } from '../../common/i18n/catalogs';
import { languageOfEnv, namedLanguage, type AskedLanguage } from '../../common/i18n/languages';

export function cliLanguage(env: Readonly<Record<string, string | undefined>>): AskedLanguage {
  return namedLanguage(env) ?? languageOfEnv(env);
}

/** The command line's translator (read from the environment when asked, so a test may set it). */
export const cliWords = translatorFollowing(() => cliLanguage(process.env));
