// The free checks on one address, before anything is paid for: a role mailbox
// (info@, sales+news@), a disposable domain (mailinator.com and its
// subdomains), a free webmail domain, and a likely typo in the domain with the
// address probably meant. They are local and instant, so an import can judge
// every address: a million of them within a few hundred milliseconds. Domains
// repeat heavily in a list, so what belongs to the domain is worked out once
// per domain and kept in a bounded Map; the role check is a Set lookup on the
// local part, behind a filter that spares most local parts even that. The
// addresses come normalized, as the importer holds them (lowercase, trimmed:
// electron/lib/addresses/address.ts). The address itself is never changed: a
// suggestion is data only.
//
// The findings fit in one byte per address (ROLE | DISPOSABLE | FREE | TYPO),
// for a file that keeps them beside the addresses; findingNames reads it back.
import type { FindingLists } from './findings-lists';
import {
  asciiDomain,
  domainSpellings,
  findingLists,
  isDisposableDomain,
  shapeOf,
} from './findings-lists';
import { suggestDomain } from './findings-typo';

export const ROLE = 1;
export const DISPOSABLE = 2;
export const FREE = 4;
export const TYPO = 8;

export type FindingName = 'role' | 'disposable' | 'free' | 'typo';

/** Each flag with its name, in the order names are listed. */
export const FINDING_FLAGS: ReadonlyArray<readonly [flag: number, name: FindingName]> = [
  [ROLE, 'role'],
  [DISPOSABLE, 'disposable'],
  [FREE, 'free'],
  [TYPO, 'typo'],
];

/** The names of the findings in a flag byte, e.g. 5 → ['role', 'free']. */
export function findingNames(flags: number): FindingName[] {
  const names: FindingName[] = [];
  for (const [flag, name] of FINDING_FLAGS) if (flags & flag) names.push(name);
  return names;
}

export interface Finding {
  /** ROLE | DISPOSABLE | FREE | TYPO; never 0. */
  readonly flags: number;
  /** The address probably meant (TYPO only): same local part, corrected domain. */
  readonly suggestion: string | null;
}

export interface FindingStats {
  /** Addresses judged. */
  readonly addresses: number;
  /** Addresses with each finding. */
  readonly role: number;
  readonly disposable: number;
  readonly free: number;
  readonly typo: number;
  /** Domains worked out (again after the cache was cleared). */
  readonly domains: number;
}

export interface Findings {
  /** What the free checks find on a normalized address; null for nothing. */
  of(address: string): Finding | null;
  /**
   * of() for a normalized address given as its UTF-8 bytes[start, end), as
   * the import's worker holds them: an ASCII address (nearly all) is judged
   * on its bytes, with no string made unless it is a role's candidate or has
   * a suggestion; any other goes through of().
   */
  ofBytes(bytes: Uint8Array, start: number, end: number): Finding | null;
  /** The same as a flag byte (0 for nothing), without making an object. */
  flags(address: string): number;
  stats(): FindingStats;
}

export interface FindingsOptions {
  /** Domains kept at most before the cache starts again (default 200,000). */
  readonly maxDomains?: number;
  /**
   * Told each domain as it is first judged (again after the cache started
   * again): the distinct domains of a list, for its DNS look-ups, at no cost.
   */
  readonly onDomain?: (domain: string) => void;
}

/** What belongs to a domain: DISPOSABLE | FREE | TYPO, and the domain meant. */
interface DomainFinding {
  readonly flags: number;
  readonly meant: string | null;
}

/** One shared, frozen object per flag byte without a suggestion: no garbage per address. */
const PLAIN: readonly Finding[] = Array.from({ length: 16 }, (_, flags) =>
  Object.freeze({ flags, suggestion: null }),
);
const PLAIN_DOMAIN: readonly DomainFinding[] = Array.from({ length: 8 }, (_, flags) =>
  Object.freeze({ flags, meant: null }),
);

function judgeDomain(lists: FindingLists, domain: string): DomainFinding {
  const spellings = domainSpellings(domain);
  let flags = 0;
  for (const spelling of spellings) {
    if (isDisposableDomain(lists, spelling)) flags |= DISPOSABLE;
    if (lists.free.has(spelling)) flags |= FREE;
  }
  // The checker reads ASCII: an internationalized domain goes in its xn-- form.
  const meant = suggestDomain(lists, asciiDomain(domain), flags !== 0);
  if (meant === null) return PLAIN_DOMAIN[flags] ?? { flags, meant };
  return { flags: flags | TYPO, meant };
}

/** The local part before `at` is a role, as it is or without its +tag (sales+news@). */
function isRole({ roles, roleShapes }: FindingLists, address: string, at: number): boolean {
  // The filter answers "no" for most local parts without making a string.
  if (roleShapes[shapeOf(address, at)] === 1 && roles.has(address.slice(0, at))) return true;
  const plus = address.indexOf('+');
  return (
    plus > 0 &&
    plus < at &&
    roleShapes[shapeOf(address, plus)] === 1 &&
    roles.has(address.slice(0, plus))
  );
}

/** The '@' before the domain: the first one, unless a quoted local part holds others. */
function atSign(address: string): number {
  return address.charCodeAt(0) === 0x22 ? address.lastIndexOf('@') : address.indexOf('@');
}

/** A domain met by ofBytes: its text, to tell it from another with the same hash, and what it is. */
interface KnownDomain {
  readonly domain: string;
  readonly found: DomainFinding;
}

/** FNV-1a over bytes[start, end): the domain's key in ofBytes's table. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h;
}

/** Whether bytes[start, end) are the ASCII text `text`. */
function sameAscii(bytes: Uint8Array, start: number, end: number, text: string): boolean {
  if (end - start !== text.length) return false;
  for (let i = start; i < end; i++) if (bytes[i] !== text.charCodeAt(i - start)) return false;
  return true;
}

const latin1 = new TextDecoder('latin1');

export function createFindings(options: FindingsOptions = {}): Findings {
  const maxDomains = options.maxDomains ?? 200_000;
  const domains = new Map<string, DomainFinding>();
  // ofBytes's own cache, by the hash of the domain's bytes: no string per address.
  const byHash = new Map<number, KnownDomain>();
  let lists: FindingLists | undefined;
  // Addresses by flag byte: one increment each; the stats add them up.
  const byFlags = new Float64Array(16);
  let judged = 0;
  // Set by judge() for of(): the last address's domain finding and its '@'.
  let lastDomain: DomainFinding | undefined;
  let lastAt = 0;

  /** What belongs to the domain: worked out once, then kept (maxDomains at most). */
  function domainFinding(domain: string): DomainFinding {
    let found = domains.get(domain);
    if (found === undefined) {
      if (domains.size >= maxDomains) {
        domains.clear();
        byHash.clear();
      }
      found = judgeDomain(lists ?? findingLists(), domain);
      domains.set(domain, found);
      judged++;
      options.onDomain?.(domain);
    }
    return found;
  }

  /**
   * The local part bytes[start, at) is a role, as it is or without its +tag
   * (isRole, on bytes). Every role is ASCII, so a part that is not never is one.
   */
  function isRoleBytes(roleLists: FindingLists, bytes: Uint8Array, start: number, at: number) {
    const { roles, roleShapes } = roleLists;
    const isRolePart = (end: number): boolean => {
      const shape =
        ((end - start) * 961 + (bytes[start] as number) * 31 + (bytes[end - 1] as number)) &
        (roleShapes.length - 1);
      if (roleShapes[shape] !== 1) return false;
      for (let i = start; i < end; i++) if ((bytes[i] as number) >= 0x80) return false;
      return roles.has(latin1.decode(bytes.subarray(start, end)));
    };
    if (isRolePart(at)) return true;
    let plus = start;
    while (plus < at && bytes[plus] !== 0x2b) plus += 1;
    return plus > start && plus < at && isRolePart(plus);
  }

  function judge(address: string): number {
    lists ??= findingLists();
    lastDomain = undefined;
    const at = atSign(address);
    if (at <= 0 || at === address.length - 1) {
      byFlags[0] = (byFlags[0] ?? 0) + 1;
      return 0;
    }
    const found = domainFinding(address.slice(at + 1));
    lastDomain = found;
    lastAt = at;
    const flags = isRole(lists, address, at) ? found.flags | ROLE : found.flags;
    byFlags[flags] = (byFlags[flags] ?? 0) + 1;
    return flags;
  }

  const textOf = (bytes: Uint8Array, start: number, end: number) =>
    Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');

  return {
    flags: judge,
    ofBytes(bytes, start, end) {
      lists ??= findingLists();
      // The first '@' and whether the local part before it is ASCII; a domain
      // that is not ASCII (an internationalized one) goes through of().
      let at = -1;
      let asciiLocal = true;
      for (let i = start; i < end; i++) {
        const c = bytes[i] as number;
        if (c === 0x40 && at < 0) at = i;
        else if (c >= 0x80) {
          if (at >= 0) return this.of(textOf(bytes, start, end));
          asciiLocal = false;
        }
      }
      // A quoted local part, or no domain: of() decides as it always has.
      if (at <= start || at === end - 1 || bytes[start] === 0x22) {
        return this.of(textOf(bytes, start, end));
      }
      const hash = hashBytes(bytes, at + 1, end);
      let known = byHash.get(hash);
      if (known === undefined || !sameAscii(bytes, at + 1, end, known.domain)) {
        const domain = latin1.decode(bytes.subarray(at + 1, end));
        known = { domain, found: domainFinding(domain) };
        // The first domain with a hash keeps it: another is judged through `domains`.
        if (!byHash.has(hash)) byHash.set(hash, known);
      }
      const { found } = known;
      const flags = isRoleBytes(lists, bytes, start, at) ? found.flags | ROLE : found.flags;
      byFlags[flags] = (byFlags[flags] ?? 0) + 1;
      if (flags === 0) return null;
      if (found.meant === null) return PLAIN[flags] ?? null;
      const local = asciiLocal
        ? latin1.decode(bytes.subarray(start, at))
        : textOf(bytes, start, at);
      return { flags, suggestion: `${local}@${found.meant}` };
    },
    of(address) {
      const flags = judge(address);
      if (flags === 0) return null;
      const meant = lastDomain?.meant ?? null;
      if (meant === null) return PLAIN[flags] ?? null;
      return { flags, suggestion: `${address.slice(0, lastAt + 1)}${meant}` };
    },
    stats() {
      const count = (flag: number) =>
        byFlags.reduce((sum, n, flags) => sum + (flags & flag ? n : 0), 0);
      return {
        addresses: byFlags.reduce((sum, n) => sum + n, 0),
        role: count(ROLE),
        disposable: count(DISPOSABLE),
        free: count(FREE),
        typo: count(TYPO),
        domains: judged,
      };
    },
  };
}
