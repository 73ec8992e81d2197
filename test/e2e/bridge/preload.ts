// The test bridge's stand-in for electron/preload.ts: the same createApi, with
// a transport that forwards each call unchanged to a Playwright binding, behind
// which the test process runs the very handler table Electron's main registers.
import { createApi } from '../../../electron/ipc/api';
import type { FilesApi } from '../../../electron/ipc/api-types';
import type { FileGrantView, IpcResult } from '../../../electron/ipc/contract';

type Listener = (payload: unknown) => void;

interface BridgeWindow {
  __listCleanerInvoke(channel: string, input: unknown): Promise<unknown>;
  /**
   * Receives a dropped file's bytes (base64); the test process keeps them on
   * disk and registers that file with the core, as main does for a real drop.
   */
  __listCleanerGrantFile(name: string, base64: string): Promise<IpcResult<FileGrantView>>;
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

// The bridge's stand-in for a real drop: a browser has no paths, so the
// file's bytes go to the test process, which keeps them on disk and grants
// that file through the core's own grant route, as main does with the path
// webUtils gives. The page gets the same one-use token either way.
async function grant(file: File): Promise<IpcResult<FileGrantView>> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return w.__listCleanerGrantFile(file.name, btoa(binary));
}

const files: FilesApi = Object.freeze({ grant });
Object.defineProperty(window, 'files', {
  value: files,
  writable: false,
  configurable: false,
});
