// The settings as the window sees them: what it may change, and the languages
// the app speaks for the choice made and for the system's.
import type { AskedLanguage } from '../../common/i18n/languages';
import type { SettingsView } from '../../common/views/views';
import type { Settings } from '../../settings/settings';

export const settingsView = (
  {
    baseUrl,
    billingUrl,
    theme,
    pollIntervalSeconds,
    reuseDays,
    maxSpendMicros,
    enteredPrices,
    recheckDays,
    patienceHours,
    language: languageChoice,
  }: Settings,
  language: AskedLanguage,
  systemLanguage: AskedLanguage,
): SettingsView => ({
  language,
  languageChoice,
  systemLanguage,
  recheckDays,
  patienceHours,
  baseUrl,
  billingUrl,
  theme,
  pollIntervalSeconds,
  reuseDays,
  maxSpendMicros,
  enteredPrices: { ...enteredPrices },
});
