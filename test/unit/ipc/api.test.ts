import { describe, expect, it } from 'vitest';
import { createApi, type ApiTransport } from '../../../electron/ipc/api';
import { channelNames, eventNames, listenerName, splitName } from '../../../electron/ipc/channels';
import type { ListCleanerApi } from '../../../electron/ipc/api-types';

type Listener = (payload: unknown) => void;

/** A transport that records what crosses it and lets the test push events. */
function recordingTransport() {
  const invocations: Array<{ channel: string; input: unknown; argCount: number }> = [];
  const listeners = new Map<string, Set<Listener>>();
  const transport: ApiTransport = {
    invoke(...args: [string, unknown]) {
      const [channel, input] = args;
      invocations.push({ channel, input, argCount: args.length });
      return Promise.resolve({ ok: true, value: { answeredBy: channel } });
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  const push = (event: string, payload: unknown): void => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  const count = (event: string): number => listeners.get(event)?.size ?? 0;
  return { transport, invocations, push, count };
}

/** The api as plain groups of members, to walk it the way a page script could. */
function groups(api: ListCleanerApi): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  for (const [domain, group] of Object.entries(api)) {
    expect(typeof group, domain).toBe('object');
    out.set(domain, new Map(Object.entries(group as object)));
  }
  return out;
}

function method(api: ListCleanerApi, channel: string): (input?: unknown) => Promise<unknown> {
  const [domain, verb] = splitName(channel);
  const member = groups(api).get(domain)?.get(verb);
  if (typeof member !== 'function') throw new Error(`no method for ${channel}`);
  return member as (input?: unknown) => Promise<unknown>;
}

describe('channel names', () => {
  it('splits a name into domain and verb', () => {
    expect(splitName('key:set')).toEqual(['key', 'set']);
    expect(splitName('settings:update')).toEqual(['settings', 'update']);
  });

  it('names each event listener onDomainVerb', () => {
    expect(listenerName('balance:changed')).toBe('onBalanceChanged');
    expect(listenerName('account:changed')).toBe('onAccountChanged');
  });

  it('are unique, well formed, and no domain clashes with the events group', () => {
    const all = [...channelNames, ...eventNames];
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) expect(name).toMatch(/^[a-z]+:[a-z]+$/);
    for (const channel of channelNames) expect(splitName(channel)[0]).not.toBe('events');
  });
});

describe('createApi', () => {
  it('has exactly one method per channel, grouped by domain', () => {
    const api = createApi(recordingTransport().transport);
    const expected = new Map<string, string[]>();
    for (const channel of channelNames) {
      const [domain, verb] = splitName(channel);
      expected.set(domain, [...(expected.get(domain) ?? []), verb]);
    }
    const actual = groups(api);
    expect([...actual.keys()].sort()).toEqual([...expected.keys(), 'events'].sort());
    for (const [domain, verbs] of expected) {
      expect([...(actual.get(domain)?.keys() ?? [])].sort(), domain).toEqual([...verbs].sort());
      for (const verb of verbs) expect(typeof actual.get(domain)?.get(verb)).toBe('function');
    }
  });

  it('has exactly one listener per event, and nothing else in events', () => {
    const events = groups(createApi(recordingTransport().transport)).get('events');
    expect([...(events?.keys() ?? [])].sort()).toEqual(eventNames.map(listenerName).sort());
  });

  it('exposes no generic way to reach an arbitrary channel', () => {
    const api = createApi(recordingTransport().transport);
    const members = [...groups(api).values()].flatMap((group) => [...group.keys()]);
    for (const generic of ['invoke', 'send', 'sendSync', 'on', 'emit', 'call', 'request']) {
      expect(Object.keys(api)).not.toContain(generic);
      expect(members).not.toContain(generic);
    }
  });

  it.each(channelNames)(
    'sends %s with its input unchanged and returns the answer',
    async (channel) => {
      const { transport, invocations } = recordingTransport();
      const api = createApi(transport);
      const input = { marker: channel };
      const answer = await method(api, channel)(input);
      expect(invocations).toHaveLength(1);
      expect(invocations[0]?.channel).toBe(channel);
      expect(invocations[0]?.input).toBe(input);
      expect(answer).toEqual({ ok: true, value: { answeredBy: channel } });
    },
  );

  it('sends undefined, not an empty object, for a method called with no input', async () => {
    const { transport, invocations } = recordingTransport();
    await createApi(transport).balance.get();
    expect(invocations).toEqual([{ channel: 'balance:get', input: undefined, argCount: 2 }]);
  });

  it('passes on only the input, however many arguments a page script adds', async () => {
    const { transport, invocations } = recordingTransport();
    const api = createApi(transport);
    const set = method(api, 'key:set') as (...args: unknown[]) => Promise<unknown>;
    await set({ apiKey: 'sk_live_abcd1a2b' }, 'settings:update', { evil: true });
    expect(invocations).toEqual([
      { channel: 'key:set', input: { apiKey: 'sk_live_abcd1a2b' }, argCount: 2 },
    ]);
  });

  it('delivers only the payload to an event listener, until unsubscribed', () => {
    const { transport, push, count } = recordingTransport();
    const api = createApi(transport);
    const received: unknown[][] = [];
    const off = api.events.onBalanceChanged((...args: unknown[]) => received.push(args));
    const payload = { balanceMicros: 7, fetchedAt: '2025-01-01T00:00:00.000Z' };
    push('balance:changed', payload);
    push('account:changed', { mode: 'none' });
    expect(received).toEqual([[payload]]);
    expect(count('balance:changed')).toBe(1);
    off();
    expect(count('balance:changed')).toBe(0);
    push('balance:changed', payload);
    expect(received).toHaveLength(1);
  });

  it('drops anything beyond the payload that a transport passes along', () => {
    const leaky: ApiTransport = {
      invoke: () => Promise.resolve(undefined),
      subscribe(_event, listener) {
        (listener as (...args: unknown[]) => void)('payload', { sender: 'ipcRenderer' });
        return () => undefined;
      },
    };
    const received: unknown[][] = [];
    createApi(leaky).events.onAccountChanged((...args: unknown[]) => received.push(args));
    expect(received).toEqual([['payload']]);
  });

  it('keeps two subscriptions of the same listener apart', () => {
    // The e2e bridge keeps listeners in a Set; each subscription must still be its own entry.
    const { transport, push } = recordingTransport();
    const api = createApi(transport);
    const received: unknown[] = [];
    const listener = (payload: unknown): void => {
      received.push(payload);
    };
    const offFirst = api.events.onBalanceChanged(listener);
    api.events.onBalanceChanged(listener);
    offFirst();
    push('balance:changed', 'still subscribed');
    expect(received).toEqual(['still subscribed']);
  });

  it('refuses a listener that is not a function, subscribing nothing', () => {
    const { transport, count } = recordingTransport();
    const events = groups(createApi(transport)).get('events');
    const on = events?.get('onAccountChanged') as (listener: unknown) => unknown;
    expect(() => on('not a function')).toThrow(TypeError);
    expect(() => on(undefined)).toThrow(TypeError);
    expect(count('account:changed')).toBe(0);
  });

  it('is frozen all the way down, so a page script cannot reroute a method', async () => {
    const { transport, invocations } = recordingTransport();
    const api = createApi(transport);
    expect(Object.isFrozen(api)).toBe(true);
    for (const [domain, group] of Object.entries(api)) {
      expect(Object.isFrozen(group), domain).toBe(true);
    }
    const keyGroup = api.key as Record<string, unknown>;
    // ES modules run in strict mode, where writing to a frozen object throws.
    expect(() => {
      keyGroup.set = () => transport.invoke('key:clear', undefined);
    }).toThrow(TypeError);
    expect(() => {
      (api as unknown as Record<string, unknown>).key = {};
    }).toThrow(TypeError);
    await api.key.set({ apiKey: 'sk_live_abcd1a2b' });
    expect(invocations.map((i) => i.channel)).toEqual(['key:set']);
  });
});
