// The Electron main process: app life cycle and wiring only. Everything the
// product does is in the core (./core), which the tests open without Electron.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell } from 'electron';
import electronUpdater from 'electron-updater';
import { join } from 'node:path';
import { createCore, type Core } from './core';
import type { EventPayloads } from './ipc/contract';
import { registerIpc } from './shell/ipc-main';
import { registerFileGrant } from './shell/file-grant-ipc';
import { nativeShell } from './shell/native';
import { createTaskbar } from './shell/taskbar';
import { APP_URL } from './shell/window/app-protocol';
import {
  createMainWindow,
  hardenSession,
  hardenWebContents,
  registerAppScheme,
  serveAppScheme,
} from './shell/window/window';
import { log } from './lib/log';
import { menuActions, menuTemplate } from './shell/window/menu';
import { translatorFollowing } from './common/i18n/catalogs';
import type { LanguageChoice } from './common/i18n/languages';
import { mainLanguage } from './shell/language';
import { createUpdates, noUpdater } from './shell/updates';
import { pinUpdateSignature, type SignatureCheckable } from './shell/update-signature';
import { WINDOWS_PUBLISHER_SHA256 } from './shell/update-pins';
import { dropDevelopmentEnv } from './shell/packaged-env';
import { schedulerHostOf } from './watches/scheduler/host';

/** The same id as electron-builder's appId: Windows shows no notifications without it. */
const APP_ID = 'com.listcleaner.app';

/**
 * Started by this computer's scheduler (the switch "Run watches when List
 * Cleaner is closed"): the due watches run with no window, then the app quits.
 * With the app already open, that instance runs them itself and this one only quits.
 */
const RUN_DUE_WATCHES = '--run-due-watches';
const headless = process.argv.includes(RUN_DUE_WATCHES);

/** How often finished lists are looked at for a check-again reminder, besides at start. */
const REMIND_EVERY_MS = 4 * 3_600_000;

// Before anything reads them: an installed app takes no developer's switches.
const ignored = dropDevelopmentEnv(process.env, app.isPackaged);
if (ignored.length > 0) log.warn(`ignored in an installed build: ${ignored.join(', ')}`);

const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const dev = !app.isPackaged && devServerUrl !== undefined;
const appUrl = dev && devServerUrl ? devServerUrl : APP_URL;

app.enableSandbox();
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
// Must precede ready: Chromium fixes its scheme table at start-up.
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: Core | null = null;
  let win: BrowserWindow | null = null;
  const taskbar = createTaskbar({ platform: process.platform, dock: app.dock, window: () => win });

  app.on('second-instance', (_event, argv) => {
    // The scheduler's tick while the app is open: the open app's own sweep runs what is due.
    if (argv.includes(RUN_DUE_WATCHES)) {
      void core?.watches.sweep();
      return;
    }
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, appUrl, {
      dev,
      // The "Add funds" link: the page saved in Settings, and only while an account is in use.
      billingUrl: () =>
        core && core.account.status().mode === 'key' ? core.settings.get().billingUrl : null,
    }),
  );

  const open = (): void => {
    const made = createMainWindow({
      preloadPath: join(import.meta.dirname, '../preload/preload.cjs'),
      appUrl,
      dev,
    });
    win = made;
    // The old window's bar went with it.
    made.once('show', () => taskbar.refresh());
    made.on('closed', () => (win = null));
  };

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession, dev);
    serveAppScheme(join(import.meta.dirname, '../renderer'));
    const language = (choice: LanguageChoice) =>
      mainLanguage(process.env, app.getPreferredSystemLanguages(), choice);
    const words = translatorFollowing(() => language(core?.settings.get().language ?? 'system'));
    // Windows installs only what a pinned certificate signed (shell/update-signature.ts).
    if (app.isPackaged) {
      // On Windows autoUpdater is an NsisUpdater, which has this setter; elsewhere nothing is set.
      const nsis = electronUpdater.autoUpdater as unknown as SignatureCheckable;
      pinUpdateSignature(nsis, process.platform, WINDOWS_PUBLISHER_SHA256);
    }
    const updates = createUpdates({
      words: () => words().t,
      updater: app.isPackaged ? electronUpdater.autoUpdater : noUpdater,
      packaged: app.isPackaged,
      demo: () => core?.account.status().mode === 'demo',
      emit: (view) => core?.events.emit('update:changed', view),
    });
    // A test run names its own keychain entry, so it never reads or clears the
    // user's real one (an installed build dropped the variable above).
    const testKeychain = process.env.LIST_CLEANER_KEYCHAIN_SERVICE;
    const native = nativeShell({
      dialog,
      shell,
      Notification,
      window: () => win,
      openResults: (jobId) => core?.events.emit('results:open', { jobId }),
      openWatches: (watchId) => core?.events.emit('watch:open', { watchId }),
      // macOS keeps the app without a window: a click brings one back.
      openWindow: () => open(),
      words,
    });
    // The menus are drawn in one language; a new choice in Settings draws them again.
    const drawMenu = (): void => {
      const opened = core;
      if (!opened) return;
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          menuTemplate({
            appName: app.name,
            platform: process.platform,
            dev,
            words: words(),
            actions: menuActions({
              dialog,
              shell,
              window: () => win,
              appName: app.name,
              version: app.getVersion(),
              checkForUpdates: () => updates.checkNow(words().t),
              openSettings: () => opened.events.emit('settings:open', { from: 'menu' }),
              words,
            }),
          }),
        ),
      );
    };
    core = await createCore({
      dataDir: app.getPath('userData'),
      ...(testKeychain ? { keychain: { service: testKeychain } } : {}),
      shell: { ...native, updates, language, languageChanged: drawMenu },
      watches: {
        ...(headless ? { everyMs: null } : {}),
        scheduler: {
          host: () => schedulerHostOf(app.getPath('userData')),
          // An installed app starts itself; a development build names its app folder too.
          command: () =>
            app.isPackaged
              ? [process.execPath, RUN_DUE_WATCHES]
              : [process.execPath, app.getAppPath(), RUN_DUE_WATCHES],
        },
      },
    });
    if (headless) {
      // No window: the due watches once (their notifications shown), then quit.
      await core.watches.sweep();
      app.quit();
      return;
    }
    const opened = core;
    drawMenu();
    updates.start();
    const trusted = { contents: () => win?.webContents ?? null, appUrl };
    registerIpc(ipcMain, core.registry, trusted);
    registerFileGrant(ipcMain, core.fileGrant, trusted);
    core.events.subscribe((event, payload) => {
      if (win && !win.isDestroyed()) win.webContents.send(event, payload);
      if (event === 'job:changed') taskbar.update(payload as EventPayloads['job:changed']);
    });
    // Jobs resumed as the core opened changed before anyone listened.
    const current = async () =>
      opened.account.status().mode === 'none' ? null : opened.workspace.jobs();
    void current()
      .then(async (jobs) => taskbar.seed(jobs ? await jobs.list() : []))
      .catch((err: unknown) => log.warn('taskbar: the jobs could not be listed', err));
    open();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open();
    });

    let reminding = false;
    const remind = async (): Promise<void> => {
      const days = opened.settings.get().recheckDays;
      if (days === null || reminding || !Notification.isSupported()) return;
      reminding = true;
      try {
        const now = Date.now();
        for (const view of (await (await current())?.remindDue(days, now)) ?? []) {
          native.remind(view, now);
        }
      } catch (err) {
        log.warn('reminders: finished lists could not be looked at', err);
      } finally {
        reminding = false;
      }
    };
    void remind();
    const reminders = setInterval(() => void remind(), REMIND_EVERY_MS);
    reminders.unref();
    app.on('will-quit', () => {
      clearInterval(reminders);
      taskbar.dispose();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed || !core) return;
    event.preventDefault();
    disposed = true;
    void core
      .dispose()
      .catch((err: unknown) => log.error('shutdown failed', err))
      .finally(() => app.quit());
  });
}
