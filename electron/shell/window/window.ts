// The app's one window, locked down per Electron's security checklist: an
// isolated, sandboxed renderer with no Node, served from its own app:// origin,
// no navigation away from the app, no new windows, no permissions, no devices,
// no DevTools in a packaged build, and a strict CSP.
import {
  BrowserWindow,
  nativeTheme,
  protocol,
  shell,
  type Session,
  type WebContents,
} from 'electron';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, serveAppRequest } from './app-protocol';
import { contentSecurityPolicy } from './csp';
import { isHelpLink } from './help-links';
import { isBillingUrl } from '../../common/urls/billing-url';
import { log } from '../../lib/log';

export interface WindowOptions {
  preloadPath: string;
  /** The dev server's URL, or the built renderer's app://list-cleaner/index.html. */
  appUrl: string;
  dev: boolean;
}

/** Schemes the app can be served from; file:// is not one, whatever the app URL says. */
const APP_PROTOCOLS = new Set(['app:', 'http:', 'https:']);

/**
 * True for a URL inside the app: same scheme and host (port included) as the
 * app URL, which is app://list-cleaner for the built renderer or the dev
 * server's origin. Compared part by part, because the URL parser gives a
 * custom scheme the opaque origin "null", which every such URL shares.
 */
export function isAppUrl(candidate: string, appUrl: string): boolean {
  let url: URL;
  let app: URL;
  try {
    url = new URL(candidate);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (!APP_PROTOCOLS.has(app.protocol) || app.host === '') return false;
  return (
    url.protocol === app.protocol &&
    url.host === app.host &&
    url.username === '' &&
    url.password === ''
  );
}

/** Before the app is ready: app:// as a standard, secure scheme, and no more (see app-protocol.ts). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } },
  ]);
}

/** Once ready: the default session answers app:// from the built renderer folder, and only from it. */
export function serveAppScheme(rendererRoot: string): void {
  protocol.handle(APP_SCHEME, (request) =>
    serveAppRequest(rendererRoot, { url: request.url, method: request.method }),
  );
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
  // WebHID, WebUSB and Web Serial: no device is ever granted or offered. The
  // chooser events would otherwise let main pick a device for the page, so
  // each is taken (preventDefault) and answered with no device.
  ses.setDevicePermissionHandler(() => false);
  ses.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  ses.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  ses.on('select-serial-port', (event, _ports, _contents, callback) => {
    event.preventDefault();
    callback('');
  });
}

const hardened = new WeakSet<WebContents>();

/**
 * Applies to every web contents the app creates, so no path escapes the rules.
 * Each is hardened once, however many paths reach it (app's
 * web-contents-created and createMainWindow both do), so no chooser callback
 * is answered twice. Outside development, DevTools are closed as soon as
 * anything opens them.
 */
export function hardenWebContents(
  contents: WebContents,
  appUrl: string,
  {
    dev,
    billingUrl = () => null,
  }: {
    dev: boolean;
    /**
     * The billing page saved in settings (null: none), read at each click: the
     * one link besides the help links that opens, exactly as saved and https.
     */
    billingUrl?: () => string | null;
  } = { dev: false },
): void {
  if (hardened.has(contents)) return;
  hardened.add(contents);
  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Only the app's own help links and the saved billing page open, in the user's browser;
    // nothing opens inside the app.
    const billing = billingUrl();
    if (isHelpLink(url) || (billing !== null && url === billing && isBillingUrl(url))) {
      shell.openExternal(url).catch((err: unknown) => log.error('a help link did not open', err));
    } else {
      log.warn('refused to open a link that is not a help link', url.slice(0, 300));
    }
    return { action: 'deny' };
  });
  // Without preventDefault Electron picks the first Bluetooth device itself.
  contents.on('select-bluetooth-device', (event, _devices, callback) => {
    event.preventDefault();
    callback('');
  });
  if (!dev) contents.on('devtools-opened', () => contents.closeDevTools());
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
      devTools: options.dev,
    },
  });
  hardenWebContents(win.webContents, options.appUrl, { dev: options.dev });
  win.once('ready-to-show', () => win.show());
  win
    .loadURL(options.appUrl)
    .catch((err: unknown) => log.error('the window could not load the app', err));
  return win;
}
