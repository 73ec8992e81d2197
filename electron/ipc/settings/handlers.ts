// The handlers of Settings: what the window may change, the question main
// asks before a spending limit goes up, and the language the app speaks for
// the user's choice (a new one draws main's menus again).
import type { Account } from '../../account/account';
import type { AskedLanguage, LanguageChoice } from '../../common/i18n/languages';
import { requireConsent, type ConsentQuestion } from '../../lib/consent';
import type { Settings, SettingsStore } from '../../settings/settings';
import type { ShellHooks } from '../shell-hooks';
import type { Handlers } from '../registry';
import { settingsView } from './views';

/** The language `shell` speaks for the user's `choice`: English for the system's where a shell knows none. */
export const languageOf = (
  shell: Pick<ShellHooks, 'language'>,
  choice: LanguageChoice,
): AskedLanguage => shell.language?.(choice) ?? (choice === 'system' ? 'en' : choice);

/** A limit going up or away is a question for the user; lowering it is not. */
function limitRaised(
  from: number | null,
  to: number | null | undefined,
): Extract<ConsentQuestion, { kind: 'raise-limit' }> | null {
  if (to === undefined || from === null) return null;
  if (to !== null && to <= from) return null;
  return { kind: 'raise-limit', fromMicros: from, toMicros: to };
}

interface SettingsDeps {
  settings: SettingsStore;
  account: Pick<Account, 'reconfigure'>;
  shell: Pick<ShellHooks, 'consent' | 'language' | 'languageChanged'>;
}

export function settingsHandlers({
  settings,
  account,
  shell,
}: SettingsDeps): Pick<Handlers, 'settings:get' | 'settings:update'> {
  const view = (now: Settings) =>
    settingsView(now, languageOf(shell, now.language), languageOf(shell, 'system'));
  return {
    'settings:get': async () => view(settings.get()),
    'settings:update': async (patch) => {
      const before = settings.get();
      const raised = limitRaised(before.maxSpendMicros, patch.maxSpendMicros);
      if (raised) await requireConsent(shell.consent, raised);
      const next = await settings.update(patch);
      if (
        next.baseUrl !== before.baseUrl ||
        next.pollIntervalSeconds !== before.pollIntervalSeconds
      ) {
        account.reconfigure();
      }
      if (next.language !== before.language) shell.languageChanged?.();
      return view(next);
    },
  };
}
