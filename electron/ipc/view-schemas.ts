// The schemas of what main answers and pushes: one per view of
// common/views.ts. The registry checks every handler's output and every
// event's payload against them (an error in development and tests, a log
// line in an installed build). The account's are here; a job's, its
// review's and its results' in the files named for them.
import { ASKED_LANGUAGES, LANGUAGE_CHOICES } from '../common/i18n/languages';
import { z } from 'zod';
import { THEMES } from '../common/model';
import type {
  AccountStatus,
  Balance,
  CheckView,
  FileGrantView,
  MemoryView,
  SettingsView,
  UpdateView,
} from '../common/views';
import { viewOf, count, micros, text } from '../lib/view-of';

export * from './job-schemas';
export * from './review-schemas';
export * from './result-schemas';

export const accountStatusSchema = viewOf<AccountStatus>()(
  z.strictObject({
    mode: z.enum(['none', 'demo', 'key']),
    keyLast4: text.nullable(),
    storage: z.enum(['keychain', 'memory']).nullable(),
    storageWarning: text.nullable(),
    baseUrl: text,
    keyHost: text.nullable(),
    keyUnconfirmed: z.boolean(),
  }),
);

export const balanceSchema = viewOf<Balance>()(
  z.strictObject({ balanceMicros: micros, fetchedAt: text }),
);

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

export const memoryViewSchema = viewOf<MemoryView>()(
  z.strictObject({ available: z.boolean(), outcomes: count }),
);

export const fileGrantSchema = viewOf<FileGrantView>()(
  z.strictObject({ token: text, fileName: text }),
);

const outcomeStatus = z.enum(['deliverable', 'undeliverable', 'unknown']);

export const checkViewSchema = viewOf<CheckView>()(
  z.strictObject({
    address: text,
    status: outcomeStatus,
    provider: text.nullable(),
    avatar: z.boolean().nullable(),
    avatarUrl: text.nullable(),
  }),
);

export const updateViewSchema = viewOf<UpdateView>()(
  z.strictObject({
    state: z.enum(['off', 'idle', 'checking', 'downloading', 'ready', 'error']),
    version: text.nullable(),
    progress: z.number().nullable(),
    message: text.nullable(),
  }),
);
