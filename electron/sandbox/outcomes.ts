// What the sandbox says about an address: deterministic, so tests and demos
// can rely on it. Test addresses (like a payment provider's test cards) force
// an outcome; every other address gets a stable pseudo-random one.
import { createHash } from 'node:crypto';

export type ProviderCode =
  | 'provider_code_1'
  | 'provider_code_2'
  | 'provider_code_3'
  | 'provider_code_4'
  | 'provider_code_5'
  | 'provider_code_6'
  | 'other';

/** Domains and the provider each resolves to; any other domain is 'other'. */
export const providerDomains: Record<Exclude<ProviderCode, 'other'>, readonly string[]> = {
  provider_code_1: ['provider1.test', 'gmail.com', 'googlemail.com'],
  provider_code_2: ['provider2.test', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com'],
  provider_code_3: ['provider3.test', 'yahoo.com', 'ymail.com', 'rocketmail.com'],
  provider_code_4: ['provider4.test', 'icloud.com', 'me.com', 'mac.com'],
  provider_code_5: ['provider5.test', 'mail.ru', 'inbox.ru', 'list.ru', 'bk.ru'],
  provider_code_6: ['provider6.test', 'yandex.ru', 'yandex.com', 'ya.ru'],
};

/** The avatar products cover only these providers. */
export const avatarProviders: ReadonlySet<ProviderCode> = new Set([
  'provider_code_1',
  'provider_code_5',
  'provider_code_6',
]);

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

/** A stable number in [0, 1) from the address and a salt. */
function unitHash(address: string, salt: string): number {
  const digest = createHash('sha1').update(salt).update(address).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

export function avatarUrlFor(address: string): string {
  const id = createHash('sha256').update(address).digest('hex').slice(0, 24);
  return `https://avatars.sandbox.invalid/${id}.png`;
}

/** The outcome of a syntactically valid, normalized address. */
export function outcomeOf(address: string, slowAddressMs: number): Outcome {
  const provider = providerOf(address);
  const word = testWord(address);
  const canHaveAvatar = avatarProviders.has(provider);
  const base: Outcome = {
    verdict: 'deliverable',
    provider,
    avatar: false,
    avatarUrl: '',
    delayMs: 0,
  };

  switch (word) {
    case 'deliverable':
    case 'noavatar':
      return base;
    case 'undeliverable':
      return { ...base, verdict: 'undeliverable' };
    case 'undetermined':
      return { ...base, verdict: 'undetermined' };
    case 'slow':
      return { ...base, delayMs: slowAddressMs };
    case 'avatar':
      return canHaveAvatar ? { ...base, avatar: true, avatarUrl: avatarUrlFor(address) } : base;
    case 'avatar-nourl':
      return canHaveAvatar ? { ...base, avatar: true } : base;
    case null:
      break;
  }

  // A realistic mix: about 72% deliverable, 23% undeliverable, 5% undetermined;
  // at avatar providers about 45% of deliverable addresses have an avatar, and
  // one in eight of those has no URL.
  const roll = unitHash(address, 'verdict');
  const verdict: Verdict =
    roll < 0.72 ? 'deliverable' : roll < 0.95 ? 'undeliverable' : 'undetermined';
  if (verdict !== 'deliverable' || !canHaveAvatar) return { ...base, verdict };
  const avatarRoll = unitHash(address, 'avatar');
  if (avatarRoll >= 0.45) return base;
  return {
    ...base,
    avatar: true,
    avatarUrl: avatarRoll < 0.45 * (7 / 8) ? avatarUrlFor(address) : '',
  };
}
