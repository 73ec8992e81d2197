// What the command line accepts, shared by main.ts (which parses it) and each
// command (which reads it): the options, the values they parse to, and the
// usage mistake a command may find in them (exit code 2, with a pointer to
// --help). No dependencies but the words: `list-cleaner --help` loads nothing more.
import type { parseArgs } from 'node:util';
import { english, message, say, type Message } from '../../common/i18n/message';
import { cliWords } from '../output/words';
import { parseDelays } from '../../common/schedules/ask-again';

/**
 * A usage mistake. Given as a catalog's message, it is said in the reader's
 * language (`sayUsage`); its `message` is the English.
 */
export class UsageError extends Error {
  readonly said: Message | undefined;
  constructor(what: string | Message) {
    super(typeof what === 'string' ? what : say(english.t, what));
    this.name = 'UsageError';
    this.said = typeof what === 'string' ? undefined : what;
  }
}

/** A usage mistake in the command line's language. */
export const sayUsage = (e: UsageError): string => (e.said ? say(cliWords().t, e.said) : e.message);

/**
 * Exit code 3: the spending limit stopped the job. Either `clean` refused to
 * start (the estimate is over --max-spend; nothing was sent), or the job
 * stopped before a request that would have gone over it (everything paid
 * for is kept; `list-cleaner resume <id> --max-spend USD` carries on).
 */
export const EXIT_LIMIT = 3;

export const options = {
  out: { type: 'string' },
  product: { type: 'string' },
  column: { type: 'string' },
  sheet: { type: 'string' },
  format: { type: 'string' },
  keep: { type: 'string' },
  domain: { type: 'string' },
  bom: { type: 'boolean', default: false },
  flags: { type: 'boolean', default: false },
  risk: { type: 'boolean', default: false },
  skip: { type: 'string' },
  'reuse-days': { type: 'string' },
  'max-spend': { type: 'string' },
  others: { type: 'string' },
  ignore: { type: 'string' },
  'confirm-over-limit': { type: 'boolean', default: false },
  patience: { type: 'string' },
  'ask-again': { type: 'string' },
  json: { type: 'boolean', default: false },
  avatar: { type: 'boolean', default: false },
  demo: { type: 'boolean', default: false },
  members: { type: 'string' },
  'write-back': { type: 'string' },
  'archive-undeliverable': { type: 'boolean', default: false },
  yes: { type: 'boolean', default: false },
  block: { type: 'boolean', default: false },
  allow: { type: 'boolean', default: false },
  source: { type: 'string' },
  limit: { type: 'string' },
  after: { type: 'string' },
  vendor: { type: 'string' },
  date: { type: 'string' },
  every: { type: 'string' },
  at: { type: 'string' },
  'recheck-after': { type: 'string' },
  cap: { type: 'string' },
  ceiling: { type: 'string' },
  due: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * --patience: how long a job waits out the service's refusals before it
 * pauses: "90s", "30m", "6h", "2d", or a number of hours. Undefined when not
 * given (the app's setting applies).
 */
export function parsePatience(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$/i.exec(value);
  const ms = match ? Number(match[1]) * (UNITS[(match[2] || 'h').toLowerCase()] ?? 0) : NaN;
  if (!Number.isFinite(ms) || ms < 1_000 || ms > 30 * 86_400_000) {
    throw new UsageError(message('cli.usage.patience'));
  }
  return ms;
}

/**
 * --ask-again: when a finished job's unknowns are asked again, free ("30s,2m,4h"),
 * or "none". Undefined when not given (the app's setting applies).
 */
export function parseAskAgain(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const delays = parseDelays(value);
  if (delays === null) throw new UsageError(message('cli.usage.askAgain'));
  return delays;
}

export type Values = ReturnType<
  typeof parseArgs<{ options: typeof options; allowPositionals: true }>
>['values'];

/**
 * A command: the parsed options, its first positional argument and any after
 * it (`bounces <job-id> <file>`, `rules add <rule>...`), to an exit code.
 */
export type Command = (
  values: Values,
  argument: string | undefined,
  rest: string[],
) => Promise<number>;
