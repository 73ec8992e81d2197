import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordingHandlers, sampleBalance, sampleStatus } from '../support/ipc-handlers';
import { channelNames } from '../../../electron/ipc/channels';
import { createHandlerRegistry, toIpcError } from '../../../electron/ipc/registry';
import { AppError } from '../../../electron/lib/app-error';
import { forgetSecret, registerSecret, setLogSink } from '../../../electron/lib/log';

const SECRET = 'sk_live_registry_suite_9f3e';
const logLines: string[] = [];

beforeEach(() => {
  logLines.length = 0;
  setLogSink((_level, line) => logLines.push(line));
  registerSecret(SECRET);
});
afterEach(() => {
  forgetSecret(SECRET);
  // Whatever a handler threw, the secret reaches no log line.
  expect(logLines.join('\n')).not.toContain(SECRET);
});

describe('handler registry', () => {
  it('serves exactly the channels of the contract', () => {
    const { handlers } = recordingHandlers();
    expect(createHandlerRegistry(handlers).channels).toEqual(channelNames);
  });

  it("wraps the handler's answer in an ok envelope", async () => {
    const { handlers, calls } = recordingHandlers();
    const registry = createHandlerRegistry(handlers);
    expect(await registry.invoke('balance:get', undefined)).toEqual({
      ok: true,
      value: sampleBalance,
    });
    expect(calls).toEqual([{ channel: 'balance:get', input: undefined }]);
  });

  it('gives the handler the validated value, not the raw input', async () => {
    const { handlers, calls } = recordingHandlers();
    const registry = createHandlerRegistry(handlers);
    const answer = await registry.invoke('key:set', { apiKey: '  sk_live_abcd1a2b \n' });
    expect(calls).toEqual([{ channel: 'key:set', input: { apiKey: 'sk_live_abcd1a2b' } }]);
    expect(answer).toEqual({ ok: true, value: { ...sampleStatus, keyLast4: '1a2b' } });
  });

  it.each([
    { channel: 'key:set', input: undefined },
    { channel: 'key:set', input: null },
    { channel: 'key:set', input: 'sk_live_abcd1a2b' },
    { channel: 'key:set', input: { apiKey: 'short' } },
    { channel: 'key:set', input: { apiKey: 'sk_live_abcd1a2b', admin: true } },
    { channel: 'key:set', input: { apiKey: 'sk_live_abcd1a2b', baseUrl: 'file:///etc/passwd' } },
    { channel: 'settings:update', input: { pollIntervalSeconds: 1 } },
    { channel: 'settings:update', input: { theme: 'purple' } },
    { channel: 'balance:get', input: {} },
    { channel: 'key:clear', input: 'please' },
  ])('refuses $channel with $input and never runs the handler', async ({ channel, input }) => {
    const { handlers, calls } = recordingHandlers();
    const answer = await createHandlerRegistry(handlers).invoke(channel, input);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: expect.any(String) },
    });
    expect(calls).toEqual([]);
  });

  it('says which field is wrong, in words from the contract', async () => {
    const { handlers } = recordingHandlers();
    const answer = await createHandlerRegistry(handlers).invoke('key:set', { apiKey: 'short' });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'apiKey: That key is too short: paste the whole key from your account Settings.',
      },
    });
  });

  it('lists every issue of an input, not only the first', async () => {
    const { handlers, calls } = recordingHandlers();
    const answer = await createHandlerRegistry(handlers).invoke('key:set', {
      apiKey: 'short',
      baseUrl: 'ftp://api.example.com',
    });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'apiKey: That key is too short: paste the whole key from your account Settings. ' +
          'baseUrl: The service address must start with https:// (it starts with ftp://).',
      },
    });
    expect(calls).toEqual([]);
  });

  it('ends each issue as a sentence when zod words it without a full stop', async () => {
    const { handlers } = recordingHandlers();
    const answer = await createHandlerRegistry(handlers).invoke('job:rows', {
      jobId: 'a-1',
      offset: -1,
      limit: 'all',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (answer.ok) throw new Error('expected a refusal');
    expect(answer.error.message).toMatch(/^offset: [^]*\. limit: [^]*\.$/);
  });

  it.each([
    '',
    'key',
    'key:',
    'key:delete',
    'KEY:SET',
    'key:set ',
    '__proto__',
    'constructor',
    'toString',
  ])('answers unknown_channel for %j and runs nothing', async (channel) => {
    const { handlers, calls } = recordingHandlers();
    const answer = await createHandlerRegistry(handlers).invoke(channel, undefined);
    expect(answer).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(calls).toEqual([]);
  });

  it("keeps an AppError's code, message and service code", async () => {
    const { handlers } = recordingHandlers({
      'balance:get': async () => {
        throw new AppError('insufficient_balance', 'Your balance is too low for this list.', 402);
      },
    });
    const answer = await createHandlerRegistry(handlers).invoke('balance:get', undefined);
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'insufficient_balance',
        message: 'Your balance is too low for this list.',
        serviceCode: 402,
      },
    });
  });

  it('adds no service code when the error has none', async () => {
    const { handlers } = recordingHandlers({
      'key:status': async () => {
        throw new AppError('keychain', 'The keychain is locked.');
      },
    });
    const answer = await createHandlerRegistry(handlers).invoke('key:status', undefined);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'keychain', message: 'The keychain is locked.' },
    });
  });

  it('removes a registered secret from an AppError message', async () => {
    const { handlers } = recordingHandlers({
      'key:set': async ({ apiKey }) => {
        throw new AppError('auth_failed', `The service refused the key ${apiKey}.`);
      },
    });
    const answer = await createHandlerRegistry(handlers).invoke('key:set', { apiKey: SECRET });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'auth_failed', message: 'The service refused the key [redacted].' },
    });
  });

  it.each([
    { name: 'an Error', thrown: () => new Error(`ECONNRESET while sending ${SECRET}`) },
    { name: 'a TypeError', thrown: () => new TypeError(`cannot read ${SECRET} of undefined`) },
    { name: 'a string', thrown: () => `raw failure with ${SECRET}` },
    { name: 'an object', thrown: () => ({ detail: `leak ${SECRET}` }) },
  ])('turns $name into a generic internal error that leaks nothing', async ({ thrown }) => {
    const { handlers } = recordingHandlers({
      'balance:get': async () => {
        throw thrown();
      },
    });
    const answer = await createHandlerRegistry(handlers).invoke('balance:get', undefined);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.any(String) },
    });
    const text = JSON.stringify(answer);
    expect(text).not.toContain(SECRET);
    for (const word of ['ECONNRESET', 'cannot read', 'raw failure', 'leak']) {
      expect(text).not.toContain(word);
    }
    // Logged for the developer, with the secret already removed.
    expect(logLines.some((line) => line.includes('[redacted]'))).toBe(true);
  });

  it('catches a handler that throws before returning a promise', async () => {
    const { handlers } = recordingHandlers({
      'settings:get': () => {
        throw new AppError('internal', 'Settings are unreadable.');
      },
    });
    const answer = await createHandlerRegistry(handlers).invoke('settings:get', undefined);
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('answers with plain data that survives the structured clone of IPC', async () => {
    const { handlers } = recordingHandlers({
      'balance:get': async () => {
        throw new AppError('service', 'The service is down.', 500);
      },
    });
    const answer = await createHandlerRegistry(handlers).invoke('balance:get', undefined);
    expect(structuredClone(answer)).toEqual(answer);
    expect(Object.keys(answer)).toEqual(['ok', 'error']);
    if (answer.ok) throw new Error('expected a failure');
    expect(Object.keys(answer.error).sort()).toEqual(['code', 'message', 'serviceCode']);
    expect(answer.error).not.toBeInstanceOf(Error);
  });
});

describe('toIpcError', () => {
  it('gives every unexpected error the same message', () => {
    const a = toIpcError(new Error('disk full'));
    const b = toIpcError(new RangeError('index 7'));
    expect(a).toEqual(b);
    expect(a.code).toBe('internal');
  });
});
