// The results overview's sentences: shares as percentages that match the
// counts (never a rounded "about 1 in N"), and a chart with one part at 99%
// or more said as a sentence instead.
import { describe, expect, it } from 'vitest';
import {
  allButWords,
  dominantPart,
  outcomeSentence,
  providerSentence,
} from '../../../renderer/src/features/results/overview/plain-words';
import { listGrade, type GradeCounts } from '../../../electron/common/grade';
import { english } from '../../../electron/common/i18n/message';

const t = english.t;

/** What sending would do, as the grade says it (the window and the command line alike). */
const sendingWords = (c: GradeCounts, counted: number) => {
  const grade = listGrade(c, t);
  expect(grade?.counted).toBe(counted);
  return grade?.sending ?? '';
};

const counts = (deliverable: number, undeliverable: number, unknown = 0, invalid = 0) => ({
  deliverable,
  undeliverable,
  unknown,
  invalid,
  disposable: 0,
});

describe('sendingWords', () => {
  it('says 42% for 42 bouncing of 100, where "about 1 in 2" was said', () => {
    const words = sendingWords(counts(58, 40, 0, 2), 100);
    expect(words).toBe(
      'Sending to the 58 deliverable addresses only is safe; sending to all 100, 42 would bounce (42%: the undeliverable and invalid ones).',
    );
    expect(words).not.toMatch(/1 in/);
  });

  it('gives small shares a decimal, and never rounds a part up to all of them', () => {
    expect(sendingWords(counts(955, 45), 1000)).toContain('45 would bounce (4.5%:');
    expect(sendingWords(counts(1, 999), 1000)).toContain('999 would bounce (over 99%:');
    expect(sendingWords(counts(0, 10), 10)).toContain('10 would bounce (all of them:');
  });

  it('speaks of the unknown ones, and of a list where nothing bounces', () => {
    expect(sendingWords(counts(90, 5, 5), 100)).toMatch(
      /\(5%: the undeliverable and invalid ones\), and some of the 5 unknown ones may bounce too\.$/,
    );
    expect(sendingWords(counts(99, 0, 1), 100)).toBe(
      'Sending to the 99 deliverable addresses only is safe; none of the 100 is known to bounce, though the unknown one may.',
    );
    expect(sendingWords(counts(12, 0), 12)).toBe(
      'All 12 addresses are deliverable: safe to send to.',
    );
  });
});

describe('dominantPart', () => {
  it('finds a part at 99% or more of the whole, and no other', () => {
    expect(
      dominantPart([
        { key: 'a', value: 99 },
        { key: 'b', value: 1 },
      ]),
    ).toEqual({
      key: 'a',
      value: 99,
      total: 100,
    });
    expect(
      dominantPart([
        { key: 'a', value: 98 },
        { key: 'b', value: 2 },
      ]),
    ).toBeNull();
    expect(dominantPart([{ key: 'a', value: 0 }])).toBeNull();
    expect(dominantPart([])).toBeNull();
  });
});

describe('the sentences that replace a chart', () => {
  it('says how many of the whole the one part is', () => {
    expect(allButWords(12_397, 12_400, 'rows', t)).toBe('All but 3 of 12,400 rows');
    expect(allButWords(20, 20, 'rows', t)).toBe('All 20 rows');
    expect(allButWords(1, 1, 'rows', t)).toBe('The one row');
  });

  it('says an outcome in its own words', () => {
    expect(outcomeSentence({ key: 'deliverable', value: 12_397, total: 12_400 }, t)).toBe(
      'All but 3 of 12,400 rows are deliverable.',
    );
    expect(outcomeSentence({ key: 'duplicate', value: 500, total: 500 }, t)).toBe(
      'All 500 rows are repeats.',
    );
    expect(outcomeSentence({ key: 'deliverable', value: 1, total: 1 }, t)).toBe(
      'The one row is deliverable.',
    );
  });

  it('says a provider by its name, and "other providers" in lower case', () => {
    expect(providerSentence({ key: 'gmail', value: 139, total: 140 }, 'Gmail', t)).toBe(
      'All but 1 of 140 checked addresses are at Gmail.',
    );
    expect(providerSentence({ key: 'other', value: 10, total: 10 }, 'Other providers', t)).toBe(
      'All 10 checked addresses are at other providers.',
    );
    expect(providerSentence({ key: 'not registered', value: 5, total: 5 }, 'No mailbox', t)).toBe(
      'All 5 checked addresses have no mailbox.',
    );
  });
});
