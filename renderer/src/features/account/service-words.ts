// The verification service as the Account card names it: by its host name
// ("api.example.com"), never its raw address, and a service on this very
// computer in words with its port, not "http://127.0.0.1:46299" (issue 48:
// no loopback address on a customer's screen).
import type { Translate } from '../../../../electron/common/i18n/message';
import { hostOf, isLoopbackUrl } from '../../../../electron/common/urls/service-url';

export function serviceWords(baseUrl: string, t: Translate): string {
  if (isLoopbackUrl(baseUrl)) {
    let port = '';
    try {
      const url = new URL(baseUrl);
      port = url.port || (url.protocol === 'https:' ? '443' : '80');
    } catch {
      port = '';
    }
    return t('account.card.serviceLocal', { port });
  }
  return hostOf(baseUrl);
}
