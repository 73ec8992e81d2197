// What the window may change in Settings, each value checked as it crosses
// (the stored settings are checked again on every read: settings/settings.ts).
import { z } from 'zod';
import { LANGUAGE_CHOICES } from '../../common/i18n/languages';
import {
  MAX_PATIENCE_HOURS,
  MAX_POLL_SECONDS,
  MAX_RECHECK_DAYS,
  MAX_REUSE_DAYS,
  MAX_SPEND_MICROS,
  MAX_UNIT_MICROS,
  MIN_POLL_SECONDS,
} from '../../common/limits';
import { THEMES } from '../../common/model';
import { baseUrlSchema, billingUrlSchema } from '../../settings/url-schemas';

export { baseUrlSchema, billingUrlSchema };

const themeSchema = z.enum(THEMES);

export const settingsPatchSchema = z
  .object({
    baseUrl: baseUrlSchema.optional(),
    /** null: no billing page known, so no "Add funds" link. */
    billingUrl: billingUrlSchema.nullable().optional(),
    theme: themeSchema.optional(),
    language: z.enum(LANGUAGE_CHOICES).optional(),
    pollIntervalSeconds: z.number().int().min(MIN_POLL_SECONDS).max(MAX_POLL_SECONDS).optional(),
    reuseDays: z.number().int().min(0).max(MAX_REUSE_DAYS).optional(),
    recheckDays: z.number().int().min(1).max(MAX_RECHECK_DAYS).nullable().optional(),
    patienceHours: z.number().int().min(1).max(MAX_PATIENCE_HOURS).optional(),
    maxSpendMicros: z.number().int().min(1).max(MAX_SPEND_MICROS).nullable().optional(),
    enteredPrices: z
      .object({
        email: z.number().int().min(1).max(MAX_UNIT_MICROS).nullable(),
        avatar: z.number().int().min(1).max(MAX_UNIT_MICROS).nullable(),
      })
      .strict()
      .optional(),
  })
  .strict();
