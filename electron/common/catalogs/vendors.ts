// The other verification services whose result files can be imported into the
// memory of answers (electron/verdicts/), by name, and how a person reads
// each: one list for main, the command line and the window, which shows
// "Reused (ZeroBounce, Oct 3)" for an answer taken from one.
//
// The memory keeps a vendor as its number in this list (1 + index,
// memory/answers.ts): names are only ever added at the end, never removed
// or reordered, or a kept answer would name another vendor.
export const VERDICT_VENDORS = [
  'zerobounce',
  'neverbounce',
  'kickbox',
  'emailable',
  'bouncer',
  'millionverifier',
] as const;
export type VerdictVendor = (typeof VERDICT_VENDORS)[number];

export const VENDOR_LABEL: Readonly<Record<VerdictVendor, string>> = {
  zerobounce: 'ZeroBounce',
  neverbounce: 'NeverBounce',
  kickbox: 'Kickbox',
  emailable: 'Emailable',
  bouncer: 'Bouncer',
  millionverifier: 'MillionVerifier',
};

export const isVerdictVendor = (name: string): name is VerdictVendor =>
  (VERDICT_VENDORS as readonly string[]).includes(name);

/** The vendor's number as the memory keeps it: 1 + its index; 0 is none. */
export const vendorCode = (vendor: VerdictVendor): number => VERDICT_VENDORS.indexOf(vendor) + 1;

/** The vendor of a number the memory kept, or null for 0 and a number not in the list. */
export const vendorOfCode = (code: number): VerdictVendor | null =>
  code >= 1 ? (VERDICT_VENDORS[code - 1] ?? null) : null;
