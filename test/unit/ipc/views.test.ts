// The views built for the window from what the core keeps (the review's
// bounds have their own suite, review-clip.test.ts).
import { describe, expect, it } from 'vitest';
import { estimateView } from '../../../electron/ipc/jobs/views';
import { settingsView } from '../../../electron/ipc/settings/views';
import { planJob } from '../../../electron/jobs/run/plan';
import { contract } from '../../../electron/ipc/contract';

describe('the settings view', () => {
  it('shows the window the settings it may change, nothing of the account', () => {
    const view = settingsView(
      {
        version: 1,
        baseUrl: 'https://api.example.test',
        billingUrl: 'https://example.test/billing',
        theme: 'dark',
        language: 'de',
        pollIntervalSeconds: 60,
        reuseDays: 30,
        recheckDays: 90,
        patienceHours: 12,
        bounceGatePercent: 2,
        askAgainDelays: [1_800, 14_400, 86_400],
        maxSpendMicros: 5_000_000,
        enteredPrices: { email: 1_500, avatar: null },
        account: 'key',
        teamUrl: 'postgres://team@db.example.test:5432/list_cleaner',
        teamRootCert: '/home/me/ca.pem',
      },
      'de',
      'fr',
    );
    expect(view).toEqual({
      language: 'de',
      languageChoice: 'de',
      systemLanguage: 'fr',
      baseUrl: 'https://api.example.test',
      billingUrl: 'https://example.test/billing',
      theme: 'dark',
      pollIntervalSeconds: 60,
      reuseDays: 30,
      maxSpendMicros: 5_000_000,
      enteredPrices: { email: 1_500, avatar: null },
      recheckDays: 90,
      patienceHours: 12,
    });
    expect(contract['settings:get'].output.safeParse(view).success).toBe(true);
  });
});

describe('the estimate view', () => {
  const estimate = (unique: number) => ({
    unique,
    toSend: unique,
    skipped: { disposable: 0, noMail: 0, role: 0 },
    reused: { count: 0, days: 30, oldest: null, newest: null },
    sampled: 0,
    withheld: { suppressed: [], blocked: [], allowed: [] },
    unitPriceMicros: 2_000,
    priceSource: 'learned' as const,
    estimateMicros: unique * 2_000,
    savings: { cleanedMicros: 0, skippedMicros: 0, reusedMicros: 0, withheldMicros: 0 },
    limitMicros: null,
    overLimit: false,
    balanceMicros: 5_000_000,
    bulkTasks: planJob(unique, 'email', () => 24).bulk.length,
    coverage: null,
  });

  it.each([0, 1, 100, 999, 1_000, 1_001, 250_000])(
    'names the route the planner takes for %i addresses sent',
    (unique) => {
      const given = estimate(unique);
      const view = estimateView(given);
      expect(view.route).toBe(given.bulkTasks > 0 ? 'bulk' : 'multi');
      expect(view).toEqual({ ...given, route: view.route });
      expect(contract['job:estimate'].output.safeParse(view).success).toBe(true);
    },
  );

  it('sends 999 addresses by multi checks and 1,000 in a bulk task', () => {
    expect(estimateView(estimate(999)).route).toBe('multi');
    expect(estimateView(estimate(1_000)).route).toBe('bulk');
  });

  it('says how many bulk tasks a list past the file limits of the service takes', () => {
    expect(estimateView(estimate(999)).bulkTasks).toBe(0);
    expect(estimateView(estimate(500_000)).bulkTasks).toBe(1);
    expect(estimateView(estimate(10_000_000)).bulkTasks).toBe(20);
  });
});
