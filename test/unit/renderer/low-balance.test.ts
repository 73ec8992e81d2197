// When the header warns that the balance is low: under 1 USD, or under the
// estimate of the list being reviewed, which says more and so comes first.
import { describe, expect, it } from 'vitest';
import { LOW_BALANCE_MICROS, lowBalance } from '../../../renderer/src/features/balance/low-balance';

const USD = 1_000_000;

describe('lowBalance', () => {
  it('puts the floor at one dollar', () => {
    expect(LOW_BALANCE_MICROS).toBe(1 * USD);
  });

  it.each([[0], [1], [0.5 * USD], [USD - 1], [-2 * USD]])(
    'warns under the floor with no list under review: %i micros',
    (balance) => {
      expect(lowBalance(balance, null)).toEqual({ reason: 'floor', thresholdMicros: USD });
    },
  );

  it.each([[USD], [USD + 1], [250 * USD]])(
    'stays quiet at or above the floor with no list under review: %i micros',
    (balance) => {
      expect(lowBalance(balance, null)).toBeNull();
    },
  );

  it('warns when the balance is under what the list is estimated to cost', () => {
    expect(lowBalance(5 * USD, 6 * USD)).toEqual({ reason: 'estimate', thresholdMicros: 6 * USD });
    expect(lowBalance(6 * USD - 1, 6 * USD)).toEqual({
      reason: 'estimate',
      thresholdMicros: 6 * USD,
    });
  });

  it('is quiet when the balance covers the estimate exactly', () => {
    expect(lowBalance(6 * USD, 6 * USD)).toBeNull();
  });

  it('names the estimate rather than the floor when both are short', () => {
    expect(lowBalance(0.5 * USD, 0.8 * USD)).toEqual({
      reason: 'estimate',
      thresholdMicros: 0.8 * USD,
    });
  });

  it('still warns under the floor when a small list is covered', () => {
    expect(lowBalance(0.5 * USD, 0.2 * USD)).toEqual({ reason: 'floor', thresholdMicros: USD });
    // A list with nothing to pay for (all addresses removed for free) is covered by any balance.
    expect(lowBalance(0.5 * USD, 0)).toEqual({ reason: 'floor', thresholdMicros: USD });
    expect(lowBalance(3 * USD, 0)).toBeNull();
  });

  it('treats an estimate above a large balance the same as above a small one', () => {
    expect(lowBalance(500 * USD, 612.25 * USD)).toEqual({
      reason: 'estimate',
      thresholdMicros: 612.25 * USD,
    });
  });
});
