// The window and session hardening, driven through the handlers the shell
// registers on a stand-in electron module: each test fires what Chromium would
// (a navigation, window.open, a permission prompt, a response) and checks the
// outcome the page would see. Devices, DevTools and the app:// wiring are in
// lockdown.test.ts.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, fakeElectron, type FakeBrowserWindow } from '../support/fake-electron';
import { APP_URL } from '../../../electron/shell/window/app-protocol';
import { contentSecurityPolicy } from '../../../electron/shell/window/csp';
import { HELP_LINKS } from '../../../electron/shell/window/help-links';
import { setLogSink } from '../../../electron/lib/log';
import {
  createMainWindow,
  hardenSession,
  hardenWebContents,
  isAppUrl,
} from '../../../electron/shell/window/window';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

const APP = APP_URL;
/** The built renderer at a file:// URL: the app is served from app:// only, so this is not it. */
const FILE_APP = 'file:///opt/List%20Cleaner/resources/app.asar/out/renderer/index.html';
const DEV_APP = 'http://localhost:5173/';
const PRELOAD = '/opt/List Cleaner/resources/app.asar/out/preload/preload.cjs';

const warnings: string[] = [];
setLogSink((level, line) => {
  if (level === 'warn') warnings.push(line);
});
afterAll(() => setLogSink(() => undefined));

beforeEach(() => {
  fakeElectron.reset();
  warnings.length = 0;
});

describe('isAppUrl', () => {
  describe('for the built app (app://list-cleaner)', () => {
    it('is served from app://list-cleaner', () => {
      expect(APP).toBe('app://list-cleaner/index.html');
    });

    it.each([
      APP,
      `${APP}#/settings`,
      `${APP}?tab=jobs`,
      'app://list-cleaner/',
      'app://list-cleaner/assets/index-abc123.js',
    ])('accepts %s', (url) => {
      expect(isAppUrl(url, APP)).toBe(true);
    });

    it.each([
      FILE_APP,
      'file:///etc/passwd',
      'file://list-cleaner/index.html',
      'app://evil.example/index.html',
      'app://list-cleaner.evil.example/index.html',
      'app://list-cleaner@evil.example/index.html',
      'app://user:pass@list-cleaner/index.html',
      'app://list-cleaner:8080/index.html',
      'app:///index.html',
      'app:index.html',
      'appx://list-cleaner/index.html',
      'https://list-cleaner/index.html',
      'http://list-cleaner/index.html',
      'blob:app://list-cleaner/0b6c1e0e-0000-4000-8000-000000000000',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'about:blank',
      'not a url',
      '',
    ])('refuses %s', (url) => {
      expect(isAppUrl(url, APP)).toBe(false);
    });
  });

  // A custom scheme's origin is "null" to the URL parser, as is every file://
  // or other opaque URL's: comparing origins would let all of them in.
  it('does not take a shared "null" origin for a match', () => {
    expect(new URL(APP).origin).toBe('null');
    expect(isAppUrl('evil://list-cleaner/index.html', APP)).toBe(false);
    expect(isAppUrl('data:text/html,x', APP)).toBe(false);
  });

  it('never treats file:// as the app, even if handed a file URL as the app URL', () => {
    expect(isAppUrl(FILE_APP, FILE_APP)).toBe(false);
    expect(isAppUrl('file:///etc/passwd', FILE_APP)).toBe(false);
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
        hardenWebContents(contents.asWebContents(), APP);
        expect(contents.tryNavigate(kind, `${APP}#/settings`)).toEqual({ blocked: false });
        expect(contents.tryNavigate(kind, 'app://list-cleaner/')).toEqual({ blocked: false });
      });

      it.each([
        'https://evil.example/',
        FILE_APP,
        'file:///etc/passwd',
        'app://evil.example/index.html',
        'http://localhost:5173/',
        'javascript:alert(1)',
        'not a url',
      ])('blocks %s', (url) => {
        const contents = new FakeWebContents();
        hardenWebContents(contents.asWebContents(), APP);
        expect(contents.tryNavigate(kind, url)).toEqual({ blocked: true });
      });

      it('judges against the dev server origin when running from it', () => {
        const contents = new FakeWebContents();
        hardenWebContents(contents.asWebContents(), DEV_APP, { dev: true });
        expect(contents.tryNavigate(kind, 'http://localhost:5173/index.html')).toEqual({
          blocked: false,
        });
        expect(contents.tryNavigate(kind, 'http://localhost:8080/')).toEqual({ blocked: true });
        expect(contents.tryNavigate(kind, APP)).toEqual({ blocked: true });
      });
    },
  );

  it('refuses to attach any webview', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), APP);
    expect(contents.tryAttachWebview('https://evil.example/')).toEqual({ blocked: true });
    expect(contents.tryAttachWebview(APP)).toEqual({ blocked: true });
  });

  it('lists only https help pages under the reserved .example domain', () => {
    const links = Object.values(HELP_LINKS);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).protocol, link).toBe('https:');
    for (const link of links) expect(new URL(link).hostname, link).toMatch(/\.example$/);
  });

  it.each(Object.entries(HELP_LINKS))(
    "opens the help link %s in the user's browser and never a window inside the app",
    (_name, link) => {
      const contents = new FakeWebContents();
      hardenWebContents(contents.asWebContents(), APP);
      expect(contents.tryOpenWindow(link)).toEqual({ action: 'deny' });
      expect(fakeElectron.shell.opened).toEqual([link]);
    },
  );

  it.each([
    'https://help.example.com/list-cleaner?topic=keys#step-2',
    'https://evil.example/',
    `${HELP_LINKS.apiKey}?next=https://evil.example/`,
    `${HELP_LINKS.apiKey}#step-2`,
    `${HELP_LINKS.serviceDocs}/../../evil`,
    `${HELP_LINKS.support}/`,
    HELP_LINKS.pricing.replace('https:', 'http:'),
    HELP_LINKS.serviceDocs.replace('email-verification.example', 'email-verification.example.evil'),
    ` ${HELP_LINKS.support}`,
    'http://insecure.example/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,hello',
    'smb://share.example/x',
    'ms-settings:privacy',
    'about:blank',
    APP,
    FILE_APP,
  ])('denies %s, hands it to no other program, and logs it', (url) => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), APP);
    expect(contents.tryOpenWindow(url)).toEqual({ action: 'deny' });
    expect(fakeElectron.shell.opened).toEqual([]);
    expect(warnings.join('\n')).toContain('refused to open a link');
  });
});

describe('the billing page link', () => {
  const BILLING = 'https://pay.example.org/top-up?plan=pro';

  it("opens the saved https billing page in the user's browser, read at each click", () => {
    let saved: string | null = null;
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), APP, { dev: false, billingUrl: () => saved });
    expect(contents.tryOpenWindow(BILLING)).toEqual({ action: 'deny' });
    expect(fakeElectron.shell.opened).toEqual([]);
    saved = BILLING;
    expect(contents.tryOpenWindow(BILLING)).toEqual({ action: 'deny' });
    expect(fakeElectron.shell.opened).toEqual([BILLING]);
  });

  it.each([
    { saved: BILLING, url: `${BILLING}&next=https://evil.example/` },
    { saved: BILLING, url: 'https://pay.example.org/' },
    // A saved page that is not https (a damaged check elsewhere) still never opens.
    { saved: 'http://pay.example.org/', url: 'http://pay.example.org/' },
    { saved: 'file:///etc/passwd', url: 'file:///etc/passwd' },
  ])('denies $url when $saved is saved', ({ saved, url }) => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), APP, { dev: false, billingUrl: () => saved });
    expect(contents.tryOpenWindow(url)).toEqual({ action: 'deny' });
    expect(fakeElectron.shell.opened).toEqual([]);
  });
});

describe('hardenSession', () => {
  it.each([false, true])('adds the CSP to every response (dev: %s)', async (dev) => {
    const ses = fakeElectron.session.defaultSession;
    hardenSession(ses.asSession(), dev);
    const response = await ses.receiveHeaders({
      url: APP,
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
    const response = await ses.receiveHeaders({ url: APP, resourceType: 'mainFrame' });
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
      expect(ses.checkPermission(permission, 'app://list-cleaner')).toBe(false);
    },
  );
});

describe('createMainWindow', () => {
  function open(options: { appUrl?: string; dev?: boolean } = {}): FakeBrowserWindow {
    createMainWindow({
      preloadPath: PRELOAD,
      appUrl: options.appUrl ?? APP,
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
    fakeElectron.reset();
    expect(open().loadedUrls).toEqual(['app://list-cleaner/index.html']);
  });

  it("hardens the window's own web contents", () => {
    const win = open();
    expect(win.webContents.tryNavigate('will-navigate', 'https://evil.example/')).toEqual({
      blocked: true,
    });
    expect(win.webContents.tryNavigate('will-navigate', `${APP}#/jobs`)).toEqual({
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
