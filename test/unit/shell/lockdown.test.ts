// What a compromised page could reach besides navigation and IPC: devices
// (HID, USB, serial, Bluetooth), DevTools in a packaged build, and the app://
// scheme's registration. Each is driven through the stand-in electron module
// the way Chromium would fire it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, fakeElectron, type SessionDeviceEvent } from '../support/fake-electron';
import { APP_URL } from '../../../electron/shell/window/app-protocol';
import { contentSecurityPolicy } from '../../../electron/shell/window/csp';
import {
  createMainWindow,
  hardenSession,
  hardenWebContents,
  registerAppScheme,
  serveAppScheme,
} from '../../../electron/shell/window/window';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

const PRELOAD = '/opt/List Cleaner/resources/app.asar/out/preload/preload.cjs';

beforeEach(() => fakeElectron.reset());

describe('devices', () => {
  it.each(['hid', 'serial', 'usb'] as const)('keeps no %s device granted', (deviceType) => {
    const ses = fakeElectron.session.defaultSession;
    hardenSession(ses.asSession(), false);
    expect(ses.checkDevicePermission(deviceType)).toBe(false);
  });

  it.each<SessionDeviceEvent>(['select-hid-device', 'select-usb-device', 'select-serial-port'])(
    'takes %s and answers it once, with no device',
    (kind) => {
      const ses = fakeElectron.session.defaultSession;
      hardenSession(ses.asSession(), false);
      const choice = ses.selectDevice(kind);
      expect(choice.prevented).toBe(true);
      expect(choice.answers).toHaveLength(1);
      expect(choice.answers[0] ?? '').toBe('');
    },
  );

  it('takes select-bluetooth-device and answers it once, with no device', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), APP_URL);
    // Hardened twice, as main's web-contents-created and createMainWindow both do.
    hardenWebContents(contents.asWebContents(), APP_URL);
    expect(contents.selectBluetoothDevice()).toEqual({ prevented: true, answers: [''] });
  });

  it("refuses devices in the app window's own web contents", () => {
    createMainWindow({ preloadPath: PRELOAD, appUrl: APP_URL, dev: false });
    const [win] = fakeElectron.windows;
    expect(win?.webContents.selectBluetoothDevice()).toEqual({ prevented: true, answers: [''] });
  });
});

describe('DevTools', () => {
  function open(dev: boolean): FakeWebContents {
    createMainWindow({ preloadPath: PRELOAD, appUrl: APP_URL, dev });
    const [win] = fakeElectron.windows;
    if (!win) throw new Error('no window was created');
    return win.webContents;
  }

  it('are off in a packaged window and on in development', () => {
    createMainWindow({ preloadPath: PRELOAD, appUrl: APP_URL, dev: false });
    createMainWindow({ preloadPath: PRELOAD, appUrl: 'http://localhost:5173/', dev: true });
    const [packaged, development] = fakeElectron.windows;
    expect(packaged?.options.webPreferences?.devTools).toBe(false);
    expect(development?.options.webPreferences?.devTools).toBe(true);
  });

  it('are closed again if anything opens them in a packaged window', () => {
    const contents = open(false);
    contents.openDevTools();
    expect(contents.isDevToolsOpened()).toBe(false);
  });

  it('are closed in any web contents hardened outside development', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents.asWebContents(), APP_URL);
    contents.openDevTools();
    expect(contents.isDevToolsOpened()).toBe(false);
  });

  it('stay open in development', () => {
    const contents = open(true);
    contents.openDevTools();
    expect(contents.isDevToolsOpened()).toBe(true);
  });
});

describe('the app:// scheme', () => {
  it('is registered as standard and secure, with no other privilege', () => {
    registerAppScheme();
    expect(fakeElectron.protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true } },
    ]);
  });

  describe('as served by the default session', async () => {
    const base = await mkdtemp(join(tmpdir(), 'list-cleaner-scheme-'));
    const root = join(base, 'renderer');
    await mkdir(root);
    await writeFile(join(root, 'index.html'), '<!doctype html>');
    await writeFile(join(base, 'secret.js'), 'TOP-SECRET');
    afterAll(() => rm(base, { recursive: true, force: true }));

    it('answers app://list-cleaner from the renderer folder, with the CSP', async () => {
      serveAppScheme(root);
      expect(fakeElectron.protocol.handledSchemes).toEqual(['app']);
      const response = await fakeElectron.protocol.request(APP_URL);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(
        contentSecurityPolicy({ dev: false }),
      );
      expect(await response.text()).toBe('<!doctype html>');
    });

    it('refuses what is outside it, and any method but GET and HEAD', async () => {
      serveAppScheme(root);
      const out = await fakeElectron.protocol.request('app://list-cleaner/..%2fsecret.js');
      expect([403, 404]).toContain(out.status);
      expect(await out.text()).not.toContain('TOP-SECRET');
      const post = await fakeElectron.protocol.request(APP_URL, 'POST');
      expect(post.status).toBe(405);
    });
  });
});
