// The real preload, run against a stand-in contextBridge and ipcRenderer: what
// it puts on the page, and what crosses to main when the page uses it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, fakeWebUtils } from '../support/fake-electron';
import { createApi } from '../../../electron/ipc/api';
import type { FilesApi, ListCleanerApi } from '../../../electron/ipc/api-types';
import {
  FILE_GRANT_CHANNEL,
  channelNames,
  eventNames,
  listenerName,
  splitName,
} from '../../../electron/ipc/channels';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

// Imported once: a preload runs once per page, and reset() below leaves the
// main world alone, so every test sees what that one run exposed.
await import('../../../electron/preload');
const exposed = new Map(fakeElectron.contextBridge.mainWorld);
const { ipcRenderer } = fakeElectron;

function api(): ListCleanerApi {
  const value = exposed.get('api');
  if (typeof value !== 'object' || value === null) throw new Error('window.api was not exposed');
  return value as ListCleanerApi;
}

/** Member names of each group of an api, to compare shapes. */
function shape(value: object): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(value).map(([domain, group]) => [domain, Object.keys(group as object).sort()]),
  );
}

beforeEach(() => {
  ipcRenderer.reset();
});

describe('preload', () => {
  it('exposes exactly two keys on the main world: api, and files for dropped files', () => {
    expect([...exposed.keys()]).toEqual(['api', 'files']);
  });

  const files = () => exposed.get('files') as FilesApi;

  it('registers a dropped file with main by its path, on a channel outside window.api', async () => {
    expect(Object.keys(files())).toEqual(['grant']);
    expect(Object.isFrozen(files())).toBe(true);
    const granted = { ok: true, value: { token: 'A'.repeat(22), fileName: 'contacts.csv' } };
    ipcRenderer.respond = () => granted;
    const answer = await files().grant(new File(['a@b.c'], 'contacts.csv'));
    // The page gets a token, never the path; the path crossed only to main.
    expect(answer).toBe(granted);
    expect(ipcRenderer.invocations).toEqual([
      { channel: FILE_GRANT_CHANNEL, args: ['/dropped/contacts.csv'] },
    ]);
    expect(channelNames as readonly string[]).not.toContain(FILE_GRANT_CHANNEL);
  });

  it('gets nothing for a File made by script, which has no path', async () => {
    // Electron's webUtils answers '' for a File that is not on disk.
    const spy = vi.spyOn(fakeWebUtils, 'getPathForFile').mockReturnValue('');
    try {
      const answer = await files().grant(new File(['x'], '/etc/passwd'));
      expect(answer).toMatchObject({ ok: false, error: { code: 'bad_file' } });
      expect(ipcRenderer.invocations).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('exposes the contract, and only the contract', () => {
    const reference = createApi({
      invoke: async () => undefined,
      subscribe: () => () => undefined,
    });
    expect(shape(api())).toEqual(shape(reference));
    const methods = Object.entries(shape(api()))
      .filter(([domain]) => domain !== 'events')
      .flatMap(([, verbs]) => verbs);
    expect(methods).toHaveLength(channelNames.length);
    expect(shape(api()).events).toEqual(eventNames.map(listenerName).sort());
  });

  it('is frozen', () => {
    expect(Object.isFrozen(api())).toBe(true);
    expect(Object.isFrozen(api().key)).toBe(true);
  });

  it.each(channelNames)(
    'invokes %s through ipcRenderer with the input unchanged',
    async (channel) => {
      const [domain, verb] = splitName(channel);
      const group = new Map(Object.entries(api())).get(domain) as Record<string, unknown>;
      const call = group[verb] as (input?: unknown) => Promise<unknown>;
      const input = { marker: channel, nested: { list: [1, 2, 3] } };
      ipcRenderer.respond = (answered) => ({ ok: true, value: `answer to ${answered}` });
      const answer = await call(input);
      expect(ipcRenderer.invocations).toHaveLength(1);
      expect(ipcRenderer.invocations[0]?.channel).toBe(channel);
      expect(ipcRenderer.invocations[0]?.args).toHaveLength(1);
      expect(ipcRenderer.invocations[0]?.args[0]).toBe(input);
      expect(answer).toEqual({ ok: true, value: `answer to ${channel}` });
    },
  );

  it('passes an error envelope from main through untouched', async () => {
    const refusal = { ok: false, error: { code: 'forbidden', message: 'no' } };
    ipcRenderer.respond = () => refusal;
    expect(await api().balance.get()).toBe(refusal);
    expect(ipcRenderer.invocations).toEqual([{ channel: 'balance:get', args: [undefined] }]);
  });

  it('gives an event listener the payload only, never the IpcRendererEvent', () => {
    const received: unknown[][] = [];
    api().events.onBalanceChanged((...args: unknown[]) => received.push(args));
    const payload = { balanceMicros: 42, fetchedAt: '2025-01-01T00:00:00.000Z' };
    const { event } = ipcRenderer.deliver('balance:changed', payload);
    expect(received).toEqual([[payload]]);
    expect(received.flat()).not.toContain(event);
  });

  it('delivers each event only to its own listeners', () => {
    const balance: unknown[] = [];
    const account: unknown[] = [];
    api().events.onBalanceChanged((payload) => balance.push(payload));
    api().events.onAccountChanged((payload) => account.push(payload));
    ipcRenderer.deliver('account:changed', { mode: 'demo' });
    expect(balance).toEqual([]);
    expect(account).toEqual([{ mode: 'demo' }]);
  });

  it('removes the ipcRenderer listener on unsubscribe, and only its own', () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const offFirst = api().events.onBalanceChanged((payload) => first.push(payload));
    api().events.onBalanceChanged((payload) => second.push(payload));
    expect(ipcRenderer.listenerCount('balance:changed')).toBe(2);
    offFirst();
    expect(ipcRenderer.listenerCount('balance:changed')).toBe(1);
    ipcRenderer.deliver('balance:changed', 'after');
    expect(first).toEqual([]);
    expect(second).toEqual(['after']);
  });

  it('lets the same listener subscribe twice and unsubscribe each independently', () => {
    const received: unknown[] = [];
    const listener = (payload: unknown): void => {
      received.push(payload);
    };
    const offA = api().events.onAccountChanged(listener);
    const offB = api().events.onAccountChanged(listener);
    offA();
    ipcRenderer.deliver('account:changed', 'once');
    expect(received).toEqual(['once']);
    offB();
    expect(ipcRenderer.listenerCount('account:changed')).toBe(0);
  });

  it('subscribes nothing for a listener that is not a function', () => {
    const on = api().events.onBalanceChanged as (listener: unknown) => unknown;
    expect(() => on(null)).toThrow(TypeError);
    expect(ipcRenderer.listenerCount('balance:changed')).toBe(0);
  });
});
