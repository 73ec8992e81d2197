// The one route across the process boundary, both ways, checked against the
// contract in one place. Calls in: Electron's ipcMain and the e2e test bridge
// both route into invoke(), which validates the input before the handler
// runs, checks its output after, and answers with an envelope. Events out:
// every event main pushes goes through the event bus, which checks its
// payload. Tests can call all of it without Electron.
import type { z } from 'zod';
import { channelNames, type ChannelName } from './channels';
import {
  contract,
  eventPayloads,
  type ChannelInput,
  type ChannelOutput,
  type EventBus,
  type EventListener,
  type IpcError,
  type IpcResult,
} from './contract';
import { fail, ok } from '../common/result';
import { english, type Translate } from '../common/i18n/message';
import { AppError, sayError } from '../lib/app-error';
import { sayInput } from './input-words';
import { log, redactSecrets } from '../lib/log';

export type Handlers = {
  [C in ChannelName]: (input: ChannelInput<C>) => Promise<ChannelOutput<C>>;
};

export interface HandlerRegistry {
  channels: readonly ChannelName[];
  invoke(channel: string, input: unknown): Promise<IpcResult<unknown>>;
}

/**
 * What becomes of a handler's output, or an event's payload, that breaks its
 * schema: always a bug in List Cleaner, never the user's doing.
 */
export interface ContractChecks {
  /**
   * true (development, every unit and e2e test run): an error that names the
   * channel or event and every issue. It is logged, the call answers
   * `internal` with that message, and an event is not delivered (emit throws).
   * false (an installed build): the user is not stopped by our bug. The value
   * crosses as it is, and the first breach of each channel or event is logged.
   * Strict unless told otherwise; the core decides (core.ts).
   */
  strict: boolean;
  /** The window's language: errors made from a catalog's message are said in it (English without one). */
  words?: () => Translate;
}

/** A breach of the contract found in strict mode: a bug, with every issue in its message. */
export class ContractError extends Error {
  override name = 'ContractError';
}

const isChannel = (name: string): name is ChannelName =>
  (channelNames as readonly string[]).includes(name);

export function toIpcError(err: unknown, t: Translate = english.t): IpcError {
  if (err instanceof AppError) {
    const error: IpcError = { code: err.code, message: redactSecrets(sayError(err, t)) };
    if (err.serviceCode !== undefined) error.serviceCode = err.serviceCode;
    if (err.details !== undefined) error.details = redactSecrets(err.details).slice(0, 500);
    return error;
  }
  log.error('unexpected error in a handler', err);
  return { code: 'internal', message: t('error.ipc.internal') };
}

/**
 * Every issue of a failed parse in one message, each as "path: message" (the
 * message alone when it is about the value as a whole), in zod's order. One
 * issue reads as that issue; several follow one another as sentences, so the
 * user fixes them all at once instead of meeting them one at a time.
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  t: Translate = english.t,
): string {
  const each = issues.map((issue) => {
    const said = sayInput(issue.message, t);
    return issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${said}` : said;
  });
  if (each.length <= 1) return each[0] ?? 'invalid input';
  return each.map((text) => (/[.!?]$/.test(text) ? text : `${text}.`)).join(' ');
}

/**
 * Checks values against their schemas: null when one fits, otherwise the
 * breach in words, which is logged (in lenient mode once per channel or event,
 * so a broken progress event cannot flood the log).
 */
function contractCheck(strict: boolean) {
  const logged = new Set<string>();
  return (what: string, name: string, schema: z.ZodType, value: unknown): string | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return null;
    const breach = `The ${what} of ${name} breaks its schema: ${describeIssues(parsed.error.issues)}`;
    if (strict) {
      log.error(breach);
    } else if (!logged.has(name)) {
      logged.add(name);
      log.error(`${breach} (passed on as it is)`);
    }
    return breach;
  };
}

export function createHandlerRegistry(
  handlers: Handlers,
  { strict = true, words = () => english.t }: Partial<ContractChecks> = {},
): HandlerRegistry {
  const check = contractCheck(strict);
  return {
    channels: channelNames,
    async invoke(channel, input) {
      if (!isChannel(channel)) {
        return fail({ code: 'unknown_channel', message: `There is no channel named ${channel}.` });
      }
      const parsed = contract[channel].input.safeParse(input);
      if (!parsed.success) {
        return fail({
          code: 'invalid_input',
          message: describeIssues(parsed.error.issues, words()),
        });
      }
      let output: unknown;
      try {
        // The cast is safe: parsed.data was validated against this channel's schema.
        const handler = handlers[channel] as (value: unknown) => Promise<unknown>;
        output = await handler(parsed.data);
      } catch (err) {
        return fail(toIpcError(err, words()));
      }
      const breach = check('output', channel, contract[channel].output, output);
      if (breach !== null && strict)
        return fail({ code: 'internal', message: redactSecrets(breach) });
      return ok(output);
    },
  };
}

/**
 * The bus every event main pushes goes through. Shells subscribe once and
 * forward each event over their own transport (webContents.send, or the test
 * bridge); each payload is checked against its schema first.
 */
export function createEventBus({ strict = true }: Partial<ContractChecks> = {}): EventBus {
  const check = contractCheck(strict);
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      const breach = check('payload', event, eventPayloads[event], payload);
      if (breach !== null && strict) throw new ContractError(redactSecrets(breach));
      for (const listener of listeners) listener(event, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
