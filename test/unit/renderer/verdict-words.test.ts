// How a reused row says whose answer it was, and what Settings → Other
// vendors' results says of a file imported.
import { describe, expect, it } from 'vitest';
import type { VerdictImportView } from '../../../electron/common/views/verdict-views';
import { english } from '../../../electron/common/i18n/message';
import { reusedWords } from '../../../renderer/src/features/results/outcomes';
import {
  countLines,
  headLine,
} from '../../../renderer/src/features/account/verdicts/verdict-words';

const OCT_3 = Date.UTC(2026, 9, 3, 12) / 1000;

describe('a reused row', () => {
  it("names the vendor and the day for another vendor's verdict, the day alone for the account's own", () => {
    expect(reusedWords({ checkedAt: OCT_3, source: 'zerobounce' }, english.t, 'en-US')).toBe(
      'Reused (ZeroBounce, Oct 3)',
    );
    expect(reusedWords({ checkedAt: OCT_3, source: null }, english.t, 'en-US')).toBe(
      'Reused (Oct 3)',
    );
    expect(reusedWords({ checkedAt: 0, source: 'millionverifier' }, english.t, 'en-US')).toBe(
      'Reused (MillionVerifier)',
    );
    expect(reusedWords({ checkedAt: 0, source: null }, english.t)).toBe('Reused');
  });
});

describe("an imported vendor's file", () => {
  const view: VerdictImportView = {
    vendor: 'neverbounce',
    fileName: 'news.csv',
    rows: 1_204,
    remembered: { deliverable: 1_000, undeliverable: 150 },
    unknown: 40,
    unmapped: [
      { word: '3', rows: 9 },
      { word: 'maybe', rows: 1 },
    ],
    skipped: { noAddress: 4, older: 0 },
    date: '2026-10-03',
    memoryUnavailable: false,
  };

  it('says what was remembered, not kept and skipped, and nothing of what is none', () => {
    expect(headLine(view, english.t)).toMatch(
      /^news\.csv: 1,204 rows of NeverBounce results, checked /,
    );
    expect(countLines(view, english.t)).toEqual([
      'Remembered: 1,000 deliverable, 150 undeliverable. Lists cleaned within the reuse window take these free, marked as NeverBounce’s.',
      'Not kept: 40 addresses NeverBounce could not call (catch-all, risky, disposable or unknown). They are checked when you clean a list with them.',
      'Kept as unknown: 10 rows with a word List Cleaner does not know: “3” (9), “maybe” (1).',
      'Skipped: 4 rows without a valid address.',
    ]);
  });
});
