// The test bridge's stand-in for electron/preload.ts: the same createApi, with
// a transport that forwards each call unchanged to a Playwright binding, behind
// which the test process runs the very handler table Electron's main registers.
import { createApi } from '../../../electron/ipc/api';

type Listener = (payload: unknown) => void;

interface BridgeWindow {
  __listCleanerInvoke(channel: string, input: unknown): Promise<unknown>;
  __listCleanerEmit?: (event: string, payload: unknown) => void;
  api?: unknown;
}

const w = window as unknown as BridgeWindow;
const listeners = new Map<string, Set<Listener>>();

w.__listCleanerEmit = (event, payload) => {
  for (const listener of listeners.get(event) ?? []) listener(payload);
};

Object.defineProperty(window, 'api', {
  value: createApi({
    invoke: (channel, input) => w.__listCleanerInvoke(channel, input),
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  }),
  writable: false,
  configurable: false,
});
