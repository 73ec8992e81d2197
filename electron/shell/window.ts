// The app's one window, locked down per Electron's security checklist: an
// isolated, sandboxed renderer with no Node, no navigation away from the app,
// no new windows, no permissions, and a strict CSP.
import { BrowserWindow, nativeTheme, shell, type Session, type WebContents } from 'electron';
import { contentSecurityPolicy } from './csp';
import { log } from '../lib/log';

export interface WindowOptions {
  preloadPath: string;
  /** The dev server's URL, or the built index.html's file URL. */
  appUrl: string;
  dev: boolean;
}

/** True for a URL inside the app: the dev server's origin, or the built renderer's files. */
export function isAppUrl(candidate: string, appUrl: string): boolean {
  let url: URL;
  let app: URL;
  try {
    url = new URL(candidate);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') {
    // The host matters too: file://other-host/… is a network share on Windows.
    return url.protocol === 'file:' && url.host === app.host && url.pathname === app.pathname;
  }
  return url.origin === app.origin;
}

export function hardenSession(ses: Session, dev: boolean): void {
  const csp = contentSecurityPolicy({ dev });
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] },
    });
  });
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/** Applies to every web contents the app creates, so no path escapes the rules. */
export function hardenWebContents(contents: WebContents, appUrl: string): void {
  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Help links open in the user's browser; nothing opens inside the app.
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    title: 'List Cleaner',
    show: false,
    autoHideMenuBar: true,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#111418' : '#f7f8fa',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  hardenWebContents(win.webContents, options.appUrl);
  win.once('ready-to-show', () => win.show());
  win
    .loadURL(options.appUrl)
    .catch((err: unknown) => log.error('the window could not load the app', err));
  return win;
}
