// The lists benchmark's suppression steps (issue 34), run in lists-child.ts:
// a suppression list of 1,000,000 addresses seeded once, untimed (every
// fourth row of the list among them, the rest other lists' bounces), and
// 1,000 rules of every kind; the import-suppressed step is import-checked
// with both applied as the app applies them (jobs/import.ts: once the list is
// read, the worker decides the rules while the memory's pass reads the list).
// The seed ends as a file's import does, making the list's key table
// (suppression/key-table.ts).
import type { Rule } from '../../electron/rules/types';
import { openSuppressionStore } from '../../electron/suppression/store';
import type { SuppressionRow } from '../../electron/suppression/types';
import { addressOf } from './lists-data';

export const SUPPRESSED = 1_000_000;
export const RULES = 1_000;
/** The account whose list the bench fills and reads. */
export const BENCH_ACCOUNT = 'bench';
const BATCH = 10_000;

/** The k-th suppressed address: a quarter of them the list's own rows, the rest elsewhere. */
const suppressedAddress = (k: number): string =>
  k % 4 === 0 ? addressOf(k) : `gone${k}.away@bounced${k % 97}.example`;

const REASONS: SuppressionRow['reason'][] = ['hard_bounce', 'unsubscribe', 'complaint'];

/** Fills the account's list in `dataDir` with `entries` entries (SUPPRESSED at full size), a batch a transaction. */
export async function seedSuppression(
  dataDir: string,
  entries = SUPPRESSED,
): Promise<{ entries: number }> {
  const store = await openSuppressionStore(dataDir, { account: BENCH_ACCOUNT });
  try {
    for (let first = 0; first < entries; first += BATCH) {
      const rows: SuppressionRow[] = [];
      for (let k = first; k < Math.min(first + BATCH, entries); k++) {
        rows.push({
          address: suppressedAddress(k),
          reason: REASONS[k % 3] ?? 'hard_bounce',
          date: '2026-10-03T00:00:00.000Z',
          detail: '550 5.1.1',
        });
      }
      await store.add(rows, 'bounces.csv');
    }
    store.prepare();
    return { entries: store.count() };
  } finally {
    await store.close();
  }
}

/**
 * RULES rules as a marketer's would be: blocked competitors' domains and
 * patterns on them, exact addresses, country suffixes, a few allowed
 * domains, and some patterns on the local part alone.
 */
export function benchRules(): Rule[] {
  const rules: Rule[] = [];
  const at = '2026-11-01T00:00:00.000Z';
  for (let k = 0; k < RULES; k++) {
    const kind = k % 10;
    const [value, ruleKind]: [string, Rule['kind']] =
      kind < 4
        ? [`competitor${k}.example`, 'domain']
        : kind < 7
          ? [`*@rival${k}.example`, 'pattern']
          : kind < 9
            ? [addressOf(k * 997), 'address']
            : k % 20 === 9
              ? [`.tld${k}`, 'suffix']
              : [`test${k}*@*`, 'pattern'];
    rules.push({
      id: `r${k}`,
      action: kind === 8 ? 'allow' : 'block',
      kind: ruleKind,
      value,
      addedAt: at,
    });
  }
  return rules;
}
