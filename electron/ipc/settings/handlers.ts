// The handlers of Settings: what the window may change, the questions main
// asks before a spending limit goes up, a price it counts with goes down or
// the page for adding funds changes, and the language the app speaks for
// the user's choice (a new one draws main's menus again).
import type { Account } from '../../account/account';
import type { AskedLanguage, LanguageChoice } from '../../common/i18n/languages';
import { JOB_PRODUCTS } from '../../common/model';
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

/**
 * A unit price going down is a question: until the service's is learned, the
 * estimate and the spending limit count with it, so a lower one lets a job
 * past the limit. A price entered where none was counts as lowering it from
 * "not known", which a limit could not be checked against without a yes.
 */
function pricesLowered(
  before: Settings['enteredPrices'],
  patch: Partial<Settings['enteredPrices']> | undefined,
): Array<Extract<ConsentQuestion, { kind: 'lower-price' }>> {
  if (patch === undefined) return [];
  return JOB_PRODUCTS.flatMap((product) => {
    const to = patch[product];
    const from = before[product];
    if (to === undefined || to === null || (from !== null && to >= from)) return [];
    return [{ kind: 'lower-price' as const, product, fromMicros: from, toMicros: to }];
  });
}

/** Another page to add funds on is a question (the window opens it in the browser); none is not. */
function billingChanged(
  before: string | null,
  to: string | null | undefined,
): Extract<ConsentQuestion, { kind: 'billing-page' }> | null {
  if (to === undefined || to === null || to === before) return null;
  return { kind: 'billing-page', url: to, host: new URL(to).host };
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
      for (const lowered of pricesLowered(before.enteredPrices, patch.enteredPrices)) {
        await requireConsent(shell.consent, lowered);
      }
      const billing = billingChanged(before.billingUrl, patch.billingUrl);
      if (billing) await requireConsent(shell.consent, billing);
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
