// The preload: exposes the IPC contract as window.api, one method per
// channel, and window.files, which turns a really dropped file into a token
// (a File in the page carries no path; webUtils reads the path here, in the
// isolated world, and main keeps it). Nothing else. Bundled as one CommonJS
// file for the sandbox.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createApi } from './ipc/api';
import type { FilesApi } from './ipc/api-types';
import { FILE_GRANT_CHANNEL } from './ipc/channels';
import type { FileGrantView, IpcResult } from './ipc/contract';
import { fail } from './common/result';

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

const notFromDisk = fail({
  code: 'bad_file',
  message:
    'That file did not come from your computer. Drop a list from your file manager, or use Choose file.',
});

const files: FilesApi = {
  async grant(file) {
    let path = '';
    try {
      // Empty for a File made by script: only a real drop has a path.
      path = webUtils.getPathForFile(file);
    } catch {
      return notFromDisk;
    }
    if (!path) return notFromDisk;
    return (await ipcRenderer.invoke(FILE_GRANT_CHANNEL, path)) as IpcResult<FileGrantView>;
  },
};
contextBridge.exposeInMainWorld('files', Object.freeze(files));
