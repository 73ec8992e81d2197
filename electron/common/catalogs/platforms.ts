// The list platforms List Cleaner reads lists from and writes verdicts back
// to, and the words every process shares about them. No dependencies, so the
// window may import it.

export const PLATFORMS = ['mailchimp', 'hubspot', 'klaviyo', 'brevo'] as const;
export type PlatformId = (typeof PLATFORMS)[number];

export const isPlatform = (value: string): value is PlatformId =>
  (PLATFORMS as readonly string[]).includes(value);

/**
 * The row statuses written back as a verdict; the others (duplicate, not
 * covered, suppressed, blocked) were not judged.
 */
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

/** The environment variables the command line reads a platform's key and address from. */
export const PLATFORM_ENV: Record<PlatformId, { key: string; url: string }> = {
  mailchimp: { key: 'LIST_CLEANER_MAILCHIMP_KEY', url: 'LIST_CLEANER_MAILCHIMP_URL' },
  hubspot: { key: 'LIST_CLEANER_HUBSPOT_TOKEN', url: 'LIST_CLEANER_HUBSPOT_URL' },
  klaviyo: { key: 'LIST_CLEANER_KLAVIYO_KEY', url: 'LIST_CLEANER_KLAVIYO_URL' },
  brevo: { key: 'LIST_CLEANER_BREVO_KEY', url: 'LIST_CLEANER_BREVO_URL' },
};

export const PLATFORM_NAMES: Record<PlatformId, string> = {
  mailchimp: 'Mailchimp',
  hubspot: 'HubSpot',
  klaviyo: 'Klaviyo',
  brevo: 'Brevo',
};
