import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { nativeShell, type NativeDeps } from '../../../electron/shell/native';
import type { JobView } from '../../../electron/ipc/contract';
import type { WatchRunView } from '../../../electron/common/views/watch-views';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import type { AskedLanguage } from '../../../electron/common/i18n/languages';

function deps(
  focused: boolean,
  saveResult: { canceled: boolean; filePath?: string },
  minimized = false,
  window: 'open' | 'loading' | 'none' = 'open',
  language: AskedLanguage = 'en',
) {
  const shown: { title: string; body: string }[] = [];
  const notes: Note[] = [];
  const win = {
    isFocused: () => focused,
    isMinimized: () => minimized,
    restore: vi.fn(),
    focus: vi.fn(),
    webContents: { isLoading: () => window === 'loading' },
  } as unknown as BrowserWindow;
  class Note {
    static isSupported = () => true;
    readonly handlers = new Map<string, () => void>();
    constructor(readonly options: { title: string; body: string }) {
      notes.push(this);
    }
    on(event: string, handler: () => void) {
      this.handlers.set(event, handler);
      return this;
    }
    show() {
      shown.push(this.options);
    }
    /** What the system does when the user clicks the notification. */
    click() {
      this.handlers.get('click')?.();
    }
  }
  const d = {
    dialog: { showSaveDialog: vi.fn(async () => saveResult) },
    shell: { showItemInFolder: vi.fn() },
    Notification: Note,
    window: () => (window === 'none' ? null : win),
    openResults: vi.fn(),
    openWindow: vi.fn(),
    words: () => translatorOf(language),
  } as unknown as NativeDeps;
  return { d, shown, notes, win };
}

const job = {
  id: 'job-1',
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

  it('says the end of a job and the reminder in the user’s language', () => {
    const ru = deps(false, { canceled: true }, false, 'open', 'ru');
    const shell = nativeShell(ru.d);
    shell.notify({ ...job, deliverable: 1500 } as JobView);
    const finishedAt = '2026-01-01T00:00:00.000Z';
    shell.remind({ ...job, finishedAt } as JobView, Date.parse(finishedAt) + 22 * 86_400_000);
    expect(ru.shown[0]).toEqual({
      title: 'list.csv: очистка завершена',
      body: 'Доставляемых: 1\u00a0500, недоставляемых: 8, неизвестных: 2.',
    });
    expect(ru.shown[1]?.title).toBe('list.csv: проверен 22 дня назад — проверьте снова');
  });

  it("opens the finished job's results when its notification is clicked", () => {
    const a = deps(false, { canceled: true }, true);
    nativeShell(a.d).notify(job);
    expect(a.d.openResults).not.toHaveBeenCalled();
    a.notes[0]?.click();
    expect(a.win.restore).toHaveBeenCalled();
    expect(a.win.focus).toHaveBeenCalled();
    expect(a.d.openResults).toHaveBeenCalledWith('job-1');
  });

  it('keeps the job for the window to take when no page listens yet, once', () => {
    const none = deps(false, { canceled: true }, false, 'none');
    const hooks = nativeShell(none.d);
    hooks.notify(job);
    none.notes[0]?.click();
    // No window (macOS keeps the app running without one): one is opened, and asks.
    expect(none.d.openWindow).toHaveBeenCalled();
    expect(none.d.openResults).not.toHaveBeenCalled();
    expect(hooks.takePendingResults?.()).toBe('job-1');
    expect(hooks.takePendingResults?.()).toBeNull();

    const loading = deps(false, { canceled: true }, false, 'loading');
    const early = nativeShell(loading.d);
    early.notify(job);
    loading.notes[0]?.click();
    expect(loading.win.focus).toHaveBeenCalled();
    expect(loading.d.openResults).not.toHaveBeenCalled();
    expect(early.takePendingResults?.()).toBe('job-1');

    // A window that listens gets the event, and nothing waits for the next one.
    const open = deps(false, { canceled: true });
    const now = nativeShell(open.d);
    now.notify(job);
    open.notes[0]?.click();
    expect(open.d.openResults).toHaveBeenCalledWith('job-1');
    expect(now.takePendingResults?.()).toBeNull();
  });

  it('reminds to check a list again, in the words the window uses, even in front', () => {
    const a = deps(true, { canceled: true });
    const finished = { ...job, finishedAt: '2024-01-01T12:00:00.000Z' } as JobView;
    nativeShell(a.d).remind(finished, Date.parse('2024-04-04T12:00:00.000Z'));
    expect(a.shown).toHaveLength(1);
    expect(a.shown[0]?.title).toBe('list.csv: checked 94 days ago: check again');
    expect(a.shown[0]?.body).toMatch(/open its results, then Check again/);
    a.notes[0]?.click();
    expect(a.d.openResults).toHaveBeenCalledWith('job-1');
  });
  it('says a watch run that could not go on, even with the window in front; a click opens Watches', () => {
    const run = {
      id: 'r-00000001',
      watchId: 'w-00000001',
      outcome: 'capped',
      why: 'This run would go over the watch’s monthly cap.',
      question: null,
    } as unknown as WatchRunView;
    const front = deps(true, { canceled: true });
    const openWatches = vi.fn();
    const hooks = nativeShell({ ...front.d, openWatches });
    hooks.notifyWatch('Newsletter (Mailchimp)', run);
    hooks.notifyWatch('Newsletter (Mailchimp)', {
      ...run,
      outcome: 'needs-answer',
      why: null,
      question: { retire: 37, of: 1000, ceilingBp: 200 },
    });
    hooks.notifyWatch('Newsletter (Mailchimp)', { ...run, outcome: 'done', why: null });
    expect(front.shown).toEqual([
      {
        title: 'Newsletter (Mailchimp): held back by its monthly cap',
        body: 'This run would go over the watch’s monthly cap.',
      },
      {
        title: 'Newsletter (Mailchimp): waiting for your answer',
        body: 'Nothing was written: 37 members are to be retired, more than the ceiling of 2% a run. Open Watches to answer.',
      },
    ]);
    front.notes[0]?.click();
    expect(openWatches).toHaveBeenCalledWith('w-00000001');
    expect(front.win.focus).toHaveBeenCalled();

    const german = deps(false, { canceled: true }, false, 'open', 'de');
    nativeShell(german.d).notifyWatch('Newsletter (Mailchimp)', {
      ...run,
      why: null,
      outcome: 'failed',
    });
    expect(german.shown[0]?.title).toBe(
      'Newsletter (Mailchimp): der Lauf konnte nicht beendet werden',
    );
  });
});
