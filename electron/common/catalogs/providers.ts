// Mailbox providers as a person reads them. The service names each provider
// by a short code; the demo's sandbox uses the interface's placeholders
// (provider_code_1 to _6), whose domains it knows, so those are shown as
// "Provider 1 (gmail.com)". A real service's codes are shown as it sends
// them. Exports keep the codes, so files stay machine-readable.
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

const isSandboxCode = (code: string): code is SandboxProviderCode =>
  Object.hasOwn(sandboxProviderDomains, code);

/**
 * A provider code in words, in the language of `t`: the demo's placeholders
 * with the best-known domain they stand for, "other" as other providers, any
 * other code as sent.
 */
export function providerName(code: string, t: Translate): string {
  if (code === 'other') return t('account.provider.other');
  if (!isSandboxCode(code)) return code;
  const number = code.slice('provider_code_'.length);
  const known = sandboxProviderDomains[code].find((domain) => !domain.endsWith('.test'));
  return known
    ? t('account.provider.numberedAt', { number, domain: known })
    : t('account.provider.numbered', { number });
}
