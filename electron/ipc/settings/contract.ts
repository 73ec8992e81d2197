// The Settings channels: what the window may see and change, and the event
// that opens the page from main's menu.
import { z } from 'zod';
import { ASKED_LANGUAGES, LANGUAGE_CHOICES } from '../../common/i18n/languages';
import type { EventPayloads } from '../../common/events';
import { THEMES } from '../../common/model';
import type { SettingsView } from '../../common/views/views';
import { count, micros, text, viewOf } from '../../lib/view-of';
import { settingsPatchSchema } from './schemas';

export const settingsViewSchema = viewOf<SettingsView>()(
  z.strictObject({
    baseUrl: text,
    billingUrl: text.nullable(),
    theme: z.enum(THEMES),
    pollIntervalSeconds: z.number().positive(),
    reuseDays: count,
    maxSpendMicros: micros.nullable(),
    enteredPrices: z.strictObject({ email: micros.nullable(), avatar: micros.nullable() }),
    recheckDays: count.nullable(),
    patienceHours: count,
    language: z.enum(ASKED_LANGUAGES),
    languageChoice: z.enum(LANGUAGE_CHOICES),
    systemLanguage: z.enum(ASKED_LANGUAGES),
  }),
);

export const settingsChannels = {
  'settings:get': { input: z.undefined(), output: settingsViewSchema },
  'settings:update': { input: settingsPatchSchema, output: settingsViewSchema },
} as const;

export const settingsEvents = {
  'settings:open': viewOf<EventPayloads['settings:open']>()(
    z.strictObject({ from: z.literal('menu') }),
  ),
} as const;
