// The list quality grade of a checked list: one score and a letter from the
// outcome shares, with the computation in words so the user can redo it from
// the outcome table (no hidden formula), and what it means for sending. The
// window's grade card and the command line's report say the same, each in
// its reader's language (`t`). No dependencies but the catalogs' types.
import type { RowStatusName } from './model';
import type { MessageId } from './i18n/translate';
import type { Translate } from './i18n/message';

export type GradeLetter = 'A' | 'B' | 'C' | 'D' | 'F';

/**
 * The outcome counts the grade reads (JobSummaryView.statuses). Repeats and
 * role addresses are not read: a repeat is not a bad address (it is checked
 * and paid for once), and leaving role addresses out is the user's choice.
 */
export type GradeCounts = Pick<
  Record<RowStatusName, number>,
  'deliverable' | 'undeliverable' | 'unknown' | 'invalid' | 'disposable'
>;

export interface ListGrade {
  /** 0–100: the counted addresses that can be sent to, unknown ones at half, rounded down. */
  score: number;
  letter: GradeLetter;
  /** One or two words for the letter: "Healthy", "Poor"… */
  verdict: string;
  /** The addresses the score counts (its denominator). */
  counted: number;
  /** The computation with this list's numbers. */
  how: string;
  /** What the outcomes mean for sending to this list. */
  sending: string;
}

/**
 * The letter bands, lowest score of each. Steeper at the top than school
 * grades: a list where 1 in 10 addresses bounces would pass as an A at 90,
 * yet a sender's bounces are meant to stay at a few in a hundred. So an A
 * (95 and up) is a list that can nearly be sent as it is; B (85–94) has
 * decayed a little; C (70–84) needs its bad addresses removed before any
 * send; D (50–69) is about half bad; F (below 50) is mostly bad or unknown.
 */
export const GRADE_BANDS: readonly { letter: GradeLetter; min: number; verdict: MessageId }[] = [
  { letter: 'A', min: 95, verdict: 'grade.verdict.healthy' },
  { letter: 'B', min: 85, verdict: 'grade.verdict.good' },
  { letter: 'C', min: 70, verdict: 'grade.verdict.fair' },
  { letter: 'D', min: 50, verdict: 'grade.verdict.poor' },
  { letter: 'F', min: 0, verdict: 'grade.verdict.bad' },
];

/** The bands in one line: "A 95 and up · B 85–94 · C 70–84 · D 50–69 · F below 50". */
export const gradeBandsWords = (t: Translate): string =>
  GRADE_BANDS.map((band, i) => {
    const above = GRADE_BANDS[i - 1];
    if (!above) return t('grade.band.top', { letter: band.letter, min: band.min });
    if (band.min === 0) return t('grade.band.bottom', { letter: band.letter, below: above.min });
    return t('grade.band.range', { letter: band.letter, min: band.min, max: above.min - 1 });
  }).join(' · ');

/** Why a list has no grade: none of its addresses has an outcome from a check. */
export const noGradeWords = (t: Translate): string => t('grade.none');

const enUs = (n: number) => n.toLocaleString('en-US');
const enUsPercent = (share: number) =>
  share.toLocaleString('en-US', { style: 'percent', maximumFractionDigits: 1 });

type Band = (typeof GRADE_BANDS)[number];
const LOWEST: Band = { letter: 'F', min: 0, verdict: 'grade.verdict.bad' };

/** The band a score falls in. */
export const gradeBand = (score: number): Band =>
  GRADE_BANDS.find((band) => score >= band.min) ?? LOWEST;

/**
 * score = 100 × (deliverable + ½ unknown) ÷ (deliverable + undeliverable +
 * unknown + invalid + disposable), rounded down so that 100 means nothing
 * bad at all. An unknown address counts half: the service could not tell, so
 * it is as likely good as bad. Null when no address was checked
 * (deliverable, undeliverable and unknown all 0): a grade of invalid cells
 * and skipped addresses alone would grade the choice, not the list.
 * Its words are said by `t`; `count` writes a count and `percent` a share
 * (the window passes the user's locale's).
 */
export function listGrade(
  statuses: GradeCounts,
  t: Translate,
  count: (n: number) => string = enUs,
  percent: (share: number) => string = enUsPercent,
): ListGrade | null {
  const { deliverable, undeliverable, unknown, invalid, disposable } = statuses;
  if (deliverable + undeliverable + unknown === 0) return null;
  const counted = deliverable + undeliverable + unknown + invalid + disposable;
  // Whole numbers over whole numbers: an exact 95 is never 94.99999.
  const score = Math.floor((200 * deliverable + 100 * unknown) / (2 * counted));
  const band = gradeBand(score);
  const how = t('grade.how', {
    deliverable: count(deliverable),
    unknown: count(unknown),
    counted: count(counted),
    n: counted,
  });
  return {
    score,
    letter: band.letter,
    verdict: t(band.verdict),
    counted,
    how,
    sending: sendingWords(statuses, counted, t, count, percent),
  };
}

/**
 * "Sending to the 812 deliverable addresses only is safe; sending to all
 * 1,000, 140 would bounce (14%: the undeliverable and invalid ones), and
 * some of the 40 unknown ones may bounce too." Invalid cells count as
 * bounces: a sender refuses or bounces them. A share is a percentage: a
 * rounded "about 1 in N" read 42% as "1 in 2".
 */
function sendingWords(
  s: GradeCounts,
  counted: number,
  t: Translate,
  count: (n: number) => string,
  percent: (share: number) => string,
): string {
  if (s.deliverable === counted) {
    return counted === 1
      ? t('grade.sending.theOne')
      : t('grade.sending.all', { n: counted, counted: count(counted) });
  }
  const bounce = s.undeliverable + s.invalid;
  // The unknown ones: none, the one, or some of several.
  const unknown = s.unknown === 0 ? 'none' : s.unknown === 1 ? 'one' : 'some';
  const safe =
    s.deliverable === 0
      ? t('grade.sending.noneSafe')
      : t('grade.sending.safe', { n: s.deliverable, deliverable: count(s.deliverable) });
  const values = {
    safe,
    n: counted,
    counted: count(counted),
    unknown,
    u: s.unknown,
    unknownCount: count(s.unknown),
  };
  if (bounce === 0) return t('grade.sending.noBounce', values);
  const share = bounce / counted;
  // A share just under 1 would round to "100%", which reads as all of them; one just over 0 to "0%".
  const rate =
    bounce === counted
      ? t('grade.rate.all')
      : share >= 0.995
        ? t('grade.rate.over99')
        : share < 0.005
          ? t('grade.rate.under1')
          : percent(share);
  return t('grade.sending.bounce', { ...values, bounce: count(bounce), rate });
}
