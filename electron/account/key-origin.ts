// Where a key may go: the one home of the rule every shell follows. A key is
// sent only to the origin (scheme, host and port) it was proven against by a
// balance call, or that the user confirmed in main's own dialog; a settings
// file, which the window or any local program can write, never sends a key
// anywhere new. The app (account.ts) and the command line (cli/connect.ts)
// each say a refusal in their own words, from this rule.
import { originOf } from '../common/urls/service-url';
import { DEFAULT_BASE_URL } from '../settings/settings';

/** Scheme, host and port alike: "https://a.com" and "https://a.com/v2" are one origin. */
export const sameOrigin = (a: string, b: string): boolean => {
  const origin = originOf(a);
  return origin !== null && origin === originOf(b);
};

/**
 * The address a saved key was proven at. A key saved by a version that kept
 * no address with it counts as proven for the default service address only,
 * until the user confirms another.
 */
export const provenAddress = (saved: { provenBaseUrl: string | null }): string =>
  saved.provenBaseUrl ?? DEFAULT_BASE_URL;

/** May a key proven at `proven` be sent to `baseUrl`. */
export const keyMayGo = (baseUrl: string, proven: string): boolean => sameOrigin(baseUrl, proven);

/** A key typed or given with no proven address may go, unasked, to the default service only. */
export const defaultService = (baseUrl: string): boolean => sameOrigin(baseUrl, DEFAULT_BASE_URL);
