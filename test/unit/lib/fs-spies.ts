// Every file handle opened through node:fs/promises, with its flags and
// whether it was synced. Used from a test file's vi.mock factory:
//   vi.mock('node:fs/promises', async (real) => (await import('../lib/fs-spies')).trackOpens(await real()));
import type * as FsPromises from 'node:fs/promises';

export interface Opened {
  path: string;
  flags: string;
  synced: boolean;
}

export const opened: Opened[] = [];

export function trackOpens(actual: typeof FsPromises): Record<string, unknown> {
  const open = (async (...args: Parameters<typeof actual.open>) => {
    const handle = await actual.open(...args);
    const entry: Opened = { path: String(args[0]), flags: String(args[1] ?? 'r'), synced: false };
    opened.push(entry);
    const sync = handle.sync.bind(handle);
    const datasync = handle.datasync.bind(handle);
    handle.sync = () => {
      entry.synced = true;
      return sync();
    };
    handle.datasync = () => {
      entry.synced = true;
      return datasync();
    };
    return handle;
  }) as typeof actual.open;
  return { ...actual, default: { ...actual, open }, open };
}
