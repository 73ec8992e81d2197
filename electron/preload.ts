// The preload: exposes the IPC contract as window.api, one method per
// channel, and the dropped-file path helper (File.path is gone since Electron
// 32). Nothing else. Bundled as one CommonJS file for the sandbox.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createApi } from './ipc/api';
import type { FilesApi } from './ipc/api-types';

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

const files: FilesApi = {
  pathFor: async (file) => webUtils.getPathForFile(file),
};
contextBridge.exposeInMainWorld('files', files);
