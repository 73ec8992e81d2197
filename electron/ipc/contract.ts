// The single IPC contract: every channel the renderer may call (zod input,
// output type) and every event main pushes. Main validates against these
// schemas; the renderer takes its types from here; nothing else crosses.
import { z } from 'zod';
import type { ChannelName, EventName } from './channels';

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
  | 'draft'
  | 'queued'
  | 'checking'
  | 'waiting'
  | 'downloading'
  | 'done'
  | 'failed';

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

/** The service asks to be polled no more often than this; only the sandbox may go faster. */
export const MIN_POLL_SECONDS = 30;

const noInput = z.undefined();

export const baseUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' })
  .max(2048);

const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'That key is too short: paste the whole key from your account Settings.')
  .max(512, 'That key is too long: paste only the key.')
  .regex(/^[\x21-\x7e]+$/, 'A key has no spaces or special characters: paste only the key.');

const themeSchema = z.enum(['system', 'light', 'dark']);

export const contract = {
  'key:status': { input: noInput, output: {} as AccountStatus },
  'key:set': {
    input: z.object({ apiKey: apiKeySchema, baseUrl: baseUrlSchema.optional() }).strict(),
    output: {} as AccountStatus,
  },
  'key:clear': { input: noInput, output: {} as AccountStatus },
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
} as const satisfies Record<ChannelName, { input: z.ZodType; output: unknown }>;

export type Contract = typeof contract;
export type ChannelInput<C extends ChannelName> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = Contract[C]['output'];

export interface EventPayloads {
  'balance:changed': Balance;
  'account:changed': AccountStatus;
}

// Compile-time proof that every event name has a payload type and vice versa.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const eventsCovered: Exact<keyof EventPayloads, EventName> = true;
