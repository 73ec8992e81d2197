import type { ListCleanerApi } from '../../electron/ipc/api-types';

declare global {
  interface Window {
    /** The IPC contract, exposed by the preload (or the e2e test bridge). */
    readonly api: ListCleanerApi;
  }
}

export {};
