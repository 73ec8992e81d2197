// Builds window.api from a transport. The Electron preload passes ipcRenderer;
// the e2e test bridge passes a Playwright binding. Both get the same object,
// so the renderer cannot tell them apart.
import { channelNames, eventNames, listenerName, splitName } from './channels';
import type { ListCleanerApi, Unsubscribe } from './api-types';

export interface ApiTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Listener receives the payload only, never a transport event object. */
  subscribe(event: string, listener: (payload: unknown) => void): Unsubscribe;
}

export function createApi(transport: ApiTransport): ListCleanerApi {
  const api: Record<string, Record<string, unknown>> = { events: {} };
  for (const channel of channelNames) {
    const [domain, verb] = splitName(channel);
    const group = (api[domain] ??= {});
    group[verb] = (input?: unknown) => transport.invoke(channel, input);
  }
  const events = api.events as Record<string, unknown>;
  for (const event of eventNames) {
    events[listenerName(event)] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      return transport.subscribe(event, (payload) => listener(payload));
    };
  }
  // Frozen so page scripts cannot swap a method for another channel.
  for (const group of Object.values(api)) Object.freeze(group);
  return Object.freeze(api) as unknown as ListCleanerApi;
}
