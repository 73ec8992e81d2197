// What the command line accepts, shared by main.ts (which parses it) and each
// command (which reads it): the options, the values they parse to, and the
// usage mistake a command may find in them (exit code 2, with a pointer to
// --help). No dependencies: `list-cleaner --help` loads nothing more.
import type { parseArgs } from 'node:util';

export class UsageError extends Error {}

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
  skip: { type: 'string' },
  'reuse-days': { type: 'string' },
  'max-spend': { type: 'string' },
  others: { type: 'string' },
  'confirm-over-limit': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  avatar: { type: 'boolean', default: false },
  demo: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export type Values = ReturnType<
  typeof parseArgs<{ options: typeof options; allowPositionals: true }>
>['values'];

/** A command: the parsed options and its one positional argument, to an exit code. */
export type Command = (values: Values, argument: string | undefined) => Promise<number>;
