// What an account has learned of mail domains from the service's own answers:
// which provider serves a domain (the `provider` of an email answer), and
// whether the avatar products gave a result there or found it outside their
// providers (jobs/coverage/learn.ts says how). Kept beside the memory of answers, in the same LMDB store, in one
// database ("domains") for every account, each key under its account's name,
// so accounts never share what they learned. A domain is no secret, but only
// what the coverage rule reads is kept: the domain, its provider code, and
// four dates. Like the memory, it is a cache: losing it only means a domain
// is not known yet, and its addresses go through multi checks again.
import type { Database, RootDatabase } from 'lmdb';
import { log } from '../lib/log';

/** What is known of one domain; every date is epoch seconds, 0 for never. */
export interface DomainFact {
  /** The provider code the service last gave an address here; null: none yet. */
  provider: string | null;
  providerAt: number;
  /** An avatar check last gave a result for an address here. */
  coveredAt: number;
  /** An address here was last found outside the avatar products' providers. */
  outsideAt: number;
  /**
   * A bulk file was last refused for coverage and exactly as many of its
   * addresses as it said were outside came back without a result, this
   * domain's among them: the surest sign it is outside.
   */
  refusedAt: number;
}

/** What is known of one provider code, learned at its domains. */
export interface ProviderFact {
  coveredAt: number;
  outsideAt: number;
}

/** One thing an answer taught about the domain of its address. */
export interface Lesson {
  domain: string;
  /** The provider the service named (never empty). */
  provider?: string;
  /** An avatar check had a result here. */
  covered?: boolean;
  /** An address here is outside the avatar products' providers. */
  outside?: boolean;
  /** An address here was among those a refused file was refused for (kept for the domain only). */
  refused?: boolean;
}

export interface DomainFacts {
  domain(name: string): DomainFact | null;
  provider(code: string): ProviderFact | null;
  /** Keeps the lessons as learned at `at` (epoch seconds), in one transaction. */
  learn(lessons: readonly Lesson[], at: number): Promise<void>;
  /** Removes what this account learned. */
  clear(): Promise<void>;
  /** Removes the facts whose every date is before `before` (epoch seconds). */
  prune(before: number): Promise<number>;
}

/** A domain name's longest form; a provider code longer than this is not a service's code. */
const MAX_NAME_BYTES = 253;
const HEAD = 16;

const domainKey = (account: string, domain: string) => `${account}/d/${domain}`;
const providerKey = (account: string, code: string) => `${account}/p/${code}`;

function decodeDomain(bytes: Buffer | undefined): DomainFact | null {
  if (!bytes || bytes.length < HEAD) return null;
  const provider = bytes.length > HEAD ? bytes.toString('utf8', HEAD) : null;
  return {
    provider,
    providerAt: bytes.readUInt32LE(0),
    coveredAt: bytes.readUInt32LE(4),
    outsideAt: bytes.readUInt32LE(8),
    refusedAt: bytes.readUInt32LE(12),
  };
}

function encodeDomain(fact: DomainFact): Buffer {
  const name = Buffer.from(fact.provider ?? '');
  const bytes = Buffer.alloc(HEAD + name.length);
  bytes.writeUInt32LE(fact.providerAt, 0);
  bytes.writeUInt32LE(fact.coveredAt, 4);
  bytes.writeUInt32LE(fact.outsideAt, 8);
  bytes.writeUInt32LE(fact.refusedAt, 12);
  name.copy(bytes, HEAD);
  return bytes;
}

function decodeProvider(bytes: Buffer | undefined): ProviderFact | null {
  if (!bytes || bytes.length !== 8) return null;
  return { coveredAt: bytes.readUInt32LE(0), outsideAt: bytes.readUInt32LE(4) };
}

function encodeProvider(fact: ProviderFact): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeUInt32LE(fact.coveredAt, 0);
  bytes.writeUInt32LE(fact.outsideAt, 4);
  return bytes;
}

/** The newest date of a kept fact; 0 for bytes that do not read as one (pruned). */
function newestOf(isDomain: boolean, bytes: Buffer): number {
  if (isDomain) {
    const fact = decodeDomain(bytes);
    return fact ? Math.max(fact.providerAt, fact.coveredAt, fact.outsideAt, fact.refusedAt) : 0;
  }
  const fact = decodeProvider(bytes);
  return fact ? Math.max(fact.coveredAt, fact.outsideAt) : 0;
}

const fits = (name: string) => name.length > 0 && Buffer.byteLength(name) <= MAX_NAME_BYTES;

/** The lessons of a batch merged per domain: one read and one write each. */
function byDomain(lessons: readonly Lesson[]): Map<string, Lesson> {
  const merged = new Map<string, Lesson>();
  for (const lesson of lessons) {
    if (!fits(lesson.domain)) continue;
    const into = merged.get(lesson.domain) ?? { domain: lesson.domain };
    if (lesson.provider && fits(lesson.provider)) into.provider = lesson.provider;
    if (lesson.covered) into.covered = true;
    if (lesson.outside) into.outside = true;
    if (lesson.refused) into.refused = true;
    merged.set(lesson.domain, into);
  }
  return merged;
}

/** The account's facts in the memory's store, read and kept while `isOpen()`. */
export function openDomainFacts(
  /** The store as open now: the memory reopens it to let go of its map (map-budget.ts). */
  rootOf: () => RootDatabase<Buffer, string>,
  account: string,
  isOpen: () => boolean,
): DomainFacts {
  // Opened when first used: a memory no avatar review has read gains no database.
  let opened: { root: RootDatabase<Buffer, string>; db: Database<Buffer, string> } | null = null;
  const dbOf = () => {
    const root = rootOf();
    if (opened?.root !== root) {
      opened = { root, db: root.openDB<Buffer, string>('domains', { encoding: 'binary' }) };
    }
    return opened.db;
  };
  // The root's own keys name its databases: pruning and clearing need none to be made.
  const made = () => opened?.root === rootOf() || rootOf().doesExist('domains');
  const root = { transaction: <T>(work: () => T) => rootOf().transaction(work) };
  const read = <T>(key: string, decode: (b: Buffer | undefined) => T | null): T | null => {
    if (!isOpen()) return null;
    try {
      return decode(dbOf().getBinaryFast(key));
    } catch (err) {
      log.warn('The memory of domains could not be read; the domain is taken as not known', err);
      return null;
    }
  };
  const keysOf = () => dbOf().getKeys({ start: `${account}/`, end: `${account}0` });
  return {
    domain: (name) => read(domainKey(account, name), decodeDomain),
    provider: (code) => read(providerKey(account, code), decodeProvider),
    async learn(lessons, at) {
      const merged = byDomain(lessons);
      if (merged.size === 0 || !isOpen()) return;
      try {
        await root.transaction(() => {
          for (const lesson of merged.values()) {
            const key = domainKey(account, lesson.domain);
            const fact = decodeDomain(dbOf().getBinary(key)) ?? {
              provider: null,
              providerAt: 0,
              coveredAt: 0,
              outsideAt: 0,
              refusedAt: 0,
            };
            if (lesson.provider) Object.assign(fact, { provider: lesson.provider, providerAt: at });
            if (lesson.covered) fact.coveredAt = at;
            if (lesson.outside) fact.outsideAt = at;
            if (lesson.refused) fact.refusedAt = at;
            dbOf().putSync(key, encodeDomain(fact));
            if (fact.provider && (lesson.covered || lesson.outside)) {
              const pKey = providerKey(account, fact.provider);
              const known = decodeProvider(dbOf().getBinary(pKey)) ?? {
                coveredAt: 0,
                outsideAt: 0,
              };
              if (lesson.covered) known.coveredAt = at;
              if (lesson.outside) known.outsideAt = at;
              dbOf().putSync(pKey, encodeProvider(known));
            }
          }
        });
      } catch (err) {
        log.warn('The memory of domains could not keep what was learned; it is learned again', err);
      }
    },
    async clear() {
      if (!made()) return;
      await root.transaction(() => {
        for (const key of keysOf()) dbOf().removeSync(key);
      });
    },
    async prune(before) {
      if (!made()) return 0;
      // Read first, outside any transaction: most openings have nothing to prune,
      // and then the write lock is not taken at all.
      const stale: string[] = [];
      for (const { key, value } of dbOf().getRange({ start: `${account}/`, end: `${account}0` })) {
        if (newestOf(key.startsWith(domainKey(account, '')), value) < before) stale.push(key);
      }
      if (stale.length === 0) return 0;
      await root.transaction(() => {
        for (const key of stale) dbOf().removeSync(key);
      });
      return stale.length;
    },
  };
}

/** No facts at all: the memory could not be opened. */
export const noDomainFacts: DomainFacts = {
  domain: () => null,
  provider: () => null,
  learn: async () => undefined,
  clear: async () => undefined,
  prune: async () => 0,
};
