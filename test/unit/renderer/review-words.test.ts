// The review's sentences about money and samples: the Start button, the
// question before going over the spending limit, the reused answers, where
// the price comes from, and the sample's projection with its interval.
import { describe, expect, it } from 'vitest';
import type { EstimateView, SampleView } from '../../../electron/common/views/views';
import {
  checkedWhen,
  overLimitText,
  priceSourceWords,
  reusedLine,
  routeNote,
  sampleLine,
  startLabel,
} from '../../../renderer/src/features/import/review/review-words';
import { defaultSkip } from '../../../renderer/src/state/ui-store';
import { queryKeys } from '../../../renderer/src/api/query-keys';
import { formatPercentRange, formatUsd, formatUsdExact } from '../../../renderer/src/format';
import { english } from '../../../electron/common/i18n/message';

const { t } = english;

function estimate(over: Partial<EstimateView> = {}): EstimateView {
  return {
    unique: 120,
    toSend: 84,
    skipped: { disposable: 4, noMail: 2, role: 0 },
    reused: { count: 30, days: 30, oldest: null, newest: null },
    sampled: 0,
    withheld: { suppressed: [], blocked: [], allowed: [] },
    unitPriceMicros: 1_000,
    priceSource: 'known',
    estimateMicros: 84_000,
    savings: {
      cleanedMicros: 3_000,
      skippedMicros: 6_000,
      reusedMicros: 30_000,
      withheldMicros: 0,
    },
    limitMicros: null,
    overLimit: false,
    balanceMicros: 25_000_000,
    route: 'multi',
    coverage: null,
    bulkTasks: 0,
    ...over,
  };
}

const sample: SampleView = {
  product: 'email',
  size: 100,
  deliverable: 82,
  undeliverable: 15,
  unknown: 3,
  share: 0.82,
  low: 0.738,
  high: 0.884,
  chargedMicros: 97_000,
  checkedAt: '2026-03-03T12:00:00.000Z',
};

describe('startLabel', () => {
  it('counts what is sent once the estimate says, the unique addresses before', () => {
    expect(startLabel(120, undefined, t)).toBe('Check 120 addresses');
    expect(startLabel(120, estimate(), t)).toMatch(/^Check 84 addresses · up to \$0\.084$/);
    expect(startLabel(120, estimate({ estimateMicros: 419_001 }), t)).toBe(
      'Check 84 addresses · up to $0.419001',
    );
    expect(startLabel(120, estimate({ estimateMicros: null }), t)).toBe('Check 84 addresses');
    expect(startLabel(1, estimate({ toSend: 1, estimateMicros: null }), t)).toBe('Check 1 address');
    expect(startLabel(120, estimate({ toSend: 0 }), t)).toBe('Finish without paying');
  });
});

describe('overLimitText', () => {
  it('names the estimate and the limit', () => {
    expect(
      overLimitText(
        estimate({ estimateMicros: 12_000_000, limitMicros: 10_000_000, overLimit: true }),
        t,
      ),
    ).toBe('This list is estimated at up to $12.00, over your limit of $10.00 per job.');
  });

  it('says when the cost cannot be told against the limit', () => {
    expect(
      overLimitText(
        estimate({ estimateMicros: null, limitMicros: 10_000_000, overLimit: true }),
        t,
      ),
    ).toBe(
      'The price per address is not known yet, so this list’s cost cannot be checked against your limit of $10.00 per job.',
    );
  });
});

describe('priceSourceWords', () => {
  it('says where the price per address comes from', () => {
    expect(priceSourceWords('known', true, t)).toBe('The demo account’s price');
    expect(priceSourceWords('known', false, t)).toBe('The service’s published price');
    expect(priceSourceWords('learned', false, t)).toMatch(/charge on your account/);
    expect(priceSourceWords('entered', false, t)).toMatch(/entered in Settings/);
    expect(priceSourceWords(null, false, t)).toBeNull();
  });
});

describe('reusedLine', () => {
  it('says how many were reused, within which window, and when they were checked', () => {
    expect(reusedLine({ count: 30, days: 30, oldest: null, newest: null }, t)).toBe(
      '30 addresses checked in the last 30 days: reused, free.',
    );
    const line = reusedLine(
      {
        count: 1,
        days: 7,
        oldest: '2026-03-03T12:00:00.000Z',
        newest: '2026-03-05T12:00:00.000Z',
      },
      t,
    );
    expect(line).toMatch(
      /^1 address checked in the last 7 days: reused, free\. Last checked between /,
    );
  });

  it('names one day when the oldest and newest fall on it', () => {
    expect(checkedWhen('2026-03-03T10:00:00.000Z', '2026-03-03T11:00:00.000Z', t)).toMatch(/^on /);
    expect(checkedWhen(null, '2026-03-03T11:00:00.000Z', t)).toBeNull();
  });
});

describe('sampleLine', () => {
  it('projects the deliverable share with its 95% interval and the sample size', () => {
    expect(sampleLine(sample, t)).toBe('82% deliverable (95%: 74–88%) from a sample of 100');
  });

  it('keeps a decimal for small shares', () => {
    expect(formatPercentRange(0.045, 0.098, 'en-US')).toBe('4.5–9.8%');
    expect(formatPercentRange(0, 0.036, 'en-US')).toBe('0–4%');
  });
});

describe('money in the window', () => {
  it('shows every amount exactly: two decimals at least, more where it needs them', () => {
    expect(formatUsd(4_000, 'en-US')).toBe('$0.004');
    expect(formatUsd(30_000, 'en-US')).toBe('$0.03');
    expect(formatUsd(30_000, 'en-US', 3)).toBe('$0.030');
    expect(formatUsd(0, 'en-US')).toBe('$0.00');
    expect(formatUsdExact(4_000, 'en-US')).toBe('$0.004');
  });
});

describe('the “Don’t pay for” choice', () => {
  it('leaves out throw-away domains and domains without mail by default, not role addresses', () => {
    expect(defaultSkip()).toEqual({ disposable: true, noMail: true, role: false });
  });

  it('is part of the estimate’s cache key, so a change is estimated again', () => {
    const a = queryKeys.jobs.estimate('job-1', 'email', defaultSkip());
    const b = queryKeys.jobs.estimate('job-1', 'email', { ...defaultSkip(), role: true });
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    expect(a.slice(0, 3)).toEqual([...queryKeys.jobs.estimatesOf('job-1')]);
  });
});

describe('routeNote', () => {
  it('says how the addresses go, and in how many bulk tasks past one', () => {
    expect(routeNote(estimate(), t)).toBe('Checked right away, up to 100 addresses at a time.');
    expect(routeNote(estimate({ route: 'bulk', bulkTasks: 1 }), t)).toMatch(
      /^Sent as a bulk task: /,
    );
    expect(routeNote(estimate({ route: 'bulk', bulkTasks: 20 }), t)).toMatch(
      /^Sent in 20 bulk tasks: the service usually needs a few minutes\./,
    );
  });
});
