// The service's billing page, where the user adds funds: one rule for the
// setting (main's schema), the Settings field (the window) and the link that
// opens it (main's window-open handler). It is opened in the user's browser
// only, so it must be https: no plain http that anyone on the way could
// rewrite, no file: or custom scheme that would start another program.
// No dependencies but the catalogs, so every process can share it.
import { english, message, say, type Message } from '../i18n/message';

/** The billing page of the default service (the one at DEFAULT_BASE_URL). */
export const DEFAULT_BILLING_URL = 'https://email-verification.example/account/billing';

/** Long enough for any real billing page, short enough to show in a field. */
export const MAX_BILLING_URL_CHARS = 2048;

/** Why an address cannot be the billing page, as a message in the reader's language; null when it can. */
export function billingUrlMessage(value: string): Message | null {
  if (value.length > MAX_BILLING_URL_CHARS) return message('address.billing.tooLong');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return message('address.billing.notWebAddress');
  }
  if (url.protocol !== 'https:') {
    return message('address.billing.scheme', { scheme: url.protocol });
  }
  if (url.username !== '' || url.password !== '') {
    return message('address.billing.credentials');
  }
  return null;
}

/** `billingUrlMessage` in English, for main's schema, whose words stay English. */
export function billingUrlProblem(value: string): string | null {
  const said = billingUrlMessage(value);
  return said === null ? null : say(english.t, said);
}

/** True only for an address that may be opened as the billing page. */
export const isBillingUrl = (value: string): boolean => billingUrlProblem(value) === null;
