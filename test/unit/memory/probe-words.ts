// The addresses and answers the memory tests and their child process agree
// on, so each side can tell the other's entries from its own.
import type { AddressOutcome } from '../../../electron/lists/types';

export const address = (who: string, i: number): string => `${who}.${i}@example.com`;

export const outcomeOf = (i: number): AddressOutcome =>
  i % 3 === 0
    ? { status: 'undeliverable', provider: '' }
    : { status: 'deliverable', provider: `provider_${i % 5}` };
