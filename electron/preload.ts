// The preload: exposes the IPC contract as window.api, one method per
// channel, and nothing else. Bundled as one CommonJS file for the sandbox.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createApi } from './ipc/api';

contextBridge.exposeInMainWorld(
  'api',
  createApi({
    invoke: (channel, input) => ipcRenderer.invoke(channel, input),
    subscribe(event, listener) {
      const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(event, handler);
      return () => ipcRenderer.removeListener(event, handler);
    },
  }),
);
