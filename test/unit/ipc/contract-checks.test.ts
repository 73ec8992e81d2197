// What main answers and pushes is checked against the contract: a handler's
// output or an event's payload that breaks its schema is a bug, an error in
// development and tests that names the channel or event and every issue, and
// in an installed build a log line while the value crosses as it is.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordingHandlers, sampleBalance, sampleStatus } from '../support/ipc-handlers';
import { createCore, strictContract } from '../../../electron/core';
import type { Balance, EventPayloads, JobView } from '../../../electron/ipc/contract';
import {
  ContractError,
  createEventBus,
  createHandlerRegistry,
} from '../../../electron/ipc/registry';
import { setLogSink } from '../../../electron/lib/log';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';

const logLines: string[] = [];
beforeEach(() => {
  logLines.length = 0;
  setLogSink((_level, line) => logLines.push(line));
});
afterEach(() => setLogSink(() => undefined));

/** A balance with two things wrong: micros that are not whole, and no time. */
const brokenBalance = { balanceMicros: 1.5 } as unknown as Balance;
const ISSUES =
  'balanceMicros: Invalid input: expected int, received number. ' +
  'fetchedAt: Invalid input: expected string, received undefined.';

describe('outputs, in strict mode (development and tests)', () => {
  it('answers internal, naming the channel and every issue, and logs it', async () => {
    const { handlers, calls } = recordingHandlers({ 'balance:get': async () => brokenBalance });
    const answer = await createHandlerRegistry(handlers, { strict: true }).invoke(
      'balance:get',
      undefined,
    );
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: `The output of balance:get breaks its schema: ${ISSUES}`,
      },
    });
    expect(calls).toHaveLength(1);
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toContain(`The output of balance:get breaks its schema: ${ISSUES}`);
  });

  it('is the default', async () => {
    const { handlers } = recordingHandlers({ 'balance:get': async () => brokenBalance });
    const answer = await createHandlerRegistry(handlers).invoke('balance:get', undefined);
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('refuses a field the view does not have, so nothing extra crosses', async () => {
    const { handlers } = recordingHandlers({
      'key:status': async () => ({ ...sampleStatus, apiKey: 'sk_live_abcd1a2b' }),
    });
    const answer = await createHandlerRegistry(handlers).invoke('key:status', undefined);
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: 'The output of key:status breaks its schema: Unrecognized key: "apiKey"',
      },
    });
  });

  it('passes an output that fits, untouched', async () => {
    const { handlers } = recordingHandlers();
    const answer = await createHandlerRegistry(handlers).invoke('balance:get', undefined);
    expect(answer).toEqual({ ok: true, value: sampleBalance });
    expect(logLines).toEqual([]);
  });

  it('checks outputs that are null, a list, or a literal', async () => {
    const job = { id: 'j-1' } as unknown as JobView;
    const { handlers } = recordingHandlers({
      'file:show': async () => null,
      'file:choose': async () => null,
      'job:list': async () => [job],
      'job:remove': async () => ({ removed: 'yes' }) as unknown as { removed: true },
    });
    const registry = createHandlerRegistry(handlers);
    expect(await registry.invoke('file:show', { fileId: 'c2F2ZWRfZmlsZV9pZF8xMg' })).toEqual({
      ok: true,
      value: null,
    });
    expect(await registry.invoke('file:choose', undefined)).toEqual({ ok: true, value: null });
    const list = await registry.invoke('job:list', undefined);
    if (list.ok) throw new Error('expected a breach');
    expect(list.error.message).toMatch(/^The output of job:list breaks its schema: 0\.fileName: /);
    const removed = await registry.invoke('job:remove', { jobId: 'j-1' });
    if (removed.ok) throw new Error('expected a breach');
    expect(removed.error.message).toMatch(/^The output of job:remove breaks its schema: removed: /);
  });
});

describe('outputs, in an installed build', () => {
  it('passes a broken output on as it is, and logs the breach once per channel', async () => {
    const { handlers } = recordingHandlers({ 'balance:get': async () => brokenBalance });
    const registry = createHandlerRegistry(handlers, { strict: false });
    expect(await registry.invoke('balance:get', undefined)).toEqual({
      ok: true,
      value: brokenBalance,
    });
    expect(await registry.invoke('balance:get', undefined)).toEqual({
      ok: true,
      value: brokenBalance,
    });
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toContain(`The output of balance:get breaks its schema: ${ISSUES}`);
  });

  it('still validates every input', async () => {
    const { handlers, calls } = recordingHandlers();
    const answer = await createHandlerRegistry(handlers, { strict: false }).invoke('key:set', {
      apiKey: 'short',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls).toEqual([]);
  });
});

describe('event payloads', () => {
  const received: [string, unknown][] = [];
  beforeEach(() => {
    received.length = 0;
  });

  it('in strict mode: not delivered; emit throws, naming the event and every issue', () => {
    const bus = createEventBus({ strict: true });
    bus.subscribe((event, payload) => received.push([event, payload]));
    expect(() => bus.emit('balance:changed', brokenBalance)).toThrow(
      new ContractError(`The payload of balance:changed breaks its schema: ${ISSUES}`),
    );
    expect(received).toEqual([]);
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toContain(`The payload of balance:changed breaks its schema: ${ISSUES}`);
  });

  it('in strict mode: a payload that fits is delivered untouched', () => {
    const bus = createEventBus();
    bus.subscribe((event, payload) => received.push([event, payload]));
    bus.emit('balance:changed', sampleBalance);
    bus.emit('settings:open', { from: 'menu' });
    expect(received).toEqual([
      ['balance:changed', sampleBalance],
      ['settings:open', { from: 'menu' }],
    ]);
    expect(received[0]?.[1]).toBe(sampleBalance);
    expect(logLines).toEqual([]);
  });

  it('is strict by default', () => {
    const bus = createEventBus();
    const wrong = { from: 'keyboard' } as unknown as EventPayloads['settings:open'];
    expect(() => bus.emit('settings:open', wrong)).toThrow(
      /^The payload of settings:open breaks its schema: from: /,
    );
  });

  it('in an installed build: delivered as it is, and logged once per event', () => {
    const bus = createEventBus({ strict: false });
    bus.subscribe((event, payload) => received.push([event, payload]));
    bus.emit('balance:changed', brokenBalance);
    bus.emit('balance:changed', brokenBalance);
    expect(received).toEqual([
      ['balance:changed', brokenBalance],
      ['balance:changed', brokenBalance],
    ]);
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toContain(`The payload of balance:changed breaks its schema: ${ISSUES}`);
  });
});

describe('the core', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  async function core(options: { strictContract?: boolean } = {}) {
    const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-checks-'));
    dirs.push(dir);
    return createCore({ dataDir: dir, keyStore: createMemoryKeyStore(null), ...options });
  }

  it('is strict under Vitest, for its events and its handlers', async () => {
    const c = await core();
    try {
      expect(() => c.events.emit('balance:changed', brokenBalance)).toThrow(ContractError);
      expect(await c.registry.invoke('key:status', undefined)).toMatchObject({ ok: true });
    } finally {
      await c.dispose();
    }
  });

  it('can be told to be lenient, as an installed build is', async () => {
    const c = await core({ strictContract: false });
    try {
      const seen: unknown[] = [];
      c.events.subscribe((_event, payload) => seen.push(payload));
      c.events.emit('balance:changed', brokenBalance);
      expect(seen).toEqual([brokenBalance]);
    } finally {
      await c.dispose();
    }
  });
});

describe('strictContract', () => {
  const node = { execPath: '/usr/bin/node', platform: 'linux' };
  const electron = (execPath: string, platform = 'linux') => ({
    electron: '45.4.1',
    execPath,
    platform,
  });

  it('is strict in every test run', () => {
    expect(strictContract()).toBe(true);
    expect(strictContract({ VITEST: 'true', NODE_ENV: 'production' }, node)).toBe(true);
    expect(strictContract({ TEST_WORKER_INDEX: '0' }, node)).toBe(true);
  });

  it('is strict in development: plain Node, or the electron executable', () => {
    expect(strictContract({}, node)).toBe(true);
    expect(strictContract({}, electron('/work/node_modules/electron/dist/electron'))).toBe(true);
    expect(strictContract({}, electron('/x/Electron.app/Contents/MacOS/Electron', 'darwin'))).toBe(
      true,
    );
    expect(strictContract({}, electron('C:\\x\\dist\\electron.exe', 'win32'))).toBe(true);
  });

  it('is lenient in an installed build, and wherever NODE_ENV is production', () => {
    expect(strictContract({}, electron('/opt/List Cleaner/list-cleaner'))).toBe(false);
    expect(
      strictContract(
        {},
        electron('/Applications/List Cleaner.app/Contents/MacOS/List Cleaner', 'darwin'),
      ),
    ).toBe(false);
    expect(
      strictContract({}, electron('C:\\Programs\\List Cleaner\\List Cleaner.exe', 'win32')),
    ).toBe(false);
    expect(strictContract({ NODE_ENV: 'production' }, node)).toBe(false);
  });
});
