// The list quality grade: the score from the outcome counts, the letter
// bands at their edges, no grade when nothing was checked, and words that
// state the very numbers the score was computed from.
import { describe, expect, it } from 'vitest';
import {
  GRADE_BANDS,
  gradeBand,
  gradeBandsWords,
  listGrade,
  type GradeCounts,
} from '../../../electron/common/grade';
import { english } from '../../../electron/common/i18n/message';

const counts = (given: Partial<GradeCounts>): GradeCounts => ({
  deliverable: 0,
  undeliverable: 0,
  unknown: 0,
  invalid: 0,
  disposable: 0,
  ...given,
});

/** The numbers a sentence names, in order, as numbers. */
const numbersIn = (words: string) =>
  [...words.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replaceAll(',', '')));

describe('listGrade', () => {
  it('scores deliverable in full and unknown at half, over every counted address', () => {
    const grade = listGrade(
      counts({ deliverable: 812, undeliverable: 120, unknown: 40, invalid: 20, disposable: 8 }),
      english.t,
    );
    // 100 × (812 + 20) ÷ 1,000 = 83.2
    expect(grade).toMatchObject({ score: 83, letter: 'C', verdict: 'Fair', counted: 1_000 });
    expect(grade?.how).toBe(
      'Score = 100 × (812 deliverable + half of 40 unknown) ÷ 1,000 addresses ' +
        '(deliverable, undeliverable, unknown, invalid and disposable), rounded down. ' +
        'Repeats and role addresses are left out: a repeat is not a bad address, and a role address is your choice.',
    );
    expect(grade?.sending).toBe(
      'Sending to the 812 deliverable addresses only is safe; sending to all 1,000, 140 would bounce ' +
        '(14%: the undeliverable and invalid ones), and some of the 40 unknown ones may bounce too.',
    );
  });

  it('leaves repeats and role addresses out of the score', () => {
    const without = listGrade(counts({ deliverable: 90, undeliverable: 10 }), english.t);
    const withThem = listGrade(
      {
        ...counts({ deliverable: 90, undeliverable: 10 }),
        duplicate: 500,
        role: 300,
      } as GradeCounts,
      english.t,
    );
    expect(withThem).toEqual(without);
    expect(without?.score).toBe(90);
  });

  it('gives each letter from the lowest score of its band, and the one below under it', () => {
    // 1,000 addresses, all deliverable or undeliverable: the score is the deliverable ones ÷ 10.
    const at = (deliverable: number) =>
      listGrade(counts({ deliverable, undeliverable: 1_000 - deliverable }), english.t);
    const edges: [number, string][] = [
      [1_000, 'A'],
      [950, 'A'],
      [949, 'B'],
      [850, 'B'],
      [849, 'C'],
      [700, 'C'],
      [699, 'D'],
      [500, 'D'],
      [499, 'F'],
      [1, 'F'],
    ];
    for (const [deliverable, letter] of edges) {
      const grade = at(deliverable);
      expect(grade?.letter, `${deliverable} of 1,000`).toBe(letter);
      expect(grade?.score).toBe(Math.floor(deliverable / 10));
    }
    expect(GRADE_BANDS.map((b) => [b.letter, b.min])).toEqual([
      ['A', 95],
      ['B', 85],
      ['C', 70],
      ['D', 50],
      ['F', 0],
    ]);
    expect(gradeBand(100).letter).toBe('A');
    expect(gradeBand(0).letter).toBe('F');
    expect(gradeBandsWords(english.t)).toBe(
      'A 95 and up · B 85–94 · C 70–84 · D 50–69 · F below 50',
    );
  });

  it('rounds down: 100 only when nothing is bad, and an exact score is not lost to floating point', () => {
    expect(listGrade(counts({ deliverable: 9_999, undeliverable: 1 }), english.t)?.score).toBe(99);
    expect(listGrade(counts({ deliverable: 7 }), english.t)?.score).toBe(100);
    // The share first, then × 100, would be 56.99999999999999 here.
    expect(listGrade(counts({ deliverable: 57, undeliverable: 43 }), english.t)?.score).toBe(57);
    expect(listGrade(counts({ deliverable: 19, undeliverable: 1 }), english.t)).toMatchObject({
      score: 95,
      letter: 'A',
    });
    // Half of an odd number of unknown: 100 × (1 + 1.5) ÷ 4 = 62.5
    expect(listGrade(counts({ deliverable: 1, unknown: 3 }), english.t)?.score).toBe(62);
  });

  it('has no grade when no address was checked', () => {
    expect(listGrade(counts({}), english.t)).toBeNull();
    // Invalid cells and addresses left out are not a check of the list.
    expect(listGrade(counts({ invalid: 40, disposable: 3 }), english.t)).toBeNull();
    // One unknown is a check: the service was asked.
    expect(listGrade(counts({ unknown: 1, invalid: 1 }), english.t)).toMatchObject({
      score: 25,
      letter: 'F',
    });
  });

  it('says none is known to bounce when none is, and names the unknown ones', () => {
    const grade = listGrade(counts({ deliverable: 10, unknown: 2 }), english.t);
    expect(grade).toMatchObject({ score: 91, letter: 'B', counted: 12 });
    expect(grade?.sending).toBe(
      'Sending to the 10 deliverable addresses only is safe; none of the 12 is known to bounce, though some of the 2 unknown ones may.',
    );
    expect(listGrade(counts({ deliverable: 3, unknown: 1 }), english.t)?.sending).toBe(
      'Sending to the 3 deliverable addresses only is safe; none of the 4 is known to bounce, though the unknown one may.',
    );
    expect(listGrade(counts({ deliverable: 3, disposable: 1 }), english.t)?.sending).toBe(
      'Sending to the 3 deliverable addresses only is safe; none of the 4 is known to bounce.',
    );
  });

  it('says so when every address is deliverable', () => {
    expect(listGrade(counts({ deliverable: 1_200 }), english.t)).toMatchObject({
      score: 100,
      letter: 'A',
      sending: 'All 1,200 addresses are deliverable: safe to send to.',
    });
    expect(listGrade(counts({ deliverable: 1 }), english.t)?.sending).toBe(
      'The one address is deliverable: safe to send to.',
    );
  });

  it('says so when no address is safe, and when all or most would bounce', () => {
    expect(listGrade(counts({ undeliverable: 9, invalid: 1 }), english.t)?.sending).toBe(
      'No address is known to be safe to send to; sending to all 10, 10 would bounce (all of them: the undeliverable and invalid ones).',
    );
    expect(listGrade(counts({ deliverable: 1, undeliverable: 3 }), english.t)?.sending).toBe(
      'Sending to the 1 deliverable address only is safe; sending to all 4, 3 would bounce (75%: the undeliverable and invalid ones).',
    );
    expect(
      listGrade(counts({ deliverable: 6, undeliverable: 3, unknown: 1, invalid: 2 }), english.t)
        ?.sending,
    ).toBe(
      'Sending to the 6 deliverable addresses only is safe; sending to all 12, 5 would bounce (41.7%: the undeliverable and invalid ones), and the unknown one may bounce too.',
    );
  });

  it('writes counts as it is told, and the sentences name the numbers the score came from', () => {
    const statuses = counts({
      deliverable: 12_345,
      undeliverable: 2_000,
      unknown: 655,
      invalid: 1_000,
      disposable: 0,
    });
    const grade = listGrade(statuses, english.t, (n) => n.toLocaleString('de-DE'));
    expect(grade?.how).toContain('(12.345 deliverable + half of 655 unknown) ÷ 16.000 addresses');

    const en = listGrade(statuses, english.t);
    if (!en) throw new Error('no grade');
    const [hundred = 0, deliverable = 0, unknown = 0, counted = 0] = numbersIn(en.how);
    expect([hundred, deliverable, unknown, counted]).toEqual([100, 12_345, 655, 16_000]);
    expect(en.score).toBe(Math.floor((hundred * (deliverable + unknown / 2)) / counted));
    expect(en.score).toBe(79);
    expect(en.letter).toBe('C');
    // The bounces the sending sentence names are the undeliverable and invalid ones, with their share.
    const [safe, all, bounce, percent, unknownAgain] = numbersIn(en.sending);
    expect([safe, all, bounce, unknownAgain]).toEqual([12_345, 16_000, 3_000, 655]);
    expect(Math.abs((percent ?? 0) - (100 * 3_000) / 16_000)).toBeLessThanOrEqual(0.05 + 1e-9);
  });
});
