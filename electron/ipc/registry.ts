// The handler table behind every channel. Electron's ipcMain and the e2e test
// bridge both route into invoke(), so validation and error mapping happen in
// exactly one place and tests can call handlers without Electron.
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

export function createHandlerRegistry(handlers: Handlers): HandlerRegistry {
  return {
    channels: channelNames,
    async invoke(channel, input) {
      if (!isChannel(channel)) {
        return fail({ code: 'unknown_channel', message: `There is no channel named ${channel}.` });
      }
      const parsed = contract[channel].input.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
        return fail({
          code: 'invalid_input',
          message: `${where}${issue?.message ?? 'invalid input'}`,
        });
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
