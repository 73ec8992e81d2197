// Mailbox providers as a person reads them. The service names each provider
// by a short code; the demo's sandbox uses the interface's placeholders
// (provider_code_1 to _6), each standing for one provider whose domains it
// serves, so the demo names them as a real service would: "Gmail", never
// "Provider 1 (gmail.com)" nor "Anbieter 1" (issue 48). A provider's name is
// a name, the same in every language. A real service's codes are shown as it
// sends them. Exports keep the codes, so files stay machine-readable.
import type { Translate } from '../i18n/message';

/** The sandbox's providers and the domains each serves; any other domain is 'other'. */
export const sandboxProviderDomains = {
  provider_code_1: ['provider1.test', 'gmail.com', 'googlemail.com'],
  provider_code_2: ['provider2.test', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com'],
  provider_code_3: ['provider3.test', 'yahoo.com', 'ymail.com', 'rocketmail.com'],
  provider_code_4: ['provider4.test', 'icloud.com', 'me.com', 'mac.com'],
  provider_code_5: ['provider5.test', 'mail.ru', 'inbox.ru', 'list.ru', 'bk.ru'],
  provider_code_6: ['provider6.test', 'yandex.ru', 'yandex.com', 'ya.ru'],
} as const satisfies Record<string, readonly string[]>;

export type SandboxProviderCode = keyof typeof sandboxProviderDomains;

/**
 * The providers the interface names as the avatar products' whole coverage
 * ("provider_code_1, provider_code_5 and provider_code_6"); its other codes
 * and "other" are outside it.
 */
export const AVATAR_PROVIDERS: readonly SandboxProviderCode[] = [
  'provider_code_1',
  'provider_code_5',
  'provider_code_6',
];

/** The provider each of the demo's placeholders stands for, by its own name. */
const SANDBOX_PROVIDER_NAMES: Readonly<Record<SandboxProviderCode, string>> = {
  provider_code_1: 'Gmail',
  provider_code_2: 'Outlook',
  provider_code_3: 'Yahoo Mail',
  provider_code_4: 'iCloud Mail',
  provider_code_5: 'Mail.ru',
  provider_code_6: 'Yandex Mail',
};

const isSandboxCode = (code: string): code is SandboxProviderCode =>
  Object.hasOwn(sandboxProviderDomains, code);

/**
 * A provider code in words, in the language of `t`: the demo's placeholders
 * by the provider's name, "other" as other providers, any other code as sent
 * (a real service's code is the provider's own short name).
 */
export function providerName(code: string, t: Translate): string {
  if (code === 'other') return t('account.provider.other');
  return isSandboxCode(code) ? SANDBOX_PROVIDER_NAMES[code] : code;
}
