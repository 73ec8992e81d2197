// The accounts a sandbox serves: an API key and a balance each (one account
// with 25 USD when none are given), and the endpoint that reports what is
// left, GET /api/v1/balance. The ledger keeps the money; this opens it.
import { randomBytes } from 'node:crypto';
import { okReply, type Reply } from './server/http';
import type { Ledger } from './ledger';

export interface SandboxAccount {
  key: string;
  balanceMicros: number;
}

export const DEFAULT_BALANCE_MICROS = 25_000_000;

export function newSandboxKey(): string {
  return `sk_test_${randomBytes(16).toString('hex')}`;
}

/** Opens each account in the ledger; the keys, in the order given. */
export function openAccounts(
  ledger: Ledger,
  accounts: SandboxAccount[] = [{ key: newSandboxKey(), balanceMicros: DEFAULT_BALANCE_MICROS }],
): string[] {
  for (const account of accounts) ledger.open(account.key, account.balanceMicros);
  return accounts.map((a) => a.key);
}

/** GET /api/v1/balance: the key's balance in micros. */
export function balanceReply(ledger: Ledger, key: string): Reply {
  return okReply({ balance_micros: ledger.balance(key) });
}
