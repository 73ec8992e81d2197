// The list platforms' channels of the contract (../contract.ts spreads them in):
// what the window may ask of the platforms, each with its input and output.
// The window names a platform and a list, never an address or a key's home.
import { z } from 'zod';
import { jobIdSchema } from '../jobs/job-schemas';
import {
  connectionViewSchema,
  memberChoiceSchema,
  platformListSchema,
  platformProgressSchema,
  platformSchema,
  retireModeSchema,
  writeBackChangedSchema,
  writeBackPlanSchema,
  writeBackReportSchema,
} from './schemas';
import { importViewSchema } from '../jobs/review-schemas';
import { inputWords } from '../input-words';

/** A platform's key or token: printable characters, no spaces (keys of all four platforms are). */
const platformKeySchema = z
  .string()
  .trim()
  .min(8, inputWords('error.ipc.input.platformKeyTooShort'))
  .max(512, inputWords('error.ipc.input.keyTooLong'))
  .regex(/^[\x21-\x7e]+$/, inputWords('error.ipc.input.keyCharacters'));

const noInput = z.undefined();

export const platformChannels = {
  /** Each platform and whether a key is saved for it (never the key: its last four characters). */
  'platform:connections': { input: noInput, output: z.array(connectionViewSchema) },
  /**
   * Main proves the key with one read at the platform's own address before the
   * keychain keeps it; the window names no address.
   */
  'platform:connect': {
    input: z.object({ platform: platformSchema, key: platformKeySchema }).strict(),
    output: connectionViewSchema,
  },
  'platform:remove': {
    input: z.object({ platform: platformSchema }).strict(),
    output: connectionViewSchema,
  },
  'platform:lists': {
    input: z.object({ platform: platformSchema }).strict(),
    output: z.array(platformListSchema),
  },
  /** A list's members read into a new draft, reviewed like a dropped file. */
  'platform:import': {
    input: z
      .object({
        platform: platformSchema,
        listId: z.string().trim().min(1).max(200),
        choice: memberChoiceSchema,
      })
      .strict(),
    output: importViewSchema,
  },
  /** What writing the job's verdicts back would change, per verdict; nothing is sent. */
  'writeback:plan': {
    input: z.object({ jobId: jobIdSchema }).strict(),
    output: writeBackPlanSchema,
  },
  /**
   * Starts (or carries on) the write-back in main. Unsubscribing or archiving
   * members needs the user's yes in main's own dialog, which names the count.
   */
  'writeback:start': {
    input: z.object({ jobId: jobIdSchema, retire: retireModeSchema.nullable() }).strict(),
    output: writeBackReportSchema,
  },
  'writeback:report': {
    input: z.object({ jobId: jobIdSchema }).strict(),
    output: writeBackReportSchema.nullable(),
  },
} as const;

export const platformEvents = {
  /** Members read so far from a platform list being imported. */
  'platform:progress': platformProgressSchema,
  /** A write-back's progress and, at its end, its report. */
  'writeback:changed': writeBackChangedSchema,
} as const;
