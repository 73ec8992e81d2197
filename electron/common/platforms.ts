// The list platforms List Cleaner reads lists from and writes verdicts back
// to, and the words every process shares about them. No dependencies, so the
// window may import it.

export const PLATFORMS = ['mailchimp', 'hubspot', 'klaviyo', 'brevo'] as const;
export type PlatformId = (typeof PLATFORMS)[number];

export const isPlatform = (value: string): value is PlatformId =>
  (PLATFORMS as readonly string[]).includes(value);

/** The row statuses written back as a verdict; the others (duplicate, not covered) were not judged. */
export const VERDICT_STATUSES = [
  'deliverable',
  'undeliverable',
  'unknown',
  'invalid',
  'disposable',
  'role',
] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

export const isVerdictStatus = (value: string): value is VerdictStatus =>
  (VERDICT_STATUSES as readonly string[]).includes(value);

/** The verdicts whose members the optional retire step unsubscribes or archives. */
export const RETIRED_STATUSES: readonly VerdictStatus[] = ['undeliverable', 'invalid'];

/** Which members a read takes: those the platform may mail (the default), or every one. */
export const MEMBER_CHOICES = ['subscribed', 'all'] as const;
export type MemberChoice = (typeof MEMBER_CHOICES)[number];

/** The names the verdict is written under on each platform. */
export const VERDICT_FIELDS = {
  tagPrefix: 'list-cleaner: ',
  property: 'list_cleaner_status',
  checkedProperty: 'list_cleaner_checked_at',
  attribute: 'LIST_CLEANER_STATUS',
  checkedAttribute: 'LIST_CLEANER_CHECKED_AT',
} as const;
