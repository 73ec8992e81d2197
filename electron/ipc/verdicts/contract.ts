// Another vendor's result file into the memory of answers (../contract.ts
// spreads this in): the file only as a token from a drop or the Open dialog,
// the vendor from the list (or none: its columns tell), the day the vendor
// checked the list (or none: the file's modification time).
import { z } from 'zod';
import { VERDICT_VENDORS } from '../../common/catalogs/vendors';
import type { VerdictImportView } from '../../common/views/verdict-views';
import { fileTokenSchema } from '../file-schemas';
import { count, text, viewOf } from '../../lib/view-of';
import { inputWords } from '../input-words';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const verdictImportViewSchema = viewOf<VerdictImportView>()(
  z.strictObject({
    vendor: z.enum(VERDICT_VENDORS),
    fileName: text,
    rows: count,
    remembered: z.strictObject({ deliverable: count, undeliverable: count }),
    unknown: count,
    unmapped: z.array(z.strictObject({ word: text, rows: count })),
    skipped: z.strictObject({ noAddress: count, older: count }),
    date: day,
    memoryUnavailable: z.boolean(),
  }),
);

/** A calendar day as typed in a date field: a real day, not after tomorrow (a clock ahead). */
const verdictDay = day.refine(
  (value) => {
    const ms = Date.parse(`${value}T12:00:00Z`);
    return (
      Number.isFinite(ms) &&
      new Date(ms).toISOString().slice(0, 10) === value &&
      ms <= Date.now() + 86_400_000
    );
  },
  { message: inputWords('error.ipc.input.vendorDay') },
);

export const verdictChannels = {
  /** Remembers the verdicts of a vendor's result file; nothing is sent nor charged. */
  'verdicts:import': {
    input: z.strictObject({
      token: fileTokenSchema,
      vendor: z.enum(VERDICT_VENDORS).nullable(),
      date: verdictDay.nullable(),
    }),
    output: verdictImportViewSchema,
  },
} as const;
