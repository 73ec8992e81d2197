// The independent fake's verdicts: a pure function of the address, so a test
// knows every right answer before it starts. Written from the interface
// (/work/shared/spec/000_fffd4242d7db15e8.txt), "Conventions" (provider
// codes in their fixed order: a global web mailbox, a desktop-and-web
// mailbox, a portal mailbox, a device-maker mailbox, two regional ones) and
// "Resources and their fields" (registered; exists false for an undetermined
// address). Nothing here is read from the app or its sandbox.
import { createHash } from 'node:crypto';

export type FakeVerdict = 'deliverable' | 'undeliverable' | 'undetermined';

/** This fake's own reading of the six codes' mailboxes, by domain; any other domain is `other`. */
const PROVIDER_OF_DOMAIN: Record<string, string> = {
  'gmail.com': 'provider_code_1',
  'outlook.com': 'provider_code_2',
  'hotmail.com': 'provider_code_2',
  'yahoo.com': 'provider_code_3',
  'icloud.com': 'provider_code_4',
  'mail.ru': 'provider_code_5',
  'yandex.ru': 'provider_code_6',
};

/** The interface's "the server normalizes it": trimmed and lowercased here. */
export const normalized = (address: string): string => address.trim().toLowerCase();

/** A plain reading of "an email address": one @, something before it, a dotted domain after. */
export function validAddress(address: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) && address.length <= 254;
}

/** A stable share in [0, 1) of the address, from its SHA-256 and a salt. */
function share(address: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${address}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** About 70% deliverable, 25% undeliverable, 5% undetermined, fixed per address and salt. */
export function verdictOf(address: string, salt = 'fake'): FakeVerdict {
  const roll = share(normalized(address), salt);
  return roll < 0.7 ? 'deliverable' : roll < 0.95 ? 'undeliverable' : 'undetermined';
}

export function providerOf(address: string): string {
  const domain = normalized(address).split('@')[1] ?? '';
  return PROVIDER_OF_DOMAIN[domain] ?? 'other';
}
