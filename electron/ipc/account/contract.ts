// The account's channels: the key (set, cleared, confirmed for a new address),
// the demo, the balance, and one address checked on its own; and the events
// that say the account or its balance changed.
import { z } from 'zod';
import type { AccountStatus, Balance, CheckView } from '../../common/views/views';
import { micros, text, viewOf } from '../../lib/view-of';
import { baseUrlSchema } from '../settings/schemas';
import { inputWords } from '../input-words';
import { productSchema } from '../jobs/job-schemas';

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
  z.strictObject({ balanceMicros: micros, fetchedAt: text, stale: z.boolean().optional() }),
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

const apiKeySchema = z
  .string()
  .trim()
  .min(8, inputWords('error.ipc.input.keyTooShort'))
  .max(512, inputWords('error.ipc.input.keyTooLong'))
  .regex(/^[\x21-\x7e]+$/, inputWords('error.ipc.input.keyCharacters'));

const noInput = z.undefined();

export const accountChannels = {
  'key:status': { input: noInput, output: accountStatusSchema },
  'key:set': {
    input: z.object({ apiKey: apiKeySchema, baseUrl: baseUrlSchema.optional() }).strict(),
    output: accountStatusSchema,
  },
  'key:clear': { input: noInput, output: accountStatusSchema },
  /** Main asks the user, in a native dialog naming the host, before the key goes to a new address. */
  'key:confirm': { input: noInput, output: accountStatusSchema },
  'demo:start': { input: noInput, output: accountStatusSchema },
  'balance:get': { input: noInput, output: balanceSchema },
  'check:one': {
    input: z
      .object({ address: z.string().trim().min(3).max(320), product: productSchema })
      .strict(),
    output: checkViewSchema,
  },
} as const;

export const accountEvents = {
  'balance:changed': balanceSchema,
  'account:changed': accountStatusSchema,
} as const;
