// The single IPC contract: every channel the renderer may call (zod input,
// output type) and every event main pushes. Main validates against these
// schemas; the renderer takes its types from here; nothing else crosses.
import { z } from 'zod';
import type { ChannelName, EventName } from './channels';
import { serviceUrlProblem } from '../common/service-url';
import { MIN_POLL_SECONDS } from '../common/limits';

export type Theme = 'system' | 'light' | 'dark';

/** What the renderer may know about the account: never the key itself. */
export interface AccountStatus {
  mode: 'none' | 'demo' | 'key';
  /** Last four characters of the key, for "…1a2b"; null unless mode is 'key'. */
  keyLast4: string | null;
  /** Where the key lives: the OS keychain, or only this run's memory. */
  storage: 'keychain' | 'memory' | null;
  /** Set when the key cannot be kept across restarts, in words for the user. */
  storageWarning: string | null;
  baseUrl: string;
  /** The host the key was proven against ("api.example.com"); null unless mode is 'key'. */
  keyHost: string | null;
  /**
   * The service address now points at another host than the key was proven
   * for: the key is not sent there until the user confirms it (or enters it again).
   */
  keyUnconfirmed: boolean;
}

export interface Balance {
  balanceMicros: number;
  /** ISO 8601 time the balance was read from the service. */
  fetchedAt: string;
}

export interface SettingsView {
  baseUrl: string;
  theme: Theme;
  pollIntervalSeconds: number;
}

export type JobProduct = 'email' | 'avatar';
export type JobStateName =
  'draft' | 'queued' | 'checking' | 'waiting' | 'downloading' | 'done' | 'failed';

/** A job as the UI and the command line show it. Money is in micros of USD. */
export interface JobView {
  id: string;
  fileName: string;
  sourcePath: string;
  product: JobProduct | null;
  state: JobStateName;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Picked up again after the app or the command line stopped mid-way. */
  resumed: boolean;
  /** Is it being worked on in this process right now. */
  running: boolean;
  /**
   * Who runs it when another process does ("the list-cleaner command", "the
   * List Cleaner app"): this one only follows its progress from disk.
   */
  elsewhere: string | null;
  /** Unfinished, and run by no one: it carries on when resumed. */
  paused: boolean;
  rows: number;
  invalid: number;
  empty: number;
  duplicates: number;
  /** Unique valid addresses: what is sent and paid for. */
  unique: number;
  /** Addresses with an outcome so far. */
  checked: number;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  /** Bulk tasks: id, when sent, and when the next poll is due (null when not waiting). */
  tasks: { id: string | null; submittedAt: string | null; status: string }[];
  nextCheckAt: string | null;
  unitPriceMicros: number | null;
  /** For a done job: what the determined outcomes cost, where the unit price is known. */
  chargedMicros: number | null;
  failure: {
    code: string;
    message: string;
    charged: 'no' | 'unknown';
    outsideCoverage?: number;
  } | null;
}

export interface ColumnView {
  index: number;
  name: string;
  confidence: number;
  addressShare: number;
  headerMatch: boolean;
}

/** What the review panel shows of an imported list. */
export interface ImportView {
  job: JobView;
  fileName: string;
  sizeBytes: number;
  /** In words: "UTF-8 with BOM", "Windows-1252", … */
  encoding: string;
  /** In words: "comma", "semicolon", "tab", "pipe". */
  delimiter: string;
  hasHeader: boolean;
  columns: string[];
  column: ColumnView;
  candidates: ColumnView[];
  counts: {
    rows: number;
    unique: number;
    invalid: number;
    empty: number;
    duplicates: number;
    ragged: number;
  };
  preview: string[][];
}

export interface ImportProgressView {
  /** The file's token, as the window knows it. */
  token: string;
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface EstimateView {
  unique: number;
  unitPriceMicros: number | null;
  estimateMicros: number | null;
  balanceMicros: number;
  /** How the addresses will be sent: 'multi' (synchronous checks) or 'bulk' (bulk tasks). */
  route: 'multi' | 'bulk';
}

export type RowStatusName = 'deliverable' | 'undeliverable' | 'unknown' | 'invalid' | 'duplicate';

export interface JobSummaryView {
  job: JobView;
  statuses: Record<RowStatusName, number>;
  /** Provider code → addresses with an outcome (email checks; bulk files carry none). */
  providers: Record<string, number>;
  columns: string[];
  addressColumn: number;
}

export interface JobRowView {
  /** 1-based, as a spreadsheet counts data rows. */
  row: number;
  address: string | null;
  status: RowStatusName | 'pending';
  provider: string | null;
  avatar: boolean | null;
  avatarUrl: string | null;
}

/** A file the user chose by a gesture (a drop, the Open dialog): usable once, by its token. */
export interface FileGrantView {
  token: string;
  fileName: string;
}

export interface ExportView {
  /** For "Show in folder": main shows only files it wrote itself, by this id. */
  fileId: string;
  path: string;
  rowsWritten: number;
  rowsTotal: number;
}

export interface CheckView {
  address: string;
  status: 'deliverable' | 'undeliverable' | 'unknown';
  provider: string | null;
  avatar: boolean | null;
  avatarUrl: string | null;
}

/**
 * Where an update of the app stands. 'off' where it is never checked (a
 * development build, the demo account); 'ready' once one is downloaded and
 * the window may offer to restart into it.
 */
export interface UpdateView {
  state: 'off' | 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** The version on offer, when there is one. */
  version: string | null;
  /** 0–1 while downloading. */
  progress: number | null;
  /** Why updates are off, or what went wrong, in words. */
  message: string | null;
}

export { MIN_POLL_SECONDS };

const noInput = z.undefined();

export const baseUrlSchema = z
  .string()
  .trim()
  .max(2048, 'That address is too long.')
  .superRefine((value, ctx) => {
    const problem = serviceUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An opaque id main handed out for a file (128 random bits, base64url), never a path. */
const FILE_ID = /^[A-Za-z0-9_-]{22}$/;
const fileTokenSchema = z
  .string()
  .regex(
    FILE_ID,
    'List Cleaner opens only a file you drop on its window or pick in its Open dialog.',
  );
const savedFileSchema = z.string().regex(FILE_ID, 'List Cleaner shows only files it saved itself.');

const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'That key is too short: paste the whole key from your account Settings.')
  .max(512, 'That key is too long: paste only the key.')
  .regex(/^[\x21-\x7e]+$/, 'A key has no spaces or special characters: paste only the key.');

const themeSchema = z.enum(['system', 'light', 'dark']);
const jobIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, 'That is not a job of this app.');
const productSchema = z.enum(['email', 'avatar']);

export const contract = {
  'key:status': { input: noInput, output: {} as AccountStatus },
  'key:set': {
    input: z.object({ apiKey: apiKeySchema, baseUrl: baseUrlSchema.optional() }).strict(),
    output: {} as AccountStatus,
  },
  'key:clear': { input: noInput, output: {} as AccountStatus },
  /** Main asks the user, in a native dialog naming the host, before the key goes to a new address. */
  'key:confirm': { input: noInput, output: {} as AccountStatus },
  'demo:start': { input: noInput, output: {} as AccountStatus },
  'balance:get': { input: noInput, output: {} as Balance },
  'settings:get': { input: noInput, output: {} as SettingsView },
  'settings:update': {
    input: z
      .object({
        baseUrl: baseUrlSchema.optional(),
        theme: themeSchema.optional(),
        pollIntervalSeconds: z.number().int().min(MIN_POLL_SECONDS).max(3600).optional(),
      })
      .strict(),
    output: {} as SettingsView,
  },
  /** The native Open dialog, shown by main; null when the user closed it. */
  'file:choose': { input: noInput, output: {} as FileGrantView | null },
  'list:import': {
    input: z.object({ token: fileTokenSchema }).strict(),
    output: {} as ImportView,
  },
  'list:column': {
    input: z.object({ jobId: jobIdSchema, column: z.number().int().min(0).max(10_000) }).strict(),
    output: {} as ImportView,
  },
  'job:estimate': {
    input: z.object({ jobId: jobIdSchema, product: productSchema }).strict(),
    output: {} as EstimateView,
  },
  'job:start': {
    input: z.object({ jobId: jobIdSchema, product: productSchema }).strict(),
    output: {} as JobView,
  },
  'job:list': { input: noInput, output: {} as JobView[] },
  'job:resume': { input: z.object({ jobId: jobIdSchema }).strict(), output: {} as JobView[] },
  'job:continue': { input: z.object({ jobId: jobIdSchema }).strict(), output: {} as JobView },
  'job:remove': {
    input: z.object({ jobId: jobIdSchema }).strict(),
    output: {} as { removed: true },
  },
  'job:summary': { input: z.object({ jobId: jobIdSchema }).strict(), output: {} as JobSummaryView },
  'job:rows': {
    input: z
      .object({
        jobId: jobIdSchema,
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(1_000),
      })
      .strict(),
    output: {} as { total: number; rows: JobRowView[] },
  },
  'job:export': {
    input: z
      .object({
        jobId: jobIdSchema,
        filter: z.enum(['all', 'deliverable', 'not-deliverable']),
        columns: z
          .array(z.enum(['email_status', 'email_provider', 'email_avatar', 'email_avatar_url']))
          .min(1)
          .max(4),
        bom: z.boolean(),
      })
      .strict(),
    /** Null when the user closed the save dialog without choosing. */
    output: {} as ExportView | null,
  },
  'file:show': {
    input: z.object({ fileId: savedFileSchema }).strict(),
    output: null,
  },
  'check:one': {
    input: z
      .object({ address: z.string().trim().min(3).max(320), product: productSchema })
      .strict(),
    output: {} as CheckView,
  },
  'update:status': { input: noInput, output: {} as UpdateView },
  /** Quits and installs the downloaded update; refused while a job runs. */
  'update:restart': { input: noInput, output: {} as { restarting: true } },
} as const satisfies Record<ChannelName, { input: z.ZodType; output: unknown }>;

export type Contract = typeof contract;
export type ChannelInput<C extends ChannelName> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = Contract[C]['output'];

export interface EventPayloads {
  'balance:changed': Balance;
  'account:changed': AccountStatus;
  'job:changed': JobView;
  'list:progress': ImportProgressView;
  'update:changed': UpdateView;
  /** The application menu's Settings… (Cmd/Ctrl+,). */
  'settings:open': { from: 'menu' };
}

// Compile-time proof that every event name has a payload type and vice versa.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const eventsCovered: Exact<keyof EventPayloads, EventName> = true;
