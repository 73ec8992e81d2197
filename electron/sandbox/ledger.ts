// The sandbox's accounts: one balance in micros per API key, and every
// movement of money as an entry, so tests can prove exactly what was charged.

export type EntryKind = 'credit' | 'charge' | 'reserve' | 'refund';

export interface LedgerEntry {
  at: number;
  key: string;
  kind: EntryKind;
  micros: number;
  note: string;
}

export interface Ledger {
  open(key: string, balanceMicros: number): void;
  has(key: string): boolean;
  balance(key: string): number;
  entries(key?: string): readonly LedgerEntry[];
}

export function createLedger(): Ledger {
  const balances = new Map<string, number>();
  const entries: LedgerEntry[] = [];
  return {
    open(key, balanceMicros) {
      if (!Number.isSafeInteger(balanceMicros) || balanceMicros < 0) {
        throw new RangeError('balance must be a non-negative whole number of micros');
      }
      balances.set(key, balanceMicros);
      entries.push({
        at: Date.now(),
        key,
        kind: 'credit',
        micros: balanceMicros,
        note: 'opening balance',
      });
    },
    has: (key) => balances.has(key),
    balance(key) {
      const value = balances.get(key);
      if (value === undefined) throw new Error('no such account');
      return value;
    },
    entries: (key) => (key === undefined ? entries : entries.filter((e) => e.key === key)),
  };
}
