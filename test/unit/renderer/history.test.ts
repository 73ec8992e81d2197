// The Jobs screen as a history: a job found by its file name whatever its
// case and accents, the jobs of a month together with what that month checked
// and cost, and a cost never made up when a price was not known.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../electron/ipc/contract';
import { english } from '../../../electron/common/i18n/message';
import {
  chargeUnknown,
  chargeWords,
  foldName,
  groupByMonth,
  groupsByMonth,
  monthFacts,
  monthKey,
  monthTitle,
  searchJobs,
  shownWords,
  thisMonth,
  twiceWords,
} from '../../../renderer/src/features/jobs/list/history';
import { chargeLine } from '../../../renderer/src/features/jobs/money/charge-words';
import { parseMoney, sumMicros } from '../../../electron/common/money';

const { t } = english;

type Job = Pick<
  JobView,
  | 'id'
  | 'fileName'
  | 'createdAt'
  | 'unique'
  | 'chargedMicros'
  | 'paid'
  | 'failure'
  | 'mayBeChargedTwice'
>;

const NONE_TWICE = { addresses: 0, inFlightAtStop: 0, lostOnTheWay: 0, stops: 0, upToMicros: 0 };

// Mid-month at noon UTC: the same month in every time zone the tests run in.
function job(id: string, createdAt: string, over: Partial<Job> = {}): Job {
  return {
    id,
    fileName: `${id}.csv`,
    createdAt,
    unique: 100,
    chargedMicros: 100_000,
    paid: 100,
    failure: null,
    mayBeChargedTwice: NONE_TWICE,
    ...over,
  };
}

describe('searchJobs', () => {
  const jobs = [
    job('a', '2026-11-15T12:00:00.000Z', { fileName: 'Clients Été 2026.csv' }),
    job('b', '2026-11-14T12:00:00.000Z', { fileName: 'CAFÉ newsletter.xlsx' }),
    job('c', '2026-10-15T12:00:00.000Z', { fileName: 'leads-october.csv' }),
  ];

  it('sets case and accents aside, on both sides', () => {
    expect(searchJobs(jobs, 'ete').map((j) => j.id)).toEqual(['a']);
    expect(searchJobs(jobs, 'ÉTÉ').map((j) => j.id)).toEqual(['a']);
    expect(searchJobs(jobs, 'café').map((j) => j.id)).toEqual(['b']);
    expect(searchJobs(jobs, 'Cafe').map((j) => j.id)).toEqual(['b']);
    expect(foldName('Ça Marche')).toBe('ca marche');
  });

  it('matches any part of the name, keeps the order, and an empty query keeps every job', () => {
    expect(searchJobs(jobs, '.csv').map((j) => j.id)).toEqual(['a', 'c']);
    expect(searchJobs(jobs, '  leads ').map((j) => j.id)).toEqual(['c']);
    expect(searchJobs(jobs, '   ')).toEqual(jobs);
    expect(searchJobs(jobs, 'march')).toEqual([]);
  });

  it('counts what a search shows against every job', () => {
    expect(shownWords(3, 12, true, t)).toBe('3 of 12 jobs');
    expect(shownWords(0, 1, true, t)).toBe('0 of 1 job');
    expect(shownWords(12, 12, true, t)).toBe('12 of 12 jobs');
    expect(shownWords(12, 12, false, t)).toBe('12 jobs');
  });
});

describe('groupByMonth', () => {
  it('groups by month of creation, newest month and newest job first, with each month’s totals', () => {
    const groups = groupByMonth(
      [
        job('oct', '2026-10-15T12:00:00.000Z', { unique: 40, chargedMicros: 40_000 }),
        job('nov-early', '2026-11-03T12:00:00.000Z', { unique: 250, chargedMicros: 250_000 }),
        job('nov-late', '2026-11-25T12:00:00.000Z', { unique: 1_000, chargedMicros: 1_000_000 }),
        job('dec-last-year', '2025-12-15T12:00:00.000Z'),
      ],
      'en-US',
    );
    expect(groups.map((g) => [g.key, g.label, g.jobs.map((j) => j.id)])).toEqual([
      ['2026-11', 'November 2026', ['nov-late', 'nov-early']],
      ['2026-10', 'October 2026', ['oct']],
      ['2025-12', 'December 2025', ['dec-last-year']],
    ]);
    expect(groups[0]).toMatchObject({ addresses: 1_250, chargedMicros: 1_250_000 });
    expect(monthFacts(groups[0] as (typeof groups)[number], t)).toBe(
      '1,250 addresses · $1.25 charged',
    );
    expect(monthFacts(groups[1] as (typeof groups)[number], t)).toBe(
      '40 addresses · $0.04 charged',
    );
    // The heading that folds a month says how many lists it holds.
    expect(monthTitle(groups[0] as (typeof groups)[number], t)).toBe('November 2026 · 2 lists');
    expect(monthTitle(groups[1] as (typeof groups)[number], t)).toBe('October 2026 · 1 list');
  });

  it('groups only jobs of more than one month: one month alone is a plain list', () => {
    const at = (iso: string) => ({ createdAt: iso });
    expect(groupsByMonth([])).toBe(false);
    expect(groupsByMonth([at('2026-11-03T12:00:00.000Z'), at('2026-11-25T12:00:00.000Z')])).toBe(
      false,
    );
    expect(groupsByMonth([at('2026-11-03T12:00:00.000Z'), at('2026-10-15T12:00:00.000Z')])).toBe(
      true,
    );
  });

  it('reads the month in the user’s time zone', () => {
    const at = new Date(2026, 10, 30, 23, 30).toISOString();
    expect(monthKey(at)).toBe('2026-11');
    expect(monthKey(new Date(2026, 11, 1, 0, 15).toISOString())).toBe('2026-12');
  });

  it('never adds a charge that is not known: it says so', () => {
    const [month] = groupByMonth([
      job('known', '2026-11-20T12:00:00.000Z', { chargedMicros: 2_500_000 }),
      // Paid for, but the price was never learned.
      job('no-price', '2026-11-19T12:00:00.000Z', { chargedMicros: null, paid: 80 }),
      // Never started: nothing charged.
      job('draft', '2026-11-18T12:00:00.000Z', { chargedMicros: null, paid: 0 }),
    ]);
    expect(month).toMatchObject({ chargedMicros: 2_500_000, unknownCharges: 1 });
    expect(monthFacts(month as NonNullable<typeof month>, t)).toBe(
      '300 addresses · $2.50 charged, plus 1 job whose charge is not known',
    );
  });

  it('adds what its jobs may have been charged twice, as an amount or, with a price unknown, a count', () => {
    const twice = (addresses: number, upToMicros: number | null) => ({
      ...NONE_TWICE,
      addresses,
      inFlightAtStop: addresses,
      stops: 1,
      upToMicros,
    });
    const [priced] = groupByMonth([
      job('killed', '2026-11-20T12:00:00.000Z', { mayBeChargedTwice: twice(100, 100_000) }),
      job('lost', '2026-11-19T12:00:00.000Z', { mayBeChargedTwice: twice(4, 4_000) }),
      job('calm', '2026-11-18T12:00:00.000Z'),
    ]);
    expect(priced?.twice).toEqual({ addresses: 104, upToMicros: 104_000, unpriced: false });
    expect(monthFacts(priced as NonNullable<typeof priced>, t)).toBe(
      '300 addresses · $0.30 charged · up to $0.104 possibly charged twice',
    );
    const [unpriced] = groupByMonth([
      job('killed', '2026-11-20T12:00:00.000Z', { mayBeChargedTwice: twice(100, 100_000) }),
      job('no-price', '2026-11-19T12:00:00.000Z', { mayBeChargedTwice: twice(1, null) }),
    ]);
    expect(twiceWords((unpriced as NonNullable<typeof unpriced>).twice, t)).toBe(
      '101 addresses possibly charged twice',
    );
    expect(twiceWords({ addresses: 0, upToMicros: 0, unpriced: false }, t)).toBeNull();
    // The Account screen's month is the one now falls in.
    const now = Date.parse('2026-11-21T12:00:00.000Z');
    expect(thisMonth([job('oct', '2026-10-15T12:00:00.000Z')], now)).toBeNull();
    expect(thisMonth([job('nov', '2026-11-15T12:00:00.000Z')], now)?.key).toBe('2026-11');
  });

  it('words a month with nothing charged, or nothing known', () => {
    const words = (chargedMicros: number, unknownCharges: number) =>
      chargeWords({ chargedMicros, unknownCharges, decimals: 2 }, t);
    expect(words(0, 0)).toBe('nothing charged');
    expect(words(0, 2)).toBe('charge unknown');
    expect(words(1_000_000, 3)).toBe('$1.00 charged, plus 3 jobs whose charge is not known');
  });

  it('shows a month and its rows at one precision, so the rows add up to the month as shown', () => {
    // The issue's `history-folded`: "$0.04 charged" over $0.02, "< $0.01" and $0.01.
    const [month] = groupByMonth([
      job('a', '2026-12-10T12:00:00.000Z', { chargedMicros: 20_000 }),
      job('b', '2026-12-09T12:00:00.000Z', { chargedMicros: 4_000 }),
      job('c', '2026-12-08T12:00:00.000Z', { chargedMicros: 10_000 }),
      job('d', '2026-11-08T12:00:00.000Z', { chargedMicros: 1_203_333 }),
    ]);
    const december = month as NonNullable<typeof month>;
    expect(december.decimals).toBe(3);
    expect(chargeWords(december, t)).toBe('$0.034 charged');
    const rows = december.jobs.map((j) =>
      chargeLine({ ...j, state: 'done' }, t, december.decimals),
    );
    expect(rows.map((r) => r?.amount)).toEqual(['$0.020', '$0.004', '$0.010']);
    // Read back as shown, the rows are the month to the micro.
    const shown = rows.map((r) => parseMoney(r?.amount ?? '', 'en-US') ?? NaN);
    expect(sumMicros(shown)).toBe(parseMoney('$0.034', 'en-US'));
  });

  it('gives each month its own precision: an odd micro in one does not lengthen the others', () => {
    const [december, november] = groupByMonth([
      job('a', '2026-12-10T12:00:00.000Z', { chargedMicros: 20_000 }),
      job('b', '2026-11-08T12:00:00.000Z', { chargedMicros: 1_203_333 }),
      job('c', '2026-11-07T12:00:00.000Z', { chargedMicros: 3_013_333 }),
    ]);
    expect(december?.decimals).toBe(2);
    expect(november?.decimals).toBe(6);
    expect(chargeWords(november as NonNullable<typeof november>, t)).toBe('$4.216666 charged');
  });

  it('counts an answer lost on the way as a charge not known, even at a known price', () => {
    const lost = { code: 'network', message: 'Lost.', charged: 'unknown' as const, retry: true };
    expect(chargeUnknown({ chargedMicros: 10_000, paid: 10, failure: lost })).toBe(true);
    expect(chargeUnknown({ chargedMicros: 10_000, paid: 10, failure: null })).toBe(false);
    expect(chargeUnknown({ chargedMicros: null, paid: 0, failure: null })).toBe(false);
  });
});
