// The only pages outside the app that List Cleaner ever opens, each in the
// user's browser. A link the window asks to open is opened only when it is
// exactly one of these; any other address is refused, so a compromised page
// cannot use the app to launch URLs (or other programs' URL handlers).
// The service's pages are under the same reserved domain as its default API
// address (https://api.email-verification.example).

import { RELEASES_PAGE } from '../../common/urls/release-page';

export const HELP_LINKS = {
  /** Where the service's account settings show the API key to paste into the app. */
  apiKey: 'https://email-verification.example/account/api-keys',
  /** The service's documentation: what each outcome means, limits, bulk tasks. */
  serviceDocs: 'https://email-verification.example/docs',
  /** The service's prices and credit packs, for topping up a low balance. */
  pricing: 'https://email-verification.example/pricing',
  /** List Cleaner's own help and support page. */
  support: 'https://list-cleaner.example/help',
} as const;

export type HelpLink = (typeof HELP_LINKS)[keyof typeof HELP_LINKS] | typeof RELEASES_PAGE;

// With the release page, where Linux users download an update (shell/updates.ts).
const links: ReadonlySet<string> = new Set([...Object.values(HELP_LINKS), RELEASES_PAGE]);

/** True only for an exact help link: no other path, query, fragment or spelling. */
export function isHelpLink(url: string): url is HelpLink {
  return links.has(url);
}
