// The preload's own channel for a dropped file's path: the same sender check
// as every channel, then the core's grant route, which answers a token.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeWebContents,
  fakeElectron,
  invokeEvent,
  subFrame,
  topFrame,
} from '../support/fake-electron';
import { FILE_GRANT_CHANNEL } from '../../../electron/ipc/channels';
import { fileGrantRoute } from '../../../electron/ipc/file-grant';
import { english } from '../../../electron/common/i18n/message';
import { createFileGrants } from '../../../electron/files/grants';
import { setLogSink } from '../../../electron/lib/log';
import { APP_URL } from '../../../electron/shell/window/app-protocol';
import { registerFileGrant } from '../../../electron/shell/file-grant-ipc';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

let dir: string;
let list: string;
beforeAll(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-grant-ipc-'));
  list = join(dir, 'dropped.csv');
  await writeFile(list, 'email\njane@example.com\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => fakeElectron.reset());

function setUp() {
  const contents = new FakeWebContents();
  const grants = createFileGrants();
  registerFileGrant(
    fakeElectron.ipcMain.asIpcMain(),
    fileGrantRoute(grants, () => english.t),
    {
      contents: () => contents.asWebContents(),
      appUrl: APP_URL,
    },
  );
  const send = (sender: FakeWebContents, frame = topFrame(APP_URL), path: unknown = list) =>
    fakeElectron.ipcMain.invoke(FILE_GRANT_CHANNEL, invokeEvent(sender, frame), path);
  return { contents, grants, send };
}

describe('the file grant channel', () => {
  it('answers our window’s top frame with a one-use token for the dropped file', async () => {
    const { contents, grants, send } = setUp();
    const answer = (await send(contents)) as { ok: true; value: { token: string } };
    expect(answer).toMatchObject({ ok: true, value: { fileName: 'dropped.csv' } });
    await expect(grants.take(answer.value.token)).resolves.toBe(await realpath(list));
  });

  it('refuses another web contents, a sub-frame and a page that is not the app', async () => {
    const { contents, send } = setUp();
    const forbidden = { ok: false, error: { code: 'forbidden' } };
    expect(await send(new FakeWebContents())).toMatchObject(forbidden);
    expect(await send(contents, subFrame('https://ads.example/', topFrame(APP_URL)))).toMatchObject(
      forbidden,
    );
    expect(await send(contents, topFrame('https://evil.example/'))).toMatchObject(forbidden);
  });

  it('checks the path like any input: not a string, a folder, a relative path', async () => {
    const { contents, send } = setUp();
    expect(await send(contents, undefined, { path: list })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await send(contents, undefined, dir)).toMatchObject({
      ok: false,
      error: { code: 'bad_file' },
    });
    expect(await send(contents, undefined, 'dropped.csv')).toMatchObject({
      ok: false,
      error: { code: 'bad_file' },
    });
  });
});
