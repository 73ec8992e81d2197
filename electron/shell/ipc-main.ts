// The only way into ipcMain.handle. Every call is checked to come from our own
// window's top frame at the app's own origin (app://list-cleaner, or the dev
// server's in development; never a file:// page), then handed to the registry,
// which validates the input and answers with a result envelope.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { HandlerRegistry } from '../ipc/registry';
import { fail } from '../common/result';
import { isAppUrl } from './window/window';
import { log } from '../lib/log';

export interface TrustedSender {
  contents: () => WebContents | null;
  appUrl: string;
}

export function isTrustedSender(event: IpcMainInvokeEvent, trusted: TrustedSender): boolean {
  const contents = trusted.contents();
  if (!contents || event.sender !== contents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url, trusted.appUrl);
}

export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  registry: HandlerRegistry,
  trusted: TrustedSender,
): void {
  for (const channel of registry.channels) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      if (!isTrustedSender(event, trusted)) {
        log.warn(`refused ${channel} from a sender that is not the app window`);
        return fail({ code: 'forbidden', message: 'This request did not come from List Cleaner.' });
      }
      return registry.invoke(channel, input);
    });
  }
}
