// What the preload puts on window, typed from the IPC contract, so every call the renderer
// makes to main is checked against the contract's types.
import type { FilesApi, ListCleanerApi } from '../../electron/ipc/api-types';

declare global {
  interface Window {
    /** The IPC contract, exposed by the preload (or the e2e test bridge). */
    readonly api: ListCleanerApi;
    /** The path of a dropped or chosen file (webUtils.getPathForFile in the app). */
    readonly files: FilesApi;
  }
}

export {};
