// The money and counts a job's row and details show: the sum of a done job's
// rows adds up to the file's rows term by term (and shows a gap when the
// counts do not), the charge of a running job is an amount or says when it
// comes (never "not known"), and the row's one action follows the job's state.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../electron/ipc/contract';
import { english } from '../../../electron/common/i18n/message';
import { primaryAction } from '../../../renderer/src/features/jobs/actions/primary-action';
import { chargeLine } from '../../../renderer/src/features/jobs/money/charge-words';
import { rowSum } from '../../../renderer/src/features/jobs/money/row-sum';
import { jobView } from './job-view';

const { t } = english;

interface Made {
  paid: number;
  noAnswer: number;
  reused: number;
  disposable: number;
  role: number;
  noMail: number;
  notCovered: number;
  duplicates: number;
  invalid: number;
  empty: number;
}

/**
 * A done job built as main counts one: each address has one outcome, reused
 * and paid answers split between deliverable and undeliverable (a reused
 * answer may be unknown too), noMail among the undeliverable, and the file's
 * rows every address plus its repeats and its cells that are no address.
 */
function doneJob(m: Made, over: Partial<JobView> = {}): JobView {
  const reusedUnknown = Math.floor(m.reused / 5);
  const reusedKnown = m.reused - reusedUnknown;
  const deliverable = Math.ceil(m.paid / 2) + Math.ceil(reusedKnown / 2);
  const undeliverable = Math.floor(m.paid / 2) + Math.floor(reusedKnown / 2) + m.noMail;
  const unknown = m.noAnswer + reusedUnknown;
  const unique = deliverable + undeliverable + unknown + m.disposable + m.role + m.notCovered;
  return jobView({
    state: 'done',
    rows: unique + m.duplicates + m.invalid + m.empty,
    unique,
    checked: unique,
    deliverable,
    undeliverable,
    unknown,
    paid: m.paid,
    reused: m.reused,
    disposable: m.disposable,
    role: m.role,
    noMail: m.noMail,
    notCovered: m.notCovered,
    duplicates: m.duplicates,
    invalid: m.invalid,
    empty: m.empty,
    unitPriceMicros: 1_000,
    chargedMicros: m.paid * 1_000,
    ...over,
  });
}

const none: Made = {
  paid: 0,
  noAnswer: 0,
  reused: 0,
  disposable: 0,
  role: 0,
  noMail: 0,
  notCovered: 0,
  duplicates: 0,
  invalid: 0,
  empty: 0,
};

describe('rowSum', () => {
  it.each<[string, Partial<Made>]>([
    ['every address paid', { paid: 400 }],
    ['nothing paid: all reused', { reused: 140 }],
    ['an empty file of repeats and blanks', { duplicates: 3, empty: 2 }],
    ['some without an answer', { paid: 90, noAnswer: 10 }],
    [
      'every kind at once',
      {
        paid: 1_000,
        noAnswer: 7,
        reused: 101,
        disposable: 12,
        role: 5,
        noMail: 3,
        notCovered: 200,
        duplicates: 44,
        invalid: 9,
        empty: 1,
      },
    ],
    ['a million rows', { paid: 812_345, reused: 150_000, duplicates: 37_000, invalid: 655 }],
  ])('%s: the terms add up to the file’s rows', (_name, counts) => {
    const made = { ...none, ...counts };
    const job = doneJob(made);
    const sum = rowSum(job);
    expect(sum.checked + sum.reused + sum.leftOut + sum.repeats + sum.notAddresses).toBe(job.rows);
    expect(sum.total).toBe(job.rows);
    expect(sum.gap).toBe(0);
    // Each term is the one the job was built with.
    expect(sum).toMatchObject({
      checked: made.paid + made.noAnswer,
      paid: made.paid,
      noAnswer: made.noAnswer,
      reused: made.reused,
      leftOut: made.disposable + made.role + made.noMail + made.notCovered,
      repeats: made.duplicates,
      notAddresses: made.invalid + made.empty,
    });
    // And the paid term is what was charged, at the price shown.
    expect(sum.paid * (job.unitPriceMicros ?? 0)).toBe(job.chargedMicros);
  });

  it('shows the gap when the counts do not reach the file’s rows, rather than hiding it', () => {
    const job = doneJob({ ...none, paid: 10, duplicates: 2 });
    const short = rowSum({ ...job, rows: job.rows + 3 });
    expect(short.gap).toBe(-3);
    expect(short.total).toBe(job.rows);
  });
});

describe('chargeLine', () => {
  it('shows what a running job has charged so far, as an amount', () => {
    const line = chargeLine(jobView({ state: 'checking', paid: 100, chargedMicros: 100_000 }), t);
    expect(line).toEqual({ amount: '$0.10', exact: '$0.10', note: 'charged so far' });
  });

  it('says what was paid and that the charge follows when no price is known yet', () => {
    const line = chargeLine(jobView({ state: 'waiting', paid: 300, chargedMicros: null }), t);
    expect(line?.amount).toBeNull();
    expect(line?.note).toBe('300 paid checks: the charge shows once the service reports its price');
    expect(line?.note).not.toMatch(/not known/);
  });

  it('shows $0.00 for a job that has paid for nothing yet, and nothing for a draft', () => {
    expect(chargeLine(jobView({ state: 'queued', chargedMicros: null }), t)?.amount).toBe('$0.00');
    expect(chargeLine(jobView({ state: 'draft', chargedMicros: null }), t)).toBeNull();
    expect(chargeLine(jobView({ state: 'draft', chargedMicros: 3_000 }), t)?.note).toBe(
      'for the sample',
    );
  });

  it('says a lost answer may have cost a little more', () => {
    const lost = { code: 'network', message: 'Lost.', charged: 'unknown' as const, retry: true };
    const line = chargeLine(
      jobView({ state: 'failed', paid: 5, chargedMicros: 5_000, failure: lost }),
      t,
    );
    expect(line?.amount).toBe('$0.005');
    expect(line?.note).toMatch(/^charged, perhaps a little more/);
  });
});

describe('primaryAction', () => {
  const hold = { reason: 'stopped' as const, message: 'Stopped.' };
  const failure = (code: string) => ({
    code,
    message: 'Why.',
    charged: 'no' as const,
    retry: true,
  });
  it.each<[string, Partial<JobView>, ReturnType<typeof primaryAction>]>([
    ['a draft', { state: 'draft' }, 'review'],
    ['running here', { state: 'checking', running: true }, 'stop'],
    ['queued', { state: 'queued' }, 'stop'],
    ['stopping', { state: 'checking', running: true, hold }, null],
    ['stopped by the user', { state: 'checking', hold }, 'continue'],
    ['paused outside', { state: 'waiting', paused: true }, 'continue'],
    ['run elsewhere', { state: 'checking', elsewhere: 'the list-cleaner command' }, null],
    ['failed, mendable', { state: 'failed', failure: failure('network') }, 'try-again'],
    ['refused for coverage', { state: 'failed', failure: failure('avatar_coverage') }, 'run-rest'],
    ['failed for good', { state: 'failed', failure: failure('job_folder_gone') }, null],
    ['done', { state: 'done' }, 'results'],
  ])('%s: %s', (_name, over, action) => {
    expect(primaryAction(jobView(over))).toBe(action);
  });
});
