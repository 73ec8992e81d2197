// What only the desktop can do for the core: the Open and Save dialogs, the
// questions only the user may answer (shell/consent.ts), "Show in folder", a
// notification when a job ends while the window is not in front, and the one
// reminder to check a list again, each in the user's language. Clicking a
// notification brings the window up on that job's results. Kept apart from
// main.ts so it can be tested with a stand-in electron.
import type {
  BrowserWindow,
  Dialog,
  Notification as NotificationClass,
  OpenDialogOptions,
  Shell,
} from 'electron';
import { LIST_EXTENSIONS } from '../common/limits';
import type { Translator } from '../common/i18n/translate';
import { daysSinceChecked } from '../common/schedules/recheck';
import { oneLine } from '../common/text/one-line';
import type { JobView } from '../ipc/contract';
import type { WatchRunView } from '../common/views/watch-views';
import type { ShellHooks } from '../ipc/shell-hooks';
import { createConsent } from './consent';

type Note = Pick<NotificationClass, 'show' | 'on'>;

export interface NativeDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  Notification: Pick<typeof NotificationClass, 'isSupported'> &
    (new (options: { title: string; body: string }) => Note);
  window(): BrowserWindow | null;
  /** A notification about a job was clicked: the window shows its results (results:open). */
  openResults(jobId: string): void;
  /** Opens the main window (macOS keeps the app running without one). */
  openWindow(): void;
  /** A notification about a watch was clicked: the window shows the Watches screen. */
  openWatches?(watchId: string): void;
  /** The words in the user's language as they are now. */
  words(): Translator;
}

export interface NativeShell extends Omit<ShellHooks, 'updates'> {
  /** A job finished or failed: said only while the window is not in front. */
  notify(view: JobView): void;
  /** A finished list is due to be checked again (common/schedules/recheck.ts): said once, by the caller. */
  remind(view: JobView, now: number): void;
  /**
   * A watch's run could not go on (the cap, a question, a refused key, a
   * failed check): always said, whether or not the window is in front, since
   * a run may have started with the window closed.
   */
  notifyWatch(name: string, run: WatchRunView): void;
}

/**
 * Electron holds a notification only weakly: once collected, a click on it
 * runs no handler (electron/electron#16922, #12690), so it would only focus
 * the app, not open the job. Each is kept until clicked or closed. Windows
 * may never report a close for one moved to the Action Center, so only the
 * latest few are kept, and an older one falls back to that focus alone.
 */
const KEPT_NOTES = 20;

export function nativeShell(deps: NativeDeps): NativeShell {
  const kept = new Set<Note>();
  // A job asked for while no page listens (no window, or one still loading):
  // the window takes it when it starts (results:pending).
  let pending: string | null = null;

  /** Brings the window forward, or opens one; false when there was none. */
  const bringForward = (): boolean => {
    const w = deps.window();
    if (!w) {
      deps.openWindow();
      return false;
    }
    if (w.isMinimized()) w.restore();
    w.focus();
    return true;
  };

  /** Shows a note, kept (the latest KEPT_NOTES) until it is clicked or closed. */
  const keepAndShow = (note: Note, onClick: () => void): void => {
    const forget = () => kept.delete(note);
    note.on('click', () => {
      forget();
      onClick();
    });
    note.on('close', forget);
    kept.add(note);
    for (const old of kept) {
      if (kept.size <= KEPT_NOTES) break;
      kept.delete(old);
    }
    note.show();
  };

  const show = (view: JobView, title: string, body: string): void =>
    keepAndShow(new deps.Notification({ title, body }), () => {
      if (!bringForward()) pending = view.id;
      else if (deps.window()?.webContents.isLoading()) pending = view.id;
      else deps.openResults(view.id);
    });

  /** Main's Open dialog, over the window when there is one: the path chosen, null if cancelled. */
  const openDialog = async (options: OpenDialogOptions): Promise<string | null> => {
    const win = deps.window();
    const result = win
      ? await deps.dialog.showOpenDialog(win, options)
      : await deps.dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };

  return {
    takePendingResults() {
      const jobId = pending;
      pending = null;
      return jobId;
    },
    chooseOpenPath() {
      const { t } = deps.words();
      return openDialog({
        title: t('dialog.chooseList'),
        filters: [{ name: t('dialog.listFiles'), extensions: [...LIST_EXTENSIONS] }],
        properties: ['openFile'],
      });
    },
    chooseCertificate() {
      const { t } = deps.words();
      return openDialog({
        title: t('dialog.chooseCertificate'),
        filters: [{ name: t('dialog.certificateFiles'), extensions: ['pem', 'crt', 'cer'] }],
        properties: ['openFile'],
      });
    },
    consent: createConsent({ dialog: deps.dialog, window: deps.window, words: deps.words }),
    async chooseSavePath(defaultPath) {
      const win = deps.window();
      const workbook = defaultPath.toLowerCase().endsWith('.xlsx');
      const { t } = deps.words();
      const options = {
        defaultPath,
        filters: [
          workbook
            ? { name: t('dialog.workbookFiles'), extensions: ['xlsx'] }
            : { name: t('dialog.csvFiles'), extensions: ['csv'] },
        ],
        properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
      };
      const result = win
        ? await deps.dialog.showSaveDialog(win, options)
        : await deps.dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    chooseFolder(defaultPath) {
      const { t } = deps.words();
      return openDialog({
        title: t('dialog.chooseFolder'),
        defaultPath,
        buttonLabel: t('dialog.saveHere'),
        properties: ['openDirectory', 'createDirectory'],
      });
    },
    showInFolder(path) {
      deps.shell.showItemInFolder(path);
    },
    notify(view) {
      const win = deps.window();
      if ((win && win.isFocused()) || !deps.Notification.isSupported()) return;
      const { t } = deps.words();
      const { deliverable, undeliverable, unknown } = view;
      const fileName = oneLine(view.fileName);
      if (view.state === 'done') {
        const body = t('notify.doneBody', { deliverable, undeliverable, unknown });
        show(view, t('notify.doneTitle', { fileName }), body);
      } else {
        // The failure's own words are the core's (its errors are moved in their own step).
        const body = view.failure?.message ?? t('notify.stoppedBody');
        show(view, t('notify.stoppedTitle', { fileName }), body);
      }
    },
    notifyWatch(name, run) {
      if (run.outcome === 'done' || !deps.Notification.isSupported()) return;
      const { t } = deps.words();
      const note = new deps.Notification({
        title: t('notify.watchTitle', {
          name: oneLine(name),
          outcome: run.outcome === 'needs-answer' ? 'question' : run.outcome,
        }),
        body:
          run.outcome === 'needs-answer' && run.question !== null
            ? t('notify.watchQuestion', {
                count: run.question.retire,
                ceiling: run.question.ceilingBp / 100,
              })
            : (run.why ?? t('notify.stoppedBody')),
      });
      keepAndShow(note, () => {
        bringForward();
        deps.openWatches?.(run.watchId);
      });
    },
    remind(view, now) {
      const days = daysSinceChecked(view, now);
      if (days === null || !deps.Notification.isSupported()) return;
      const { t } = deps.words();
      show(
        view,
        t('notify.recheckTitle', { fileName: oneLine(view.fileName), days }),
        t('notify.recheckBody'),
      );
    },
  };
}
