// The sandbox's accounts: one balance in micros per API key, and every
// movement of money as an entry, so tests can prove exactly what was charged.
// Work that may cost money first reserves the most it can cost, then refunds
// what was not used, so concurrent requests can never overdraw an account.
import type { Product } from './config';

export type EntryKind = 'credit' | 'reserve' | 'refund';

export interface LedgerEntry {
  at: number;
  key: string;
  kind: EntryKind;
  micros: number;
  product: Product | null;
  /** Addresses the movement is for (reserved, or refunded). */
  addresses: number;
  /** The request or task it belongs to. */
  ref: string;
}

export interface Movement {
  product: Product;
  addresses: number;
  ref: string;
}

export interface Ledger {
  open(key: string, balanceMicros: number): void;
  has(key: string): boolean;
  balance(key: string): number;
  /** Funds added, as the account's owner tops it up. */
  credit(key: string, micros: number): void;
  /** Takes the amount if the balance covers it in full; false (and nothing taken) if not. */
  reserve(key: string, micros: number, movement: Movement): boolean;
  refund(key: string, micros: number, movement: Movement): void;
  /** Micros spent so far: reserved and not refunded. */
  spent(key: string): number;
  entries(key?: string): readonly LedgerEntry[];
}

/** Entries kept for inspection; totals are kept apart, so dropping old entries loses no money. */
const MAX_ENTRIES = 200_000;

export function createLedger(): Ledger {
  const balances = new Map<string, number>();
  const spentByKey = new Map<string, number>();
  const entries: LedgerEntry[] = [];
  const record = (entry: LedgerEntry) => {
    entries.push(entry);
    if (entries.length > MAX_ENTRIES) entries.splice(0, MAX_ENTRIES / 10);
    const sign = entry.kind === 'reserve' ? 1 : entry.kind === 'refund' ? -1 : 0;
    spentByKey.set(entry.key, (spentByKey.get(entry.key) ?? 0) + sign * entry.micros);
  };

  const balanceOf = (key: string): number => {
    const value = balances.get(key);
    if (value === undefined) throw new Error('no such account');
    return value;
  };

  return {
    open(key, balanceMicros) {
      if (!Number.isSafeInteger(balanceMicros) || balanceMicros < 0) {
        throw new RangeError('balance must be a non-negative whole number of micros');
      }
      balances.set(key, balanceMicros);
      record({
        at: Date.now(),
        key,
        kind: 'credit',
        micros: balanceMicros,
        product: null,
        addresses: 0,
        ref: 'opening balance',
      });
    },
    has: (key) => balances.has(key),
    balance: balanceOf,
    credit(key, micros) {
      if (!Number.isSafeInteger(micros) || micros <= 0) {
        throw new RangeError('a top-up is a positive whole number of micros');
      }
      balances.set(key, balanceOf(key) + micros);
      record({
        at: Date.now(),
        key,
        kind: 'credit',
        micros,
        product: null,
        addresses: 0,
        ref: 'top-up',
      });
    },
    reserve(key, micros, movement) {
      const balance = balanceOf(key);
      if (micros > balance) return false;
      balances.set(key, balance - micros);
      record({ at: Date.now(), key, kind: 'reserve', micros, ...movement });
      return true;
    },
    refund(key, micros, movement) {
      if (micros <= 0) return;
      balances.set(key, balanceOf(key) + micros);
      record({ at: Date.now(), key, kind: 'refund', micros, ...movement });
    },
    spent: (key) => spentByKey.get(key) ?? 0,
    entries: (key) => (key === undefined ? entries : entries.filter((e) => e.key === key)),
  };
}
