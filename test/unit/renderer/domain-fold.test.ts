// What the domain table leaves out: columns with nothing in them, and the
// domains with one address each folded into one row with their sums.
import { describe, expect, it } from 'vitest';
import type { DomainStats } from '../../../electron/common/views/views';
import {
  columnsWithCounts,
  foldSingles,
} from '../../../renderer/src/features/results/domains/domain-fold';

const domain = (name: string, addresses: number, undeliverable = 0, typo = 0): DomainStats => ({
  domain: name,
  addresses,
  deliverable: addresses - undeliverable,
  undeliverable,
  unknown: 0,
  skipped: 0,
  findings: { role: 0, free: 0, disposable: 0, typo, noMail: 0 },
});

describe('columnsWithCounts', () => {
  it('keeps a column some domain counts something in, in the order given', () => {
    const rows = [domain('a.com', 10, 2), domain('b.com', 3, 0, 1)];
    expect(columnsWithCounts(['deliverable', 'undeliverable', 'unknown', 'skipped'], rows)).toEqual(
      ['deliverable', 'undeliverable'],
    );
    expect(columnsWithCounts(['role', 'free', 'typo', 'noMail'], rows)).toEqual(['typo']);
    expect(columnsWithCounts(['role'], [])).toEqual([]);
  });
});

describe('foldSingles', () => {
  it('folds the domains with one address each, keeping both orders, and sums them', () => {
    const rows = [
      domain('big.com', 20, 4),
      domain('one-a.test', 1, 1),
      domain('mid.com', 5),
      domain('one-b.test', 1, 0, 1),
    ];
    const folded = foldSingles(rows);
    expect(folded.many.map((d) => d.domain)).toEqual(['big.com', 'mid.com']);
    expect(folded.singles.map((d) => d.domain)).toEqual(['one-a.test', 'one-b.test']);
    expect(folded.singlesSum).toEqual({
      addresses: 2,
      deliverable: 1,
      undeliverable: 1,
      unknown: 0,
      skipped: 0,
      findings: { role: 0, free: 0, disposable: 0, typo: 1, noMail: 0 },
    });
  });

  it('leaves a lone single-address domain as it is: one row folded into one says nothing', () => {
    const rows = [domain('big.com', 20), domain('one.test', 1)];
    expect(foldSingles(rows)).toEqual({ many: rows, singles: [], singlesSum: null });
  });
});
