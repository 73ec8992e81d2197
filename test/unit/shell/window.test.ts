// The window and session hardening, driven through the handlers the shell
// registers on a stand-in electron module: each test fires what Chromium would
// (a navigation, window.open, a permission prompt, a response) and checks the
// outcome the page would see.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, fakeElectron, type FakeBrowserWindow } from '../support/fake-electron';
import { contentSecurityPolicy } from '../../../electron/shell/csp';
import {
  createMainWindow,
  hardenSession,
  hardenWebContents,
  isAppUrl,
} from '../../../electron/shell/window';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

const FILE_APP = 'file:///opt/List%20Cleaner/resources/app.asar/out/renderer/index.html';
const DEV_APP = 'http://localhost:5173/';
const PRELOAD = '/opt/List Cleaner/resources/app.asar/out/preload/preload.cjs';

beforeEach(() => fakeElectron.reset());

describe('isAppUrl', () => {
  describe('for the built app (file://)', () => {
    it.each([
      FILE_APP,
      `${FILE_APP}#/settings`,
      `${FILE_APP}?tab=jobs`,
      'file://localhost/opt/List%20Cleaner/resources/app.asar/out/renderer/index.html',
    ])('accepts %s', (url) => {
      expect(isAppUrl(url, FILE_APP)).toBe(true);
    });

    it.each([
      'file:///opt/List%20Cleaner/resources/app.asar/out/renderer/other.html',
      'file:///opt/List%20Cleaner/resources/app.asar/out/renderer/',
      'file:///etc/passwd',
      'file:///opt/List%20Cleaner/resources/app.asar/out/renderer/index.html/../../../x.html',
      'https://evil.example/opt/List%20Cleaner/resources/app.asar/out/renderer/index.html',
      'http://localhost:5173/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'about:blank',
      'not a url',
      '',
    ])('refuses %s', (url) => {
      expect(isAppUrl(url, FILE_APP)).toBe(false);
    });

    // On Windows a file URL naming another host is a UNC path (\\evil.example\...).
    it('refuses a file URL on another host', () => {
      const remote =
        'file://evil.example/opt/List%20Cleaner/resources/app.asar/out/renderer/index.html';
      expect(isAppUrl(remote, FILE_APP)).toBe(false);
    });
  });

  describe('for the dev server (http)', () => {
    it.each([DEV_APP, 'http://localhost:5173/src/main.tsx', 'http://localhost:5173/#/jobs'])(
      'accepts %s',
      (url) => {
        expect(isAppUrl(url, DEV_APP)).toBe(true);
      },
    );

    it.each([
      'http://localhost:5174/',
      'https://localhost:5173/',
      'http://127.0.0.1:5173/',
      'http://localhost.evil.example:5173/',
      'http://localhost:5173@evil.example/',
      'https://evil.example/?next=http://localhost:5173/',
      'ws://localhost:5173/',
      FILE_APP,
    ])('refuses %s', (url) => {
      expect(isAppUrl(url, DEV_APP)).toBe(false);
    });
  });

  it('refuses everything when the app URL itself is malformed', () => {
    expect(isAppUrl('http://localhost:5173/', 'localhost:5173')).toBe(false);
    expect(isAppUrl('', '')).toBe(false);
  });
});

describe('hardenWebContents', () => {
  describe.each([{ kind: 'will-navigate' as const }, { kind: 'will-redirect' as const }])(
    '$kind',
    ({ kind }) => {
      it('lets the app move within itself', () => {
        const contents = new FakeWebContents();
        hardenWebContents(contents.asWebContents(), FILE_APP);
        expect(contents.tryNavigate(kind, `${FILE_APP}#/settings`)).toEqual({ blocked: false });
      });

      it.each([
        'https://evil.example/',
        'file:///etc/passwd',
        'http://localhost:5173/',
        'javascript:alert(1)',
        'not a url',
      ])('blocks %s', (url) => {
        const contents = new FakeWebContents();
        hardenWebContents(contents.asWebContents(), FILE_APP);
        expect(contents.tryNavigate(kind, url)).toEqual({ blocked: true });
      });

      it('judges against the dev server origin when running from it', () => {
        const contents = new FakeWebContents();
        hardenWebContents(contents.asWebContents(), DEV_APP);
        expect(contents.tryNavigate(kind, 'http://localhost:5173/index.html')).toEqual({
          blocked: false,
        });
        expect(contents.tryNavigate(kind, 'http://localhost:8080/')).toEqual({ blocked: true });
      });
    },
  );

  it('refuses to attach any webview', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), FILE_APP);
    expect(contents.tryAttachWebview('https://evil.example/')).toEqual({ blocked: true });
    expect(contents.tryAttachWebview(FILE_APP)).toEqual({ blocked: true });
  });

  it("opens https links in the user's browser and never a window inside the app", () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), FILE_APP);
    const help = 'https://help.example.com/list-cleaner?topic=keys#step-2';
    expect(contents.tryOpenWindow(help)).toEqual({ action: 'deny' });
    expect(fakeElectron.shell.opened).toEqual([help]);
  });

  it.each([
    'http://insecure.example/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,hello',
    'smb://share.example/x',
    'about:blank',
    FILE_APP,
  ])('denies %s and hands it to no other program', (url) => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), FILE_APP);
    expect(contents.tryOpenWindow(url)).toEqual({ action: 'deny' });
    expect(fakeElectron.shell.opened).toEqual([]);
  });
});

describe('hardenSession', () => {
  it.each([false, true])('adds the CSP to every response (dev: %s)', async (dev) => {
    const ses = fakeElectron.session.defaultSession;
    hardenSession(ses.asSession(), dev);
    const response = await ses.receiveHeaders({
      url: FILE_APP,
      resourceType: 'mainFrame',
      responseHeaders: { 'Content-Type': ['text/html'], 'Cache-Control': ['no-cache'] },
    });
    expect(response.cancel).toBeUndefined();
    expect(response.responseHeaders).toEqual({
      'Content-Type': ['text/html'],
      'Cache-Control': ['no-cache'],
      'Content-Security-Policy': [contentSecurityPolicy({ dev })],
    });
  });

  it("replaces a looser CSP the server sent with the app's own", async () => {
    const ses = fakeElectron.session.defaultSession;
    hardenSession(ses.asSession(), false);
    const response = await ses.receiveHeaders({
      url: 'http://localhost:5173/',
      resourceType: 'mainFrame',
      responseHeaders: { 'Content-Security-Policy': ["default-src * 'unsafe-inline'"] },
    });
    expect(response.responseHeaders?.['Content-Security-Policy']).toEqual([
      contentSecurityPolicy({ dev: false }),
    ]);
  });

  it('adds the CSP even to a response without headers', async () => {
    const ses = fakeElectron.session.defaultSession;
    hardenSession(ses.asSession(), false);
    const response = await ses.receiveHeaders({ url: FILE_APP, resourceType: 'mainFrame' });
    expect(response.responseHeaders).toEqual({
      'Content-Security-Policy': [contentSecurityPolicy({ dev: false })],
    });
  });

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'hid'])(
    'denies a request for %s, answering exactly once',
    async (permission) => {
      const ses = fakeElectron.session.defaultSession;
      hardenSession(ses.asSession(), false);
      expect(await ses.requestPermission(permission)).toEqual({ granted: false, answers: 1 });
    },
  );

  it.each(['media', 'clipboard-sanitized-write', 'background-sync', 'fullscreen'])(
    'answers no to a permission check for %s',
    (permission) => {
      const ses = fakeElectron.session.defaultSession;
      hardenSession(ses.asSession(), false);
      expect(ses.checkPermission(permission, FILE_APP)).toBe(false);
    },
  );
});

describe('createMainWindow', () => {
  function open(options: { appUrl?: string; dev?: boolean } = {}): FakeBrowserWindow {
    createMainWindow({
      preloadPath: PRELOAD,
      appUrl: options.appUrl ?? FILE_APP,
      dev: options.dev ?? false,
    });
    expect(fakeElectron.windows).toHaveLength(1);
    const [win] = fakeElectron.windows;
    if (!win) throw new Error('no window was created');
    return win;
  }

  it('creates an isolated, sandboxed renderer with no Node and the app preload', () => {
    const prefs = open().options.webPreferences;
    expect(prefs).toMatchObject({
      preload: PRELOAD,
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
    });
  });

  it('turns on no extra Chromium feature, switch or plugin', () => {
    const prefs = new Map(Object.entries(open().options.webPreferences ?? {}));
    for (const name of ['enableBlinkFeatures', 'additionalArguments', 'plugins']) {
      expect(prefs.get(name), name).toBeFalsy();
    }
  });

  it('stays hidden until the page is ready, then shows once', () => {
    const win = open();
    expect(win.options.show).toBe(false);
    expect(win.showCount).toBe(0);
    win.emit('ready-to-show');
    win.emit('ready-to-show');
    expect(win.showCount).toBe(1);
  });

  it('loads the app URL, and only that', () => {
    expect(open({ appUrl: DEV_APP, dev: true }).loadedUrls).toEqual([DEV_APP]);
  });

  it("hardens the window's own web contents", () => {
    const win = open();
    expect(win.webContents.tryNavigate('will-navigate', 'https://evil.example/')).toEqual({
      blocked: true,
    });
    expect(win.webContents.tryNavigate('will-navigate', `${FILE_APP}#/jobs`)).toEqual({
      blocked: false,
    });
    expect(win.webContents.tryOpenWindow('http://evil.example/')).toEqual({ action: 'deny' });
    expect(win.webContents.tryAttachWebview('https://evil.example/')).toEqual({ blocked: true });
  });

  it('paints the background for the system theme before the page loads', () => {
    fakeElectron.nativeTheme.shouldUseDarkColors = false;
    const light = open().options.backgroundColor;
    fakeElectron.reset();
    fakeElectron.nativeTheme.shouldUseDarkColors = true;
    const dark = open().options.backgroundColor;
    expect(light).toBe('#f7f8fa');
    expect(dark).toBe('#111418');
  });

  it('has a title and a usable minimum size', () => {
    const { options } = open();
    expect(options.title).toBe('List Cleaner');
    expect(options.minWidth).toBeGreaterThanOrEqual(800);
    expect(options.minHeight).toBeGreaterThanOrEqual(500);
  });
});
