// The lists behind the free checks, each turned into a Set once, at the first
// address judged: an import that never asks pays nothing, and a million
// addresses pay one lookup each. All come from npm packages, so a new release
// of the app carries the lists as they were when it was built, and nobody here
// keeps a list by hand.
//
// - Role mailboxes: role-based-email-addresses (Mixmax, MIT), about a thousand
//   local parts in four groups (marketing, notification, meeting, other) that
//   stand for a function rather than a person.
// - Disposable domains: disposable-email-domains-js (CC0), which packages the
//   community list github.com/disposable-email-domains/disposable-email-domains
//   (changes are made there and reach the package when it is republished);
//   its Set export is used as is.
// - Free webmail: email-providers (derhuerst, ISC), about 8,700 domains in
//   all.json, and the 360 or so of them that are widely used (Majestic rank
//   under 100,000) in common.json. Its index.js only re-exports all.json
//   through createRequire(import.meta.url), which a bundle (the CLI's) would
//   resolve next to itself and not find; the JSON is imported directly.
import { domainToASCII, domainToUnicode } from 'node:url';
import roleNames from 'role-based-email-addresses';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import freeDomains from 'email-providers/all.json' with { type: 'json' };
import commonDomains from 'email-providers/common.json' with { type: 'json' };
import { POPULAR_DOMAINS } from '@zootools/email-spell-checker';

export interface FindingLists {
  /** Role local parts, lowercase. */
  readonly roles: ReadonlySet<string>;
  /** 1 at the shapeOf of every role: a local part elsewhere is no role. */
  readonly roleShapes: Uint8Array;
  readonly disposable: ReadonlySet<string>;
  readonly free: ReadonlySet<string>;
  /**
   * Widely used mail providers: email-providers' common.json and the
   * spell-checker's own popular domains. Never taken for a typo.
   */
  readonly popular: ReadonlySet<string>;
}

let loaded: FindingLists | undefined;

const SHAPES = 1 << 16;

/**
 * text[0, end) summed up by its length, first and last characters: a slot of
 * a one-hash filter (the thousand roles take under 2% of its slots).
 */
export function shapeOf(text: string, end: number): number {
  return (end * 961 + text.charCodeAt(0) * 31 + text.charCodeAt(end - 1)) & (SHAPES - 1);
}

export function findingLists(): FindingLists {
  if (loaded) return loaded;
  const roles = new Set(roleNames.map((name) => name.toLowerCase()));
  const roleShapes = new Uint8Array(SHAPES);
  for (const name of roles) roleShapes[shapeOf(name, name.length)] = 1;
  loaded = {
    roles,
    roleShapes,
    disposable: disposableEmailBlocklistSet(),
    free: new Set(freeDomains),
    popular: new Set([...commonDomains, ...POPULAR_DOMAINS]),
  };
  return loaded;
}

// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;

/** The domain in ASCII: an internationalized one in its xn-- form ('' if it has none). */
export function asciiDomain(domain: string): string {
  return NOT_ASCII.test(domain) ? domainToASCII(domain) : domain;
}

/**
 * The spellings of a domain the lists may hold it under: as written and, for
 * an internationalized domain, the other form (the lists have both müll.email
 * and xn--… entries). Empty strings (a form that does not convert) are left out.
 */
export function domainSpellings(domain: string): string[] {
  if (NOT_ASCII.test(domain)) return [domain, domainToASCII(domain)].filter(Boolean);
  if (domain.includes('xn--')) return [domain, domainToUnicode(domain)].filter(Boolean);
  return [domain];
}

/** The domain or one of its parents (x.mailinator.com) is a disposable one. */
export function isDisposableDomain(lists: FindingLists, domain: string): boolean {
  if (lists.disposable.has(domain)) return true;
  // Parents down to two labels: a bare top-level domain is never listed as such.
  for (let dot = domain.indexOf('.'); dot !== -1; dot = domain.indexOf('.', dot + 1)) {
    const parent = domain.slice(dot + 1);
    if (!parent.includes('.')) break;
    if (lists.disposable.has(parent)) return true;
  }
  return false;
}
