// The service's billing page, where the user adds funds: one rule for the
// setting (main's schema), the Settings field (the window) and the link that
// opens it (main's window-open handler). It is opened in the user's browser
// only, so it must be https: no plain http that anyone on the way could
// rewrite, no file: or custom scheme that would start another program.
// No dependencies, so every process can share it.

/** The billing page of the default service (the one at DEFAULT_BASE_URL). */
export const DEFAULT_BILLING_URL = 'https://email-verification.example/account/billing';

/** Long enough for any real billing page, short enough to show in a field. */
export const MAX_BILLING_URL_CHARS = 2048;

/** Why an address cannot be the billing page, in words a user can act on; null when it can. */
export function billingUrlProblem(value: string): string | null {
  if (value.length > MAX_BILLING_URL_CHARS) return 'That address is too long.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The billing page is not a web address: enter one starting with https://.';
  }
  if (url.protocol !== 'https:') {
    return `The billing page must start with https:// (it starts with ${url.protocol}//).`;
  }
  if (url.username !== '' || url.password !== '') {
    return 'The billing page must not carry a user name or password.';
  }
  return null;
}

/** True only for an address that may be opened as the billing page. */
export const isBillingUrl = (value: string): boolean => billingUrlProblem(value) === null;
