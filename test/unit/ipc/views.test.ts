// The views built for the window from what the core keeps (the review's
// bounds have their own suite, review-clip.test.ts).
import { describe, expect, it } from 'vitest';
import { estimateView, settingsView } from '../../../electron/ipc/views';
import { planJob } from '../../../electron/jobs/plan';
import { contract } from '../../../electron/ipc/contract';

describe('the settings view', () => {
  it('shows the window the three settings it may change, nothing of the account', () => {
    const view = settingsView({
      version: 1,
      baseUrl: 'https://api.example.test',
      theme: 'dark',
      pollIntervalSeconds: 60,
      account: 'key',
    });
    expect(view).toEqual({
      baseUrl: 'https://api.example.test',
      theme: 'dark',
      pollIntervalSeconds: 60,
    });
    expect(contract['settings:get'].output.safeParse(view).success).toBe(true);
  });
});

describe('the estimate view', () => {
  const estimate = (unique: number) => ({
    unique,
    unitPriceMicros: 2_000,
    estimateMicros: unique * 2_000,
    balanceMicros: 5_000_000,
  });

  it.each([0, 1, 100, 999, 1_000, 1_001, 250_000])(
    'names the route the planner takes for %i unique addresses',
    (unique) => {
      const view = estimateView(estimate(unique));
      const plan = planJob(unique, 'email', () => 24);
      expect(view.route).toBe(plan.bulk.length > 0 ? 'bulk' : 'multi');
      expect(view).toEqual({ ...estimate(unique), route: view.route });
      expect(contract['job:estimate'].output.safeParse(view).success).toBe(true);
    },
  );

  it('sends 999 addresses by multi checks and 1,000 in a bulk task', () => {
    expect(estimateView(estimate(999)).route).toBe('multi');
    expect(estimateView(estimate(1_000)).route).toBe('bulk');
  });
});
