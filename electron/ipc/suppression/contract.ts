// The suppression list's channels of the contract (../contract.ts spreads them
// in). The window hands a file only as the token of a drop or a native
// dialog (files/grants.ts), and names a file of the list by the name the
// summary gave it; main reads and removes.
import { z } from 'zod';
import {
  SUPPRESSION_REASON_VIEWS,
  type SuppressionEntryView,
  type SuppressionImportView,
  type SuppressionSourceView,
  type SuppressionSummaryView,
} from '../../common/views/suppression-views';
import { fileTokenSchema } from '../file-schemas';
import { count, text, viewOf } from '../../lib/view-of';
import { inputWords } from '../input-words';

const sourceViewSchema = viewOf<SuppressionSourceView>()(
  z.strictObject({ name: text, addedAt: z.iso.datetime({ offset: true }), entries: count }),
);

export const suppressionSummarySchema = viewOf<SuppressionSummaryView>()(
  z.strictObject({ count, team: z.boolean(), sources: z.array(sourceViewSchema) }),
);

const importViewSchema = viewOf<SuppressionImportView>()(
  z.strictObject({
    fileName: text,
    label: text,
    rows: count,
    added: count,
    replaced: count,
    skipped: count,
    summary: suppressionSummarySchema,
  }),
);

const entryViewSchema = viewOf<SuppressionEntryView>()(
  z.strictObject({
    address: text,
    reason: z.enum(SUPPRESSION_REASON_VIEWS),
    date: z.iso.datetime({ offset: true }).nullable(),
    source: text,
    detail: text,
  }),
);

/** An address as typed to look up or remove; main normalizes it as the importer does. */
const addressInput = z
  .string()
  .trim()
  .min(3, inputWords('error.ipc.input.wholeAddress'))
  .max(320, inputWords('error.ipc.input.emailTooLong'))
  .regex(/@/, inputWords('error.ipc.input.emailAddress'));

export const suppressionChannels = {
  /** The list's count and files. */
  'suppression:summary': { input: z.undefined(), output: suppressionSummarySchema },
  /** A dropped or chosen export added to the list: what it was, what it added. */
  'suppression:import': {
    input: z.strictObject({ token: fileTokenSchema }),
    output: importViewSchema,
  },
  /** Removes a file of the list and every entry it gave (not replaced since). */
  'suppression:dropfile': {
    input: z.strictObject({ name: z.string().trim().min(1).max(255) }),
    output: suppressionSummarySchema,
  },
  /** One address's entry, or null when it is not on the list. */
  'suppression:find': {
    input: z.strictObject({ address: addressInput }),
    output: entryViewSchema.nullable(),
  },
  /** Takes one address off the list. */
  'suppression:unlist': {
    input: z.strictObject({ address: addressInput }),
    output: z.strictObject({ removed: z.boolean(), summary: suppressionSummarySchema }),
  },
} as const;
