// The handler table behind every channel. Electron's ipcMain and the e2e test
// bridge both route into invoke(), so validation and error mapping happen in
// exactly one place and tests can call handlers without Electron.
import type { z } from 'zod';
import { channelNames, type ChannelName } from './channels';
import { contract, type ChannelInput, type ChannelOutput } from './contract';
import { fail, ok, type IpcError, type IpcResult } from './result';
import { AppError } from '../lib/app-error';
import { log, redact } from '../lib/log';

export type Handlers = {
  [C in ChannelName]: (input: ChannelInput<C>) => Promise<ChannelOutput<C>>;
};

export interface HandlerRegistry {
  channels: readonly ChannelName[];
  invoke(channel: string, input: unknown): Promise<IpcResult<unknown>>;
}

const isChannel = (name: string): name is ChannelName =>
  (channelNames as readonly string[]).includes(name);

export function toIpcError(err: unknown): IpcError {
  if (err instanceof AppError) {
    const error: IpcError = { code: err.code, message: redact(err.message) };
    if (err.serviceCode !== undefined) error.serviceCode = err.serviceCode;
    return error;
  }
  log.error('unexpected error in a handler', err);
  return {
    code: 'internal',
    message: 'Something went wrong inside List Cleaner. Nothing was charged; please try again.',
  };
}

/**
 * Every issue of a failed parse in one message, each as "path: message" (the
 * message alone when it is about the value as a whole), in zod's order. One
 * issue reads as that issue; several follow one another as sentences, so the
 * user fixes them all at once instead of meeting them one at a time.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const each = issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
  );
  if (each.length <= 1) return each[0] ?? 'invalid input';
  return each.map((text) => (/[.!?]$/.test(text) ? text : `${text}.`)).join(' ');
}

export function createHandlerRegistry(handlers: Handlers): HandlerRegistry {
  return {
    channels: channelNames,
    async invoke(channel, input) {
      if (!isChannel(channel)) {
        return fail({ code: 'unknown_channel', message: `There is no channel named ${channel}.` });
      }
      const parsed = contract[channel].input.safeParse(input);
      if (!parsed.success) {
        return fail({ code: 'invalid_input', message: describeIssues(parsed.error.issues) });
      }
      try {
        // The cast is safe: parsed.data was validated against this channel's schema.
        const handler = handlers[channel] as (value: unknown) => Promise<unknown>;
        return ok(await handler(parsed.data));
      } catch (err) {
        return fail(toIpcError(err));
      }
    },
  };
}
