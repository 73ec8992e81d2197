// The single IPC contract: every channel the renderer may call (zod schemas for
// its input and its output) and every event main pushes (one for its payload).
// Main validates every input before its handler runs and checks every output
// and payload (registry.ts); the renderer takes its types from here; nothing
// else crosses. The list platforms' channels are in platform-contract.ts, the
// team store's in team-contract.ts, a bounce report's in bounces-contract.ts, the
// suppression list's in suppression-contract.ts, the allow and block rules' in
// rules-contract.ts.
import { platformChannels, platformEvents } from './platform-contract';
import { teamChannels, teamEvents } from './team-contract';
import { bouncesChannels } from './bounces-contract';
import { suppressionChannels } from './suppression-contract';
import { fileTokenSchema, savedFileSchema } from './file-schemas';
import { rulesChannels } from './rules-contract';
import { verdictChannels } from './verdicts-contract';
import { jobIdSchema } from './job-schemas';
import { z } from 'zod';
import type { ChannelName, EventName } from './channels';
import { baseUrlSchema, billingUrlSchema, settingsPatchSchema } from './settings-schemas';
import {
  APPENDED_COLUMNS,
  EXPORT_FILTERS,
  EXPORT_FORMATS,
  JOB_PRODUCTS,
  OTHERS_CHOICES,
} from '../common/model';
import {
  accountStatusSchema,
  balanceSchema,
  checkViewSchema,
  domainsViewSchema,
  estimateViewSchema,
  exportViewSchema,
  fileGrantSchema,
  importProgressSchema,
  importViewSchema,
  jobRowSchema,
  jobSummarySchema,
  jobViewSchema,
  memoryViewSchema,
  rowFilterSchema,
  settingsViewSchema,
  statusExportViewSchema,
  updateViewSchema,
} from './view-schemas';
import { MAX_PASTE_CHARS, MIN_POLL_SECONDS } from '../common/limits';
import { inputWords } from './input-words';
import { viewOf } from '../lib/view-of';
import type { EventPayloads } from '../common/events';

export type {
  AccountStatus,
  Balance,
  SettingsView,
  JobView,
  ColumnView,
  ImportView,
  ImportProgressView,
  EstimateView,
  CoverageView,
  JobSummaryView,
  JobRowView,
  FileGrantView,
  ExportView,
  StatusExportView,
  DomainsView,
  DomainStats,
  RowFilter,
  SeenBeforeView,
  SheetView,
  WorkbookView,
  CheckView,
  UpdateView,
} from '../common/views';
export type {
  ExportFormat,
  JobProduct,
  JobStateName,
  OthersChoice,
  RowFlag,
  RowStatusName,
  StatusGroup,
  Theme,
} from '../common/model';

export { MAX_PASTE_CHARS, MIN_POLL_SECONDS };

export type { ErrorCode, IpcError, IpcResult } from '../common/result';

export { baseUrlSchema, billingUrlSchema };

const noInput = z.undefined();

const apiKeySchema = z
  .string()
  .trim()
  .min(8, inputWords('error.ipc.input.keyTooShort'))
  .max(512, inputWords('error.ipc.input.keyTooLong'))
  .regex(/^[\x21-\x7e]+$/, inputWords('error.ipc.input.keyCharacters'));

const productSchema = z.enum(JOB_PRODUCTS);
const skipSchema = z
  .object({ disposable: z.boolean(), noMail: z.boolean(), role: z.boolean() })
  .strict();
/** Email + avatar: the addresses outside the avatar check's providers: not sent, or checked with Email. */
const othersSchema = z.enum(OTHERS_CHOICES);

export const contract = {
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
  'settings:get': { input: noInput, output: settingsViewSchema },
  'settings:update': { input: settingsPatchSchema, output: settingsViewSchema },
  'memory:status': { input: noInput, output: memoryViewSchema },
  /** Forgets every answer kept for the account in use: later lists pay for them again. */
  'memory:forget': { input: noInput, output: memoryViewSchema },
  /** The native Open dialog, shown by main; null when the user closed it. */
  'file:choose': { input: noInput, output: fileGrantSchema.nullable() },
  'list:import': {
    input: z.object({ token: fileTokenSchema }).strict(),
    output: importViewSchema,
  },
  /** Text pasted (or typed) on the import screen, one address a line or delimited: a job like a file. */
  'list:paste': {
    input: z.object({ text: z.string().min(1).max(MAX_PASTE_CHARS) }).strict(),
    output: importViewSchema,
  },
  /** A draft workbook read again from another of its sheets. */
  'list:sheet': {
    input: z.object({ jobId: jobIdSchema, sheet: z.number().int().min(0).max(10_000) }).strict(),
    output: importViewSchema,
  },
  'list:column': {
    input: z.object({ jobId: jobIdSchema, column: z.number().int().min(0).max(10_000) }).strict(),
    output: importViewSchema,
  },
  /** A draft's review again, from what its import kept: the file is not read again. */
  'list:review': { input: z.object({ jobId: jobIdSchema }).strict(), output: importViewSchema },
  'job:estimate': {
    input: z
      .object({
        jobId: jobIdSchema,
        product: productSchema,
        skip: skipSchema.optional(),
        others: othersSchema.optional(),
      })
      .strict(),
    output: estimateViewSchema,
  },
  'job:start': {
    input: z
      .object({
        jobId: jobIdSchema,
        product: productSchema,
        /** The review's "Don't pay for" boxes; absent: the defaults (disposable, no mail server). */
        skip: skipSchema.optional(),
        /** Email + avatar: what becomes of the addresses outside coverage; absent: not sent. */
        others: othersSchema.optional(),
        /** The user saw the estimate go over the spending limit and starts anyway. */
        overLimit: z.boolean().optional(),
      })
      .strict(),
    output: jobViewSchema,
  },
  /** Checks a random sample (up to 100 of what would be sent) before the rest: paid, and part of the job. */
  'job:sample': {
    input: z
      .object({
        jobId: jobIdSchema,
        product: productSchema,
        skip: skipSchema.optional(),
        others: othersSchema.optional(),
      })
      .strict(),
    output: importViewSchema,
  },
  /** No new requests for this job; what was sent is waited for and kept. job:resume continues it. */
  'job:stop': { input: z.object({ jobId: jobIdSchema }).strict(), output: jobViewSchema },
  'job:list': { input: noInput, output: z.array(jobViewSchema) },
  'job:resume': {
    input: z.object({ jobId: jobIdSchema }).strict(),
    output: z.array(jobViewSchema),
  },
  'job:continue': { input: z.object({ jobId: jobIdSchema }).strict(), output: jobViewSchema },
  'job:remove': {
    input: z.object({ jobId: jobIdSchema }).strict(),
    output: z.strictObject({ removed: z.literal(true) }),
  },
  /**
   * "Check again": main reads the file this job was made from again, from where
   * the user gave it (the window names only the job), into a new draft to review.
   */
  'job:again': { input: z.object({ jobId: jobIdSchema }).strict(), output: importViewSchema },
  'job:summary': { input: z.object({ jobId: jobIdSchema }).strict(), output: jobSummarySchema },
  'job:rows': {
    input: z
      .object({
        jobId: jobIdSchema,
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(1_000),
        /** Only the rows this filter passes, in the file's order; `total` then counts them. */
        filter: rowFilterSchema.optional(),
      })
      .strict(),
    output: z.strictObject({ total: z.number().int().min(0), rows: z.array(jobRowSchema) }),
  },
  /** A job's unique addresses by domain, for the results' per-domain table. */
  'job:domains': { input: z.object({ jobId: jobIdSchema }).strict(), output: domainsViewSchema },
  'job:export': {
    input: z
      .object({
        jobId: jobIdSchema,
        /** One of the panel's choices, or the results' filter: "export the rows I see". */
        filter: z.union([z.enum(EXPORT_FILTERS), rowFilterSchema]),
        columns: z.array(z.enum(APPENDED_COLUMNS)).min(1).max(APPENDED_COLUMNS.length),
        bom: z.boolean(),
        format: z.enum(EXPORT_FORMATS),
      })
      .strict(),
    /** Null when the user closed the save dialog without choosing. */
    output: exportViewSchema.nullable(),
  },
  /** "Save by status…": one file per status group, in a folder the user picks in main's dialog. */
  'job:split': {
    input: z
      .object({
        jobId: jobIdSchema,
        columns: z.array(z.enum(APPENDED_COLUMNS)).min(1).max(APPENDED_COLUMNS.length),
        bom: z.boolean(),
        format: z.enum(EXPORT_FORMATS),
      })
      .strict(),
    /** Null when the user closed the folder dialog without choosing. */
    output: statusExportViewSchema.nullable(),
  },
  'file:show': {
    input: z.object({ fileId: savedFileSchema }).strict(),
    output: z.null(),
  },
  'check:one': {
    input: z
      .object({ address: z.string().trim().min(3).max(320), product: productSchema })
      .strict(),
    output: checkViewSchema,
  },
  /**
   * Asked once as the window starts: the job whose notification was clicked
   * while no window listened (results:open reaches only a page that listens).
   */
  'results:pending': {
    input: noInput,
    output: z.strictObject({ jobId: jobIdSchema }).nullable(),
  },
  'update:status': { input: noInput, output: updateViewSchema },
  /** Quits and installs the downloaded update; refused while a job runs. */
  'update:restart': { input: noInput, output: z.strictObject({ restarting: z.literal(true) }) },
  ...platformChannels,
  ...teamChannels,
  ...bouncesChannels,
  ...rulesChannels,
  ...suppressionChannels,
  ...verdictChannels,
} as const satisfies Record<ChannelName, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type ChannelInput<C extends ChannelName> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Contract[C]['output']>;

/** Every event main pushes, with the schema of its payload (common/events.ts, whose types they are). */
export const eventPayloads = {
  'balance:changed': balanceSchema,
  'account:changed': accountStatusSchema,
  'job:changed': jobViewSchema,
  'list:progress': importProgressSchema,
  'update:changed': updateViewSchema,
  'settings:open': viewOf<EventPayloads['settings:open']>()(
    z.strictObject({ from: z.literal('menu') }),
  ),
  'results:open': viewOf<EventPayloads['results:open']>()(z.strictObject({ jobId: jobIdSchema })),
  ...platformEvents,
  ...teamEvents,
} as const satisfies { [E in EventName]: z.ZodType<EventPayloads[E]> };

export type { EventBus, EventListener, EventPayloads } from '../common/events';

// Compile-time proof that every event name has a payload schema and a type, and vice versa.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const eventsCovered: Exact<keyof typeof eventPayloads, EventName> = true;
export const eventsTyped: Exact<keyof EventPayloads, EventName> = true;
