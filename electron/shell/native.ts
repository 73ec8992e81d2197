// What only the desktop can do for the core: the Open and Save dialogs, the
// question before the API key goes to a new host, "Show in folder", and a
// notification when a job ends while the window is not in front. Kept apart
// from main.ts so it can be tested with a stand-in electron.
import type { BrowserWindow, Dialog, Notification as NotificationClass, Shell } from 'electron';
import type { JobView } from '../ipc/contract';
import type { ShellHooks } from '../ipc/handlers';

export interface NativeDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  Notification: Pick<typeof NotificationClass, 'isSupported'> &
    (new (options: { title: string; body: string }) => Pick<NotificationClass, 'show' | 'on'>);
  window(): BrowserWindow | null;
}

export function nativeShell(
  deps: NativeDeps,
): Omit<ShellHooks, 'updates'> & { notify(view: JobView): void } {
  return {
    async chooseOpenPath() {
      const win = deps.window();
      const options = {
        title: 'Choose a list',
        filters: [
          { name: 'Lists', extensions: ['csv', 'tsv', 'txt', 'xlsx', 'xlsm'] },
          { name: 'All files', extensions: ['*'] },
        ],
        properties: ['openFile' as const],
      };
      const result = win
        ? await deps.dialog.showOpenDialog(win, options)
        : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async confirmKeyHost(provenHost, newHost) {
      const win = deps.window();
      const options = {
        type: 'warning' as const,
        title: 'Send your API key to a new address?',
        message: `Send your API key to ${newHost}?`,
        detail: `Your key was proven for ${provenHost}. Whoever runs ${newHost} can spend your balance with it. Continue only if your verification service gave you this address.`,
        buttons: [`Send my key to ${newHost}`, 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        noLink: true,
      };
      const result = win
        ? await deps.dialog.showMessageBox(win, options)
        : await deps.dialog.showMessageBox(options);
      return result.response === 0;
    },
    async chooseSavePath(defaultPath) {
      const win = deps.window();
      const workbook = defaultPath.toLowerCase().endsWith('.xlsx');
      const options = {
        defaultPath,
        filters: [
          workbook
            ? { name: 'Excel workbook', extensions: ['xlsx'] }
            : { name: 'CSV', extensions: ['csv'] },
        ],
        properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
      };
      const result = win
        ? await deps.dialog.showSaveDialog(win, options)
        : await deps.dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseFolder(defaultPath) {
      const win = deps.window();
      const options = {
        title: 'Choose a folder for the files by status',
        defaultPath,
        buttonLabel: 'Save here',
        properties: ['openDirectory' as const, 'createDirectory' as const],
      };
      const result = win
        ? await deps.dialog.showOpenDialog(win, options)
        : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    showInFolder(path) {
      deps.shell.showItemInFolder(path);
    },
    notify(view) {
      const win = deps.window();
      if ((win && win.isFocused()) || !deps.Notification.isSupported()) return;
      const body =
        view.state === 'done'
          ? `${view.deliverable.toLocaleString()} deliverable, ${view.undeliverable.toLocaleString()} undeliverable, ${view.unknown.toLocaleString()} unknown.`
          : (view.failure?.message ?? 'The job stopped.');
      const note = new deps.Notification({
        title: view.state === 'done' ? `${view.fileName} is cleaned` : `${view.fileName} stopped`,
        body,
      });
      note.on('click', () => {
        const w = deps.window();
        if (w) {
          if (w.isMinimized()) w.restore();
          w.focus();
        }
      });
      note.show();
    },
  };
}
