// Which addresses List Cleaner may talk to, in one place: the service's base
// address (settings, the command line's environment, the contract) and every
// link the service hands out. The API key spends the user's money, so it
// travels only encrypted: https, or plain http to this very machine, where the
// sandbox and the tests run. No dependencies, so every process can share it.

/** 127.0.0.0/8, ::1 (and its IPv4-mapped forms) and localhost: this machine only. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  // The WHATWG parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}

/** True when the address is on this machine (the sandbox, a test server). */
export function isLoopbackUrl(value: string): boolean {
  try {
    return isLoopbackHost(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * Why an address may not carry the API key (or be fetched at all), in words
 * a user can act on; null when it may. `what` names it in the message
 * ("The service address", "LIST_CLEANER_BASE_URL", "The result link").
 */
export function serviceUrlProblem(value: string, what = 'The service address'): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${what} is not a web address: enter one starting with https://.`;
  }
  if (url.username !== '' || url.password !== '') {
    return `${what} must not carry a user name or password: List Cleaner sends only your API key.`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    return `${what} starts with http://, which is not encrypted: anyone on the way could read your API key and spend your balance. Use its https:// address (plain http:// is allowed only for a service on this computer).`;
  }
  return `${what} must start with https:// (it starts with ${url.protocol}//).`;
}

/** The origin an address belongs to ("https://api.example.com"); null when it is not a URL. */
export function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The host, for messages ("api.example.com"). */
export function hostOf(value: string): string {
  try {
    return new URL(value).host;
  } catch {
    return value;
  }
}

/**
 * May a link the service at `service` handed out be fetched? Encrypted, and
 * never onto this machine unless the service itself is here (the sandbox): a
 * link must not be able to make List Cleaner fetch from local services.
 */
export function resultLinkProblem(service: string, link: string): string | null {
  const problem = serviceUrlProblem(link, 'The result link');
  if (problem !== null) return problem;
  if (isLoopbackUrl(link) && !isLoopbackUrl(service)) {
    return `The result link from ${hostOf(service)} points at this computer (${hostOf(link)}); List Cleaner does not follow it.`;
  }
  return null;
}

/**
 * May a download follow a redirect from `from` to `to`? Never to a weaker
 * scheme, and never from the internet onto this machine (a link must not be
 * able to make List Cleaner fetch from local services).
 */
export function redirectProblem(from: string, to: string): string | null {
  if (serviceUrlProblem(to) !== null) {
    return `The result link was redirected to ${hostOf(to)}, which is not https://; List Cleaner does not follow it.`;
  }
  if (isLoopbackUrl(to) && !isLoopbackUrl(from)) {
    return `The result link was redirected from ${hostOf(from)} to this computer (${hostOf(to)}); List Cleaner does not follow it.`;
  }
  return null;
}
