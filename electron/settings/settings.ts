// Preferences kept in settings.json in the app's data folder, validated on
// every read so a hand-edited or damaged file cannot put the app in a bad state.
import { LANGUAGE_CHOICES } from '../common/i18n/languages';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DEFAULT_ASK_AGAIN_DELAYS,
  MAX_ASK_AGAIN_DELAYS,
  MAX_ASK_AGAIN_SECONDS,
  validDelays,
} from '../common/schedules/ask-again';
import { z } from 'zod';
import { writeFileAtomic } from '../lib/files/atomic-file';
import { log } from '../lib/log';
import {
  DEFAULT_PATIENCE_HOURS,
  DEFAULT_REUSE_DAYS,
  MAX_PATIENCE_HOURS,
  MAX_POLL_SECONDS,
  MIN_POLL_SECONDS,
} from '../common/limits';
import { baseUrlSchema, billingUrlSchema } from './url-schemas';
import { DEFAULT_BILLING_URL } from '../common/urls/billing-url';
import { DEFAULT_GATE_PERCENT, GATE_PERCENT_BOUNDS } from '../risk/forecast';
import {
  MAX_RECHECK_DAYS,
  MAX_REUSE_DAYS,
  MAX_SPEND_MICROS,
  MAX_UNIT_MICROS,
} from '../common/limits';
import { splitPassword } from '../team/url';

/**
 * A team store address with no password in it (that is the keychain's),
 * checked by its shape only: whether it may be reached (encryption, the
 * certificate) is judged where a store is opened (team/url.ts), so an address
 * an older version saved is refused there with words, and nothing else of
 * settings.json is set aside.
 */
const teamUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      return splitPassword(value).password === null;
    } catch {
      return false;
    }
  }, 'not a team store address without its password');

/** The service's address; users of another deployment change it in Settings. */
export const DEFAULT_BASE_URL = 'https://api.email-verification.example';

export const settingsSchema = z.object({
  version: z.literal(1).default(1),
  baseUrl: baseUrlSchema.default(DEFAULT_BASE_URL),
  /**
   * Where the user adds funds at the service, linked as "Add funds" when the
   * balance is low; null: none known, no link. The default belongs to the
   * default service; a user of another deployment enters theirs in Settings.
   */
  billingUrl: billingUrlSchema.nullable().default(DEFAULT_BILLING_URL),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** The language of the window, the menus, the dialogs and the notifications: the system's unless chosen. */
  language: z.enum(LANGUAGE_CHOICES).default('system'),
  pollIntervalSeconds: z.number().int().min(MIN_POLL_SECONDS).max(MAX_POLL_SECONDS).default(30),
  /** Days a paid answer is reused; 0 turns reuse off. */
  reuseDays: z.number().int().min(0).max(MAX_REUSE_DAYS).default(DEFAULT_REUSE_DAYS),
  /** The most one job may spend, in micros of USD; null: no limit. */
  maxSpendMicros: z.number().int().min(1).max(MAX_SPEND_MICROS).nullable().default(null),
  /** Unit prices from the user's plan, per product, until the service's are learned. */
  enteredPrices: z
    .object({
      email: z.number().int().min(1).max(MAX_UNIT_MICROS).nullable().default(null),
      avatar: z.number().int().min(1).max(MAX_UNIT_MICROS).nullable().default(null),
    })
    .default({ email: null, avatar: null }),
  /** Days after which a finished list is due to be checked again; null (the default): no reminders. */
  recheckDays: z.number().int().min(1).max(MAX_RECHECK_DAYS).nullable().default(null),
  /**
   * Hours a job waits out the service's refusals (maintenance, no network,
   * a balance run dry) before it pauses for the user.
   */
  patienceHours: z.number().int().min(1).max(MAX_PATIENCE_HOURS).default(DEFAULT_PATIENCE_HOURS),
  /**
   * Seconds after a job's answers are all in when its unknowns are asked
   * again, free (jobs/ask-again/); empty: never.
   */
  askAgainDelays: z
    .array(z.number().int().min(1).max(MAX_ASK_AGAIN_SECONDS))
    .max(MAX_ASK_AGAIN_DELAYS)
    .refine(validDelays)
    .default([...DEFAULT_ASK_AGAIN_DELAYS]),
  /**
   * Percent of hard bounces expected (the range's upper end) past which an
   * export of chosen rows warns first (risk/forecast.ts); null: never.
   */
  bounceGatePercent: z
    .number()
    .min(GATE_PERCENT_BOUNDS.min)
    .max(GATE_PERCENT_BOUNDS.max)
    .nullable()
    .default(DEFAULT_GATE_PERCENT),
  /** Which account the app used last, so a demo session comes back after a restart. */
  account: z.enum(['none', 'demo', 'key']).default('none'),
  /**
   * The team store's postgres:// address without its password (the keychain
   * keeps that, under "team-store"); null: no team store.
   */
  teamUrl: teamUrlSchema.nullable().default(null),
  /**
   * The team store's root certificate file, as main's own Open dialog chose
   * it (team:rootcert); read only as team/root-cert.ts allows. Never the window's to name.
   */
  teamRootCert: z.string().min(1).max(4096).nullable().default(null),
});

export type Settings = z.infer<typeof settingsSchema>;

export interface SettingsStore {
  get(): Settings;
  update(patch: Partial<Settings>): Promise<Settings>;
}

export async function openSettingsStore(dataDir: string): Promise<SettingsStore> {
  const file = join(dataDir, 'settings.json');
  let current = settingsSchema.parse({});
  try {
    const text = await readFile(file, 'utf8');
    const parsed = settingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) current = parsed.data;
    else throw new Error(parsed.error.issues[0]?.message ?? 'invalid settings');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      // Keep the damaged file for inspection rather than silently overwriting it.
      const aside = `${file}.damaged-${Date.now()}`;
      await rename(file, aside).catch(() => undefined);
      log.warn(
        `settings.json could not be read; using defaults (kept the old file as ${aside})`,
        String(err),
      );
    }
  }

  return {
    get: () => current,
    async update(patch) {
      const next = settingsSchema.parse({ ...current, ...patch });
      await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
      current = next;
      return next;
    },
  };
}
