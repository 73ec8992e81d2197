// The language of the app's words (the window, the menus, the dialogs, the
// notifications): the one chosen in Settings, else the system's as Electron
// lists its preferred languages, the first we speak; LIST_CLEANER_LANGUAGE
// names one for a test run or a translator (a language of ours, or "pseudo").
import {
  matchLanguage,
  namedLanguage,
  type AskedLanguage,
  type LanguageChoice,
} from '../common/i18n/languages';

/**
 * The language of main's words and the window's for the user's choice in
 * Settings: the one a run names first (a test's, a translator's), then the
 * one chosen, then the system's.
 */
export function mainLanguage(
  env: Readonly<Record<string, string | undefined>>,
  system: readonly string[],
  choice: LanguageChoice = 'system',
): AskedLanguage {
  return namedLanguage(env) ?? (choice === 'system' ? matchLanguage(system) : choice);
}
