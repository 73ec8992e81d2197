// The preload's own channel into main, apart from window.api: it carries the
// path of a file the user really dropped, read by webUtils in the isolated
// world. The same sender check as every channel, then the core's grant route.
import type { IpcMain } from 'electron';
import { FILE_GRANT_CHANNEL } from '../ipc/channels';
import type { FileGrantRoute } from '../ipc/file-grant';
import { fail } from '../common/result';
import { isTrustedSender, type TrustedSender } from './ipc-main';
import { log } from '../lib/log';

export function registerFileGrant(
  ipcMain: Pick<IpcMain, 'handle'>,
  route: FileGrantRoute,
  trusted: TrustedSender,
): void {
  ipcMain.handle(FILE_GRANT_CHANNEL, async (event, path: unknown) => {
    if (!isTrustedSender(event, trusted)) {
      log.warn(`refused ${FILE_GRANT_CHANNEL} from a sender that is not the app window`);
      return fail({ code: 'forbidden', message: 'This request did not come from List Cleaner.' });
    }
    return route(path);
  });
}
