// A likely typo in a domain, and the domain meant (gmial.com → gmail.com). The
// candidate comes from @zootools/email-spell-checker (MIT, ZooTools' rewrite in
// TypeScript of mailcheck.js, which is no longer kept up, with its bugs fixed:
// popular domains, second-level names and top-level domains, compared by
// sift3). It is eager: asked alone it also "corrects" real domains (acme.com →
// me.com, acme.pt → acme.it, gmx.net → cox.net). So its answer is kept only
// when:
// - the domain is not a reserved example one (example.com, *.test, …);
// - the domain meant is a known mail provider (the free-webmail list or the
//   checker's own popular domains) and not a disposable one;
// - the two are one slip of the hand apart: a letter left out, added or
//   replaced, or two neighbours swapped; and a changed name has at least four
//   letters (after one slip aol, msn or sky is another real name);
// - a domain that is itself in a list (free or disposable) is most often a
//   real provider (email.com is not gmail.com): only the typo domains the
//   lists hold count (gmial.com, hotmial.com and yaho.com are there), which
//   are not widely used and differ by a letter left out or two swapped.
// The address is never changed: the suggestion is data for the review and the
// export only.
//
// Speed: the checker runs once per unique domain, but a list can hold a
// hundred thousand of them. Its sift3 runs to the end of both strings even when
// they are far apart; the same sift3, given here as the checker's
// distanceFunction, stops as soon as the distance can no longer come down to
// the thresholds (passed explicitly, at the checker's defaults). Every
// distance at or under a threshold is exactly sift3's, every other one is
// still above it, so the checker's choice is the same (the tests compare the
// two over the lists), about four times sooner. And most domains of a list
// (companies) are nowhere near a mail provider: one slip apart, two strings
// share their first half or their second half, so a domain that shares
// neither with any provider is let go before the checker, whose answer the
// slip rule would throw away anyway.
import { run } from '@zootools/email-spell-checker';
import type { FindingLists } from './findings-lists';
import { isDisposableDomain } from './findings-lists';

/** The checker's default thresholds for domains, second-level names and TLDs. */
const THRESHOLD = 2;
/** sift3's look-ahead for a character lost or added. */
const MAX_OFFSET = 5;

/**
 * sift3 as the checker computes it, for thresholds up to `THRESHOLD`: the same
 * value when it is at most THRESHOLD, otherwise some value above THRESHOLD.
 */
export function sift3UpToThreshold(s1: string, s2: string): number {
  const l1 = s1.length;
  const l2 = s2.length;
  if (l1 === 0) return l2;
  if (l2 === 0) return l1;
  const half = (l1 + l2) / 2;
  const shorter = Math.min(l1, l2);
  // Each step matches at most one character, and there are at most `shorter` steps.
  if (half - shorter > THRESHOLD) return half - shorter;
  let c = 0;
  let offset1 = 0;
  let offset2 = 0;
  let lcs = 0;
  while (c + offset1 < l1 && c + offset2 < l2) {
    if (s1.charCodeAt(c + offset1) === s2.charCodeAt(c + offset2)) {
      lcs++;
    } else {
      // The steps after this one can match at most shorter - c - 1 more.
      const least = half - lcs - (shorter - c - 1);
      if (least > THRESHOLD) return least;
      offset1 = 0;
      offset2 = 0;
      for (let i = 0; i < MAX_OFFSET; i++) {
        if (c + i < l1 && s1.charCodeAt(c + i) === s2.charCodeAt(c)) {
          offset1 = i;
          break;
        }
        if (c + i < l2 && s1.charCodeAt(c) === s2.charCodeAt(c + i)) {
          offset2 = i;
          break;
        }
      }
    }
    c++;
  }
  return half - lcs;
}

/** What the spell-checker makes of the domain, with the fast distance; null for nothing. */
export function checkerSuggestion(domain: string): string | null {
  const suggested = run({
    email: `x@${domain}`,
    distanceFunction: sift3UpToThreshold,
    domainThreshold: THRESHOLD,
    secondLevelThreshold: THRESHOLD,
    topLevelThreshold: THRESHOLD,
  });
  return suggested && suggested.domain !== domain ? suggested.domain : null;
}

/** RFC 2606 and 6761: names for examples and tests, never a typo. */
const RESERVED_TOP = new Set(['test', 'example', 'invalid', 'localhost']);
const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'];

function isReserved(domain: string): boolean {
  if (RESERVED_TOP.has(domain.slice(domain.lastIndexOf('.') + 1))) return true;
  return EXAMPLE_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export type Slip = 'left-out' | 'added' | 'replaced' | 'swapped';

/** How `typed` differs from `meant` by one slip, or null (equal, or further apart). */
export function slipBetween(typed: string, meant: string): Slip | null {
  let i = 0;
  while (i < typed.length && typed[i] === meant[i]) i++;
  const rest = (t: number, m: number) => typed.slice(t) === meant.slice(m);
  if (meant.length === typed.length + 1) return rest(i, i + 1) ? 'left-out' : null;
  if (typed.length === meant.length + 1) return rest(i + 1, i) ? 'added' : null;
  if (typed.length !== meant.length || i === typed.length) return null;
  if (rest(i + 1, i + 1)) return 'replaced';
  const swapped = typed[i] === meant[i + 1] && typed[i + 1] === meant[i];
  return swapped && rest(i + 2, i + 2) ? 'swapped' : null;
}

/** The first label: gmail of gmail.com. */
function nameOf(domain: string): string {
  const dot = domain.indexOf('.');
  return dot === -1 ? domain : domain.slice(0, dot);
}

/**
 * For each length n a domain one slip from a provider can have: the
 * provider's first n/2 characters and its last n - n/2 - 1, keyed by n.
 */
const providerHalves = new WeakMap<FindingLists, ReadonlySet<string>>();

function halves(lists: FindingLists): ReadonlySet<string> {
  const known = providerHalves.get(lists);
  if (known) return known;
  const keys = new Set<string>();
  for (const provider of new Set([...lists.free, ...lists.popular])) {
    if (isDisposableDomain(lists, provider)) continue;
    const m = provider.length;
    for (let n = Math.max(1, m - 1); n <= m + 1; n++) {
      const half = n >> 1;
      keys.add(`${n}<${provider.slice(0, half)}`);
      keys.add(`${n}>${provider.slice(m - (n - half - 1))}`);
    }
  }
  providerHalves.set(lists, keys);
  return keys;
}

/**
 * Whether a provider may be one slip from the domain; false means none is. A
 * slip at position i of an n-character domain keeps the i characters before
 * it and at least the last n - i - 2 (a swap): a slip at or after n/2 keeps
 * the first n/2, one before it at least the last n - n/2 - 1.
 */
export function mayBeNearProvider(lists: FindingLists, domain: string): boolean {
  const keys = halves(lists);
  const n = domain.length;
  const half = n >> 1;
  return keys.has(`${n}<${domain.slice(0, half)}`) || keys.has(`${n}>${domain.slice(half + 1)}`);
}

/**
 * The domain probably meant, or null. `domain` is ASCII (an internationalized
 * one in its xn-- form); `listed` says whether a list holds it.
 */
export function suggestDomain(lists: FindingLists, domain: string, listed: boolean): string | null {
  if (domain === '' || isReserved(domain) || lists.popular.has(domain)) return null;
  if (!mayBeNearProvider(lists, domain)) return null;
  const meant = checkerSuggestion(domain);
  if (meant === null) return null;
  if (!lists.free.has(meant) && !lists.popular.has(meant)) return null;
  if (isDisposableDomain(lists, meant)) return null;
  const slip = slipBetween(domain, meant);
  if (slip === null) return null;
  if (listed && slip !== 'left-out' && slip !== 'swapped') return null;
  const name = nameOf(meant);
  if (name.length < 4 && name !== nameOf(domain)) return null;
  return meant;
}
