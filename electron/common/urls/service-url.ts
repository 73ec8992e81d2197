// Which addresses List Cleaner may talk to, in one place: the service's base
// address (settings, the command line's environment, the contract) and every
// link the service hands out. The API key spends the user's money, so it
// travels only encrypted: https, or plain http to this very machine, where the
// sandbox and the tests run. No dependencies but the catalogs, so every
// process can share it.
import { english, message, say, type Message } from '../i18n/message';

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
 * Why an address may not carry the API key (or be fetched at all), as a
 * message the window and the command line say in their language; null when
 * it may. `what` names it at the start of the message: the service address by
 * default, a platform's or the result link's (`address.subject.*`), or a name
 * said as it is ("LIST_CLEANER_BASE_URL").
 */
export function serviceUrlMessage(
  value: string,
  what: string | Message = message('address.subject.service'),
): Message | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return message('address.problem.notWebAddress', { what });
  }
  if (url.username !== '' || url.password !== '') {
    return message('address.problem.credentials', { what });
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    return message('address.problem.plainHttp', { what });
  }
  return message('address.problem.scheme', { what, scheme: url.protocol });
}

/**
 * `serviceUrlMessage` in English, for main's checks whose words stay English
 * (the IPC schemas, the service client's log). `what` as the message starts
 * ("The service address", "LIST_CLEANER_BASE_URL", "The result link").
 */
export function serviceUrlProblem(value: string, what?: string): string | null {
  const said = serviceUrlMessage(value, what ?? message('address.subject.service'));
  return said === null ? null : say(english.t, said);
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
  const problem = serviceUrlMessage(link, message('address.subject.resultLink'));
  if (problem !== null) return say(english.t, problem);
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
