// The handler behind each channel: thin adapters from the contract to the core.
import type { Account } from '../account/account';
import type { SettingsView } from './contract';
import type { Handlers } from './registry';
import type { Settings, SettingsStore } from '../settings/settings';

export interface HandlerDeps {
  account: Account;
  settings: SettingsStore;
}

const view = ({ baseUrl, theme, pollIntervalSeconds }: Settings): SettingsView => ({
  baseUrl,
  theme,
  pollIntervalSeconds,
});

export function createHandlers({ account, settings }: HandlerDeps): Handlers {
  return {
    'key:status': async () => account.status(),
    'key:set': async ({ apiKey, baseUrl }) => account.setKey(apiKey, baseUrl),
    'key:clear': async () => account.clearKey(),
    'demo:start': async () => account.useDemo(),
    'balance:get': async () => account.balance(),
    'settings:get': async () => view(settings.get()),
    'settings:update': async (patch) => {
      const before = settings.get();
      const next = await settings.update(patch);
      if (
        next.baseUrl !== before.baseUrl ||
        next.pollIntervalSeconds !== before.pollIntervalSeconds
      ) {
        account.reconfigure();
      }
      return view(next);
    },
  };
}
