// What the sandbox says about an address: deterministic, so tests and demos
// can rely on it. Test addresses (like a payment provider's test cards) force
// an outcome; every other address gets a stable pseudo-random one.
import { createHash } from 'node:crypto';
import {
  AVATAR_PROVIDERS,
  sandboxProviderDomains,
  type SandboxProviderCode,
} from '../common/catalogs/providers';

export type ProviderCode = SandboxProviderCode | 'other';

/** Domains and the provider each resolves to; any other domain is 'other'. */
export const providerDomains: Record<SandboxProviderCode, readonly string[]> =
  sandboxProviderDomains;

/** The avatar products cover only these providers. */
export const avatarProviders: ReadonlySet<ProviderCode> = new Set(AVATAR_PROVIDERS);

const domainToProvider = new Map<string, ProviderCode>();
for (const [code, domains] of Object.entries(providerDomains)) {
  for (const domain of domains) domainToProvider.set(domain, code as ProviderCode);
}

export function providerOf(address: string): ProviderCode {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return domainToProvider.get(domain) ?? 'other';
}

/** Trimmed and lowercased, as the service normalizes identifiers. */
export function normalizeAddress(raw: string): string {
  return raw.trim().toLowerCase();
}

// Deliberately plain: one @, a local part without spaces, a dotted domain with
// a letter TLD. The sandbox judges syntax the way a service does, not an RFC.
const addressPattern =
  /^[^\s@"<>(),;:\\[\]]{1,64}@(?=.{1,253}$)(?:[a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff-]{0,61}[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff]{2,63}$/;

export function isValidAddress(normalized: string): boolean {
  return normalized.length <= 254 && addressPattern.test(normalized);
}

export type Verdict = 'deliverable' | 'undeliverable' | 'undetermined';

export interface Outcome {
  verdict: Verdict;
  provider: ProviderCode;
  avatar: boolean;
  avatarUrl: string;
  /** Extra checking time this address costs, in ms. */
  delayMs: number;
}

/**
 * Test addresses: the local part is one of these words, alone or followed by
 * "+anything" (deliverable+42@provider1.test). The table is in README.md.
 */
export const testLocalParts = [
  'deliverable',
  'undeliverable',
  'undetermined',
  'slow',
  'avatar',
  'avatar-nourl',
  'noavatar',
] as const;

type TestLocalPart = (typeof testLocalParts)[number];

function testWord(address: string): TestLocalPart | null {
  const local = address.slice(0, address.lastIndexOf('@'));
  const word = local.split('+', 1)[0] ?? '';
  return (testLocalParts as readonly string[]).includes(word) ? (word as TestLocalPart) : null;
}

/**
 * A stable number in [0, 1) from the address and a salt: FNV-1a over the
 * UTF-16 code units, mixed once more. Not cryptographic, and need not be: it
 * only has to be stable, well spread, and cheap for a 500,000-line file.
 */
function unitHash(address: string, salt: number): number {
  let h = 0x811c9dc5 ^ salt;
  for (let i = 0; i < address.length; i++) {
    h ^= address.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 0x1_0000_0000;
}

const VERDICT_SALT = 0x5eed_0001;
const AVATAR_SALT = 0x5eed_0002;

export function avatarUrlFor(address: string): string {
  const id = createHash('sha256').update(address).digest('hex').slice(0, 24);
  return `https://avatars.sandbox.invalid/${id}.png`;
}

/** Just the verdict: cheap enough to run over a 500,000-line bulk file. */
export function verdictOf(address: string): Verdict {
  const word = testWord(address);
  if (word === 'undeliverable') return 'undeliverable';
  if (word === 'undetermined') return 'undetermined';
  if (word !== null) return 'deliverable';
  // A realistic mix: about 72% deliverable, 23% undeliverable, 5% undetermined.
  const roll = unitHash(address, VERDICT_SALT);
  return roll < 0.72 ? 'deliverable' : roll < 0.95 ? 'undeliverable' : 'undetermined';
}

/** The outcome of a syntactically valid, normalized address. */
export function outcomeOf(address: string, slowAddressMs: number): Outcome {
  const provider = providerOf(address);
  const verdict = verdictOf(address);
  const word = testWord(address);
  const base: Outcome = { verdict, provider, avatar: false, avatarUrl: '', delayMs: 0 };
  if (verdict !== 'deliverable' || !avatarProviders.has(provider)) {
    return word === 'slow' ? { ...base, delayMs: slowAddressMs } : base;
  }
  switch (word) {
    case 'slow':
      return { ...base, delayMs: slowAddressMs };
    case 'avatar':
      return { ...base, avatar: true, avatarUrl: avatarUrlFor(address) };
    case 'avatar-nourl':
      return { ...base, avatar: true };
    case null:
      break;
    default:
      return base;
  }
  // At avatar providers about 45% of deliverable addresses have an avatar, and
  // one in eight of those has no URL.
  const avatarRoll = unitHash(address, AVATAR_SALT);
  if (avatarRoll >= 0.45) return base;
  return {
    ...base,
    avatar: true,
    avatarUrl: avatarRoll < 0.45 * (7 / 8) ? avatarUrlFor(address) : '',
  };
}
