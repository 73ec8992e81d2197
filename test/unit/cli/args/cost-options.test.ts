// The cost flags of `clean` and `resume` as parsed, and the lines `clean`
// prints before anything is paid: pure functions, no service.
import { describe, expect, it } from 'vitest';
import { UsageError, type Values } from '../../../../electron/cli/args/args';
import { coverageLine, estimateLines } from '../../../../electron/cli/output/cost-lines';
import {
  costChoicesOf,
  parseIgnore,
  parseMaxSpend,
  parseReuseDays,
  parseSkip,
} from '../../../../electron/cli/args/cost-options';
import type { Estimate } from '../../../../electron/jobs/start';
import { english } from '../../../../electron/common/i18n/message';

const { t } = english;

describe('--skip', () => {
  it('defaults to disposable and no-mail-server, as the review does', () => {
    expect(parseSkip(undefined)).toEqual({ disposable: true, noMail: true, role: false });
  });

  it('takes the kinds comma-separated, in any order and case, or none', () => {
    expect(parseSkip('role')).toEqual({ disposable: false, noMail: false, role: true });
    expect(parseSkip('Role, disposable,no-mail-server')).toEqual({
      disposable: true,
      noMail: true,
      role: true,
    });
    expect(parseSkip('none')).toEqual({ disposable: false, noMail: false, role: false });
  });

  it.each(['spam', 'disposable,spam', 'none,role', '', ','])(
    'refuses %j, naming the kinds it takes',
    (value) => {
      expect(() => parseSkip(value)).toThrow(UsageError);
      expect(() => parseSkip(value)).toThrow(/disposable, no-mail-server, role .* or none/);
    },
  );

  it('names the unknown kind', () => {
    expect(() => parseSkip('disposable,spam')).toThrow(/--skip does not know "spam"/);
  });
});

describe('--reuse-days', () => {
  it('takes whole days from 0 to 365', () => {
    expect(parseReuseDays(undefined)).toBeUndefined();
    expect(parseReuseDays('0')).toBe(0);
    expect(parseReuseDays('7')).toBe(7);
    expect(parseReuseDays('365')).toBe(365);
  });

  it.each(['366', '-1', '1.5', 'a week', '', '1e2'])('refuses %j', (value) => {
    expect(() => parseReuseDays(value)).toThrow(/--reuse-days takes a whole number of days/);
  });
});

describe('--max-spend', () => {
  it('reads USD into micros from the digits, never through a float', () => {
    expect(parseMaxSpend(undefined)).toBeUndefined();
    expect(parseMaxSpend('25')).toBe(25_000_000);
    expect(parseMaxSpend('12.50')).toBe(12_500_000);
    expect(parseMaxSpend('0.3')).toBe(300_000);
    expect(parseMaxSpend('.05')).toBe(50_000);
    expect(parseMaxSpend('0.000001')).toBe(1);
    expect(parseMaxSpend('1000000')).toBe(1_000_000_000_000);
    expect(parseMaxSpend('none')).toBeNull();
  });

  it.each(['0', '0.0000001', '-5', '1,5', '$5', '5 USD', '1e3', '1000000.01', 'lots', ''])(
    'refuses %j',
    (value) => {
      expect(() => parseMaxSpend(value)).toThrow(/--max-spend takes an amount in USD above 0/);
    },
  );
});

describe('the choices of one clean', () => {
  const values = (v: Partial<Values>) => v as Values;
  const app = { reuseDays: 14, maxSpendMicros: 5_000_000 };

  it('takes the app’s settings for the flags not given', () => {
    expect(costChoicesOf(values({}), app)).toEqual({
      skip: { disposable: true, noMail: true, role: false },
      reuseDays: 14,
      limitMicros: 5_000_000,
      others: 'skip',
      ignore: { suppression: false, rules: false },
    });
  });

  it('a flag wins over the setting; --max-spend none lifts the app’s limit', () => {
    expect(
      costChoicesOf(values({ 'reuse-days': '0', 'max-spend': 'none', skip: 'role' }), app),
    ).toEqual({
      skip: { disposable: false, noMail: false, role: true },
      reuseDays: 0,
      limitMicros: null,
      others: 'skip',
      ignore: { suppression: false, rules: false },
    });
  });
});

describe('--ignore', () => {
  it('applies the suppression list and the rules unless told', () => {
    expect(parseIgnore(undefined)).toEqual({ suppression: false, rules: false });
    expect(parseIgnore('suppression')).toEqual({ suppression: true, rules: false });
    expect(parseIgnore(' Rules , suppression ')).toEqual({ suppression: true, rules: true });
  });

  it('refuses what it does not know, naming it', () => {
    expect(() => parseIgnore('bounces')).toThrow(UsageError);
    expect(() => parseIgnore('bounces')).toThrow(/"bounces".*suppression or rules/);
    expect(() => parseIgnore(',')).toThrow(/--ignore takes/);
  });
});

const estimate = (more: Partial<Estimate> = {}): Estimate => ({
  unique: 10,
  toSend: 5,
  skipped: { disposable: 2, noMail: 1, role: 0 },
  reused: { count: 2, days: 30, oldest: null, newest: null },
  sampled: 0,
  withheld: { suppressed: [], blocked: [], allowed: [] },
  unitPriceMicros: 1_000,
  priceSource: 'learned',
  estimateMicros: 5_000,
  savings: { cleanedMicros: 2_000, skippedMicros: 3_000, reusedMicros: 2_000, withheldMicros: 0 },
  limitMicros: null,
  overLimit: false,
  balanceMicros: 25_000_000,
  bulkTasks: 0,
  coverage: null,
  ...more,
});

describe('the lines before the start', () => {
  it('say what is reused, not paid for, sent, and saved, in money', () => {
    expect(estimateLines(estimate(), t)).toEqual([
      '2 checked in the last 30 days: reused, free.',
      'Not paid for (--skip): 2 disposable, 1 at a domain with no mail server (undeliverable).',
      'Sending 5 of 10 addresses. Estimated charge $0.005; balance $25.000, after it at least $24.995.',
      'Not paid for, thanks to the free steps: $0.002 for invalid addresses and repeats, $0.003 for addresses you chose not to pay for, $0.002 for answers reused.',
    ]);
  });

  it('leave out what there is not, and say when the price is not known yet', () => {
    expect(
      estimateLines(
        estimate({
          skipped: { disposable: 0, noMail: 0, role: 0 },
          reused: { count: 0, days: 30, oldest: null, newest: null },
          estimateMicros: null,
          unitPriceMicros: null,
          savings: null,
          limitMicros: 1_500_000,
        }),
        t,
      ),
    ).toEqual([
      'Sending 5 of 10 addresses; the price is not known yet (it is learned from the first charge, or entered in the app’s Settings). Spending limit $1.50.',
    ]);
  });

  it('say, for Email + avatar, the coverage groups and what each costs', () => {
    const coverage = {
      covered: { count: 1_000, costMicros: 3_000_000 },
      outside: { count: 200, costMicros: 0, others: 'skip' as const },
      unknown: { count: 20, costMicros: 60_000 },
    };
    expect(coverageLine(estimate({ coverage }), t)).toBe(
      'Avatar coverage: 1,000 at covered providers ($3.00); 200 at providers it does not cover: not sent, free (--others email checks them with Email); 20 at domains not known yet, by multi checks (up to $0.06): uncovered ones come back without a result, free.',
    );
    const email = {
      ...coverage,
      outside: { count: 200, costMicros: 200_000, others: 'email' as const },
    };
    expect(coverageLine(estimate({ coverage: email }), t)).toContain(
      '200 at providers it does not cover, checked with Email ($0.20)',
    );
    expect(coverageLine(estimate(), t)).toBeNull();
    expect(estimateLines(estimate({ coverage }), t)[2]).toMatch(/^Avatar coverage: /);
  });

  it('say when nothing is sent', () => {
    expect(
      estimateLines(
        estimate({
          toSend: 0,
          reused: { count: 1, days: 1, oldest: null, newest: null },
          skipped: { disposable: 0, noMail: 3, role: 4 },
          savings: { cleanedMicros: 0, skippedMicros: 0, reusedMicros: 0, withheldMicros: 0 },
        }),
        t,
      ),
    ).toEqual([
      '1 checked in the last day: reused, free.',
      'Not paid for (--skip): 4 role, 3 at domains with no mail server (undeliverable).',
      'Nothing to send: every address is answered for free.',
    ]);
  });
});
