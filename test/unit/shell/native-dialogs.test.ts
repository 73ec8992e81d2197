// Main's own dialogs, the user's gestures that let a file or the key move:
// the Open dialog grants a list, and the question before the key goes to a
// host it was not proven for names that host and defaults to Cancel.
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { nativeShell, type NativeDeps } from '../../../electron/shell/native';
import { translatorOf } from '../../../electron/common/i18n/catalogs';

function deps(answers: { open?: unknown; box?: unknown }) {
  const win = {} as BrowserWindow;
  const d = {
    dialog: {
      showOpenDialog: vi.fn(async () => answers.open),
      showSaveDialog: vi.fn(),
      showMessageBox: vi.fn(async () => answers.box),
    },
    shell: { showItemInFolder: vi.fn() },
    Notification: { isSupported: () => false },
    window: () => win,
    words: () => translatorOf('en'),
  } as unknown as NativeDeps;
  return { d, win };
}

describe('native dialogs', () => {
  it('opens one list file, attached to the window, and passes a cancel on as null', async () => {
    const chosen = deps({ open: { canceled: false, filePaths: ['/home/me/list.csv'] } });
    await expect(nativeShell(chosen.d).chooseOpenPath()).resolves.toBe('/home/me/list.csv');
    expect(chosen.d.dialog.showOpenDialog).toHaveBeenCalledWith(
      chosen.win,
      expect.objectContaining({
        properties: ['openFile'],
        filters: expect.arrayContaining([
          { name: 'Lists', extensions: ['csv', 'tsv', 'txt', 'xlsx', 'xlsm'] },
        ]),
      }),
    );
    const cancelled = deps({ open: { canceled: true, filePaths: [] } });
    await expect(nativeShell(cancelled.d).chooseOpenPath()).resolves.toBeNull();
  });

  it('asks before the key goes to a new host, naming both, with Cancel as the default', async () => {
    const yes = deps({ box: { response: 0, checkboxChecked: false } });
    const question = {
      kind: 'send-key',
      host: 'elsewhere.example.net',
      provenHost: 'api.example.com',
    } as const;
    await expect(nativeShell(yes.d).consent(question)).resolves.toBe(true);
    const [win, options] = (yes.d.dialog.showMessageBox as ReturnType<typeof vi.fn>).mock
      .calls[0] as [BrowserWindow, Electron.MessageBoxOptions];
    expect(win).toBe(yes.win);
    expect(options.message).toBe('Send your API key to elsewhere.example.net?');
    expect(options.detail).toContain('api.example.com');
    expect(options.buttons).toEqual(['Send my key to elsewhere.example.net', 'Cancel']);
    expect(options.defaultId).toBe(1);
    expect(options.cancelId).toBe(1);

    const no = deps({ box: { response: 1, checkboxChecked: false } });
    await expect(nativeShell(no.d).consent(question)).resolves.toBe(false);
  });
});
