// The gate into ipcMain.handle: every handler registered on a stand-in
// ipcMain is invoked with the event Electron would build, and the answer the
// renderer would get is checked, along with whether the table behind it ran.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeWebContents,
  fakeElectron,
  invokeEvent,
  subFrame,
  topFrame,
  type FakeFrame,
} from '../support/fake-electron';
import { recordingHandlers, sampleBalance } from '../support/ipc-handlers';
import { channelNames } from '../../../electron/ipc/channels';
import { createHandlerRegistry, type HandlerRegistry } from '../../../electron/ipc/registry';
import { setLogSink } from '../../../electron/lib/log';
import { APP_URL } from '../../../electron/shell/window/app-protocol';
import { isTrustedSender, registerIpc, type TrustedSender } from '../../../electron/shell/ipc-main';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

const APP = APP_URL;
/** The built renderer at a file:// URL: the app is served from app:// only, so this is not it. */
const FILE_APP = 'file:///opt/List%20Cleaner/resources/app.asar/out/renderer/index.html';
const DEV_APP = 'http://localhost:5173/';

const warnings: string[] = [];
setLogSink((level, line) => {
  if (level === 'warn') warnings.push(line);
});
afterAll(() => setLogSink(() => undefined));

/** The registry behind the gate, counting every call that got through. */
function countingRegistry(): { registry: HandlerRegistry; passed: string[]; ran: () => number } {
  const { handlers, calls } = recordingHandlers();
  const real = createHandlerRegistry(handlers);
  const passed: string[] = [];
  return {
    registry: {
      channels: real.channels,
      invoke: (channel, input) => {
        passed.push(channel);
        return real.invoke(channel, input);
      },
    },
    passed,
    ran: () => calls.length,
  };
}

function setUp(appUrl = APP) {
  const win = { contents: new FakeWebContents() as FakeWebContents | null };
  const trusted: TrustedSender = {
    contents: () => win.contents?.asWebContents() ?? null,
    appUrl,
  };
  const gate = countingRegistry();
  registerIpc(fakeElectron.ipcMain.asIpcMain(), gate.registry, trusted);
  const send = (
    channel: string,
    sender: FakeWebContents | null,
    frame: FakeFrame | null,
    input?: unknown,
  ) =>
    fakeElectron.ipcMain.invoke(
      channel,
      invokeEvent(sender ?? new FakeWebContents(), frame),
      input,
    );
  return { win, trusted, gate, send };
}

beforeEach(() => {
  fakeElectron.reset();
  warnings.length = 0;
});

describe('registerIpc', () => {
  it('registers exactly one handler per channel of the contract', () => {
    setUp();
    expect([...fakeElectron.ipcMain.channels].sort()).toEqual([...channelNames].sort());
  });

  it("answers the app window's top frame with the handler's result", async () => {
    const { win, gate, send } = setUp();
    const answer = await send('balance:get', win.contents, topFrame(APP));
    expect(answer).toEqual({ ok: true, value: sampleBalance });
    expect(gate.ran()).toBe(1);
  });

  it('accepts the app at any in-app route (hash or query)', async () => {
    const { win, send } = setUp();
    const answer = await send('balance:get', win.contents, topFrame(`${APP}#/jobs?x=1`));
    expect(answer).toMatchObject({ ok: true });
  });

  it('still validates input from a trusted sender', async () => {
    const { win, gate, send } = setUp();
    const answer = await send('key:set', win.contents, topFrame(APP), { apiKey: 'short' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(gate.ran()).toBe(0);
  });

  const topOfApp = topFrame(APP);
  const refusals: Array<{
    name: string;
    appUrl?: string;
    sender: 'window' | 'foreign';
    frame: FakeFrame | null;
  }> = [
    { name: 'another web contents', sender: 'foreign', frame: topFrame(APP) },
    {
      name: 'a sub-frame of the app window',
      sender: 'window',
      frame: subFrame(APP, topOfApp),
    },
    {
      name: 'a foreign sub-frame of the app window',
      sender: 'window',
      frame: subFrame('https://evil.example/', topOfApp),
    },
    { name: 'a frame that is gone (null senderFrame)', sender: 'window', frame: null },
    { name: 'the built app at its old file:// URL', sender: 'window', frame: topFrame(FILE_APP) },
    {
      name: 'another file in the app folder over file://',
      sender: 'window',
      frame: topFrame('file:///opt/List%20Cleaner/resources/app.asar/out/renderer/evil.html'),
    },
    { name: 'some other local file', sender: 'window', frame: topFrame('file:///tmp/index.html') },
    {
      name: 'another host on the app scheme',
      sender: 'window',
      frame: topFrame('app://evil.example/index.html'),
    },
    {
      name: 'the app host on another scheme',
      sender: 'window',
      frame: topFrame('https://list-cleaner/index.html'),
    },
    {
      name: 'the app host with a port',
      sender: 'window',
      frame: topFrame('app://list-cleaner:1/index.html'),
    },
    {
      name: 'a look-alike host',
      sender: 'window',
      frame: topFrame('app://list-cleaner.evil.example/index.html'),
    },
    {
      name: 'the app scheme while running from the dev server',
      appUrl: DEV_APP,
      sender: 'window',
      frame: topFrame(APP),
    },
    { name: 'a remote page', sender: 'window', frame: topFrame('https://evil.example/') },
    { name: 'about:blank', sender: 'window', frame: topFrame('about:blank') },
    {
      name: 'another port on the dev host',
      appUrl: DEV_APP,
      sender: 'window',
      frame: topFrame('http://localhost:5174/'),
    },
    {
      name: 'another scheme on the dev host',
      appUrl: DEV_APP,
      sender: 'window',
      frame: topFrame('https://localhost:5173/'),
    },
    {
      name: 'another host in dev',
      appUrl: DEV_APP,
      sender: 'window',
      frame: topFrame('http://127.0.0.1:5173/'),
    },
  ];

  it.each(refusals)('refuses $name without reaching the handler table', async (c) => {
    const { win, gate, send } = setUp(c.appUrl);
    const sender = c.sender === 'window' ? win.contents : new FakeWebContents();
    // Valid input, so the only reason to refuse is the sender.
    const answer = await send('key:set', sender, c.frame, { apiKey: 'sk_live_0123456789' });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'forbidden', message: expect.any(String) },
    });
    expect(gate.passed).toEqual([]);
    expect(gate.ran()).toBe(0);
    expect(warnings.join('\n')).toContain('refused key:set');
  });

  it('refuses every channel, not only some', async () => {
    const { gate, send } = setUp();
    for (const channel of channelNames) {
      const answer = await send(channel, new FakeWebContents(), topFrame(APP));
      expect(answer, channel).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(gate.passed).toEqual([]);
  });

  it('refuses the sender before looking at its input', async () => {
    const { gate, send } = setUp();
    const answer = await send('key:set', new FakeWebContents(), topFrame(APP), {
      apiKey: 1,
      extra: true,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(gate.passed).toEqual([]);
  });

  it('refuses everyone while there is no window', async () => {
    const { win, gate, send } = setUp();
    const closed = win.contents;
    win.contents = null;
    const answer = await send('balance:get', closed, topFrame(APP));
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(gate.passed).toEqual([]);
  });

  it('follows the window when it is reopened: the new one is trusted, the old one is not', async () => {
    const { win, send } = setUp();
    const old = win.contents;
    win.contents = new FakeWebContents();
    expect(await send('balance:get', win.contents, topFrame(APP))).toMatchObject({
      ok: true,
    });
    expect(await send('balance:get', old, topFrame(APP))).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });
});

describe('isTrustedSender', () => {
  const contents = new FakeWebContents();
  const trusted: TrustedSender = { contents: () => contents.asWebContents(), appUrl: DEV_APP };

  it('trusts only the top frame of the app window at the app origin', () => {
    const top = topFrame('http://localhost:5173/settings');
    expect(isTrustedSender(invokeEvent(contents, top), trusted)).toBe(true);
    expect(isTrustedSender(invokeEvent(contents, subFrame(DEV_APP, top)), trusted)).toBe(false);
    expect(isTrustedSender(invokeEvent(new FakeWebContents(), top), trusted)).toBe(false);
    expect(isTrustedSender(invokeEvent(contents, null), trusted)).toBe(false);
    expect(isTrustedSender(invokeEvent(contents, topFrame('http://evil.example/')), trusted)).toBe(
      false,
    );
  });
});

describe('isTrustedSender for the built app', () => {
  const contents = new FakeWebContents();
  const trusted: TrustedSender = { contents: () => contents.asWebContents(), appUrl: APP };
  const from = (url: string): boolean =>
    isTrustedSender(invokeEvent(contents, topFrame(url)), trusted);

  it('trusts the top frame at app://list-cleaner, at any route', () => {
    expect(from(APP)).toBe(true);
    expect(from(`${APP}#/settings`)).toBe(true);
  });

  it.each([
    FILE_APP,
    'file:///tmp/index.html',
    'app://evil.example/index.html',
    'app://list-cleaner.evil.example/',
    'https://list-cleaner/index.html',
    'http://localhost:5173/',
    'about:blank',
  ])('refuses a frame at %s', (url) => {
    expect(from(url)).toBe(false);
  });
});
