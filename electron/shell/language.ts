// The language of main's own words (the menus, the dialogs, the
// notifications): the system's, as Electron lists its preferred languages,
// the first we speak; LIST_CLEANER_LANGUAGE names one for a test run or a
// translator (a language of ours, or "pseudo").
import { matchLanguage, namedLanguage, type AskedLanguage } from '../common/i18n/languages';

export function mainLanguage(
  env: Readonly<Record<string, string | undefined>>,
  system: readonly string[],
): AskedLanguage {
  return namedLanguage(env) ?? matchLanguage(system);
}

/**
 * The window's language: English unless a run names one, until every one of
 * its screens is in the catalogs (they move a few at a time): a window half
 * in the system's language would mix two on one screen.
 */
export const windowLanguage = (env: Readonly<Record<string, string | undefined>>): AskedLanguage =>
  mainLanguage(env, ['en']);
