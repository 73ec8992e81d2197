// The Electron main process: app life cycle and wiring only. Everything the
// product does is in the core (./core), which the tests open without Electron.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell } from 'electron';
import electronUpdater from 'electron-updater';
import { join } from 'node:path';
import { createCore, type Core } from './core';
import { registerIpc } from './shell/ipc-main';
import { registerFileGrant } from './shell/file-grant-ipc';
import { nativeShell } from './shell/native';
import { APP_URL } from './shell/app-protocol';
import {
  createMainWindow,
  hardenSession,
  hardenWebContents,
  registerAppScheme,
  serveAppScheme,
} from './shell/window';
import { log } from './lib/log';
import { menuActions, menuTemplate } from './shell/menu';
import { createUpdates, noUpdater } from './shell/updates';

/** The same id as electron-builder's appId: Windows shows no notifications without it. */
const APP_ID = 'com.listcleaner.app';

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

  app.on('second-instance', () => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, appUrl, { dev }),
  );

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession, dev);
    serveAppScheme(join(import.meta.dirname, '../renderer'));
    const updates = createUpdates({
      updater: app.isPackaged ? electronUpdater.autoUpdater : noUpdater,
      packaged: app.isPackaged,
      demo: () => core?.account.status().mode === 'demo',
      emit: (view) => core?.events.emit('update:changed', view),
    });
    // Outside installed builds a test run names its own keychain entry, so it
    // never reads or clears the user's real one.
    const testKeychain = app.isPackaged ? undefined : process.env.LIST_CLEANER_KEYCHAIN_SERVICE;
    core = await createCore({
      dataDir: app.getPath('userData'),
      ...(testKeychain ? { keychain: { service: testKeychain } } : {}),
      shell: { ...nativeShell({ dialog, shell, Notification, window: () => win }), updates },
    });
    const opened = core;
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          appName: app.name,
          platform: process.platform,
          dev,
          actions: menuActions({
            dialog,
            shell,
            window: () => win,
            appName: app.name,
            version: app.getVersion(),
            checkForUpdates: () => updates.checkNow(),
            openSettings: () => opened.events.emit('settings:open', { from: 'menu' }),
          }),
        }),
      ),
    );
    updates.start();
    const trusted = { contents: () => win?.webContents ?? null, appUrl };
    registerIpc(ipcMain, core.registry, trusted);
    registerFileGrant(ipcMain, core.files, trusted);
    core.events.subscribe((event, payload) => {
      if (win && !win.isDestroyed()) win.webContents.send(event, payload);
    });
    const open = (): void => {
      win = createMainWindow({
        preloadPath: join(import.meta.dirname, '../preload/preload.cjs'),
        appUrl,
        dev,
      });
      win.on('closed', () => (win = null));
    };
    open();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open();
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
