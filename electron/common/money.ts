// Money in words, as the core's messages and the command line say it: USD
// with two decimals, more where a price or a small limit needs them (a
// tenth of a cent is 0.001 USD, never 0.00 USD). No dependencies.

export const usd = (micros: number): string =>
  `${(micros / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USD`;
