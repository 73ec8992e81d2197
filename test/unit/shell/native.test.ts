import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { nativeShell, type NativeDeps } from '../../../electron/shell/native';
import type { JobView } from '../../../electron/ipc/contract';

function deps(focused: boolean, saveResult: { canceled: boolean; filePath?: string }) {
  const shown: { title: string; body: string }[] = [];
  const win = {
    isFocused: () => focused,
    isMinimized: () => false,
    restore: vi.fn(),
    focus: vi.fn(),
  } as unknown as BrowserWindow;
  class Note {
    static isSupported = () => true;
    constructor(readonly options: { title: string; body: string }) {}
    on() {
      return this;
    }
    show() {
      shown.push(this.options);
    }
  }
  const d = {
    dialog: { showSaveDialog: vi.fn(async () => saveResult) },
    shell: { showItemInFolder: vi.fn() },
    Notification: Note,
    window: () => win,
  } as unknown as NativeDeps;
  return { d, shown, win };
}

const job = {
  fileName: 'list.csv',
  state: 'done',
  deliverable: 90,
  undeliverable: 8,
  unknown: 2,
  failure: null,
} as unknown as JobView;

describe('native shell hooks', () => {
  it('asks where to save, offering the suggested path, and passes a cancel on as null', async () => {
    const a = deps(true, { canceled: false, filePath: '/tmp/out.csv' });
    const hooks = nativeShell(a.d);
    await expect(hooks.chooseSavePath('/home/me/list.cleaned.csv')).resolves.toBe('/tmp/out.csv');
    expect(a.d.dialog.showSaveDialog).toHaveBeenCalledWith(
      a.win,
      expect.objectContaining({ defaultPath: '/home/me/list.cleaned.csv' }),
    );
    const b = deps(true, { canceled: true });
    await expect(nativeShell(b.d).chooseSavePath('/x.csv')).resolves.toBeNull();
  });

  it('offers a workbook as a workbook in the Save dialog, and CSV otherwise', async () => {
    const a = deps(true, { canceled: false, filePath: '/tmp/out.xlsx' });
    await nativeShell(a.d).chooseSavePath('/home/me/list.cleaned.xlsx');
    await nativeShell(a.d).chooseSavePath('/home/me/list.cleaned.csv');
    const filters = vi
      .mocked(a.d.dialog.showSaveDialog)
      .mock.calls.map((call) => (call as unknown[])[1] as { filters: unknown })
      .map((options) => options.filters);
    expect(filters).toEqual([
      [{ name: 'Excel workbook', extensions: ['xlsx'] }],
      [{ name: 'CSV', extensions: ['csv'] }],
    ]);
  });

  it('asks for a folder for the files by status, and passes a cancel on as null', async () => {
    const a = deps(true, { canceled: true });
    const open = vi.fn(async () => ({ canceled: false, filePaths: ['/home/me/out'] }));
    (a.d.dialog as { showOpenDialog: unknown }).showOpenDialog = open;
    await expect(nativeShell(a.d).chooseFolder('/home/me')).resolves.toBe('/home/me/out');
    expect(open).toHaveBeenCalledWith(
      a.win,
      expect.objectContaining({
        defaultPath: '/home/me',
        properties: ['openDirectory', 'createDirectory'],
      }),
    );
    open.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    await expect(nativeShell(a.d).chooseFolder('/home/me')).resolves.toBeNull();
  });

  it('shows a saved file in its folder', () => {
    const a = deps(true, { canceled: true });
    nativeShell(a.d).showInFolder('/tmp/out.csv');
    expect(a.d.shell.showItemInFolder).toHaveBeenCalledWith('/tmp/out.csv');
  });

  it('notifies only when the window is in the background', () => {
    const front = deps(true, { canceled: true });
    nativeShell(front.d).notify(job);
    expect(front.shown).toEqual([]);
    const back = deps(false, { canceled: true });
    nativeShell(back.d).notify(job);
    expect(back.shown).toEqual([
      { title: 'list.csv is cleaned', body: '90 deliverable, 8 undeliverable, 2 unknown.' },
    ]);
  });
});
