// When the header warns that the balance is low: under 1 USD, or under what
// the list being reviewed is estimated to cost with the product chosen for
// it (use-review-estimate.ts). Checks stop when the balance runs out, so the
// warning comes before the user presses Start, not after.
export const LOW_BALANCE_MICROS = 1_000_000;

export interface LowBalance {
  reason: 'floor' | 'estimate';
  thresholdMicros: number;
}

export function lowBalance(
  balanceMicros: number,
  estimateMicros: number | null,
): LowBalance | null {
  if (estimateMicros !== null && balanceMicros < estimateMicros) {
    return { reason: 'estimate', thresholdMicros: estimateMicros };
  }
  if (balanceMicros < LOW_BALANCE_MICROS) {
    return { reason: 'floor', thresholdMicros: LOW_BALANCE_MICROS };
  }
  return null;
}
