// The e2e specs' `app`, played by the built app in a real Electron
// (Playwright's _electron.launch), for `npm run test:electron`. The specs run
// unchanged: scripts/test-electron.mjs copies them next to a fixtures.ts that
// re-exports this module. Main's native dialogs are replaced by stand-ins in
// main itself, answering as the bridge's do. What only the bridge can give (the
// core in the test's own process, the updater's stand-in) skips the test that
// asks for it, with the reason, so every spec runs as far as Electron can take it.
import {
  _electron as electron,
  test as base,
  expect,
  type ElectronApplication,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openKeyStore } from '../../electron/secrets/key-store';
import type { TestApp } from '../e2e/fixtures';

export type { TestApp };
export { expect };

const root = resolve(import.meta.dirname, '../..');
/** Main reads the keychain service from here outside installed builds, so tests keep off the user's entry. */
export const KEYCHAIN_ENV = 'LIST_CLEANER_KEYCHAIN_SERVICE';
const MARK = '[list-cleaner-e2e]';

/** What the stand-ins in main know: the next Open answer, the key-host answer, where saves go. */
interface StandInState {
  nextFile: string | null;
  answer: boolean;
  downloadsDir: string;
}

function childEnv(service: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined) env[name] = value;
  }
  // Neither plain Node nor the dev server: the built renderer over app://.
  delete env.ELECTRON_RUN_AS_NODE;
  delete env.ELECTRON_RENDERER_URL;
  env[KEYCHAIN_ENV] = service;
  return env;
}

// Runs inside Electron's main process (serialized by Playwright): no closures.
async function installStandIns(app: ElectronApplication, state: StandInState): Promise<void> {
  await app.evaluate(({ dialog, shell }, initial) => {
    const mark = '[list-cleaner-e2e]';
    const shared = globalThis as unknown as { listCleanerE2E: typeof initial };
    shared.listCleanerE2E = { ...initial };
    const optionsOf = (args: unknown[]): Record<string, unknown> =>
      ((args.length > 1 ? args[1] : args[0]) ?? {}) as Record<string, unknown>;
    dialog.showOpenDialog = (async () => {
      const chosen = shared.listCleanerE2E.nextFile;
      shared.listCleanerE2E.nextFile = null;
      return chosen === null
        ? { canceled: true, filePaths: [] }
        : { canceled: false, filePaths: [chosen] };
    }) as typeof dialog.showOpenDialog;
    dialog.showSaveDialog = (async (...args: unknown[]) => {
      const suggested = String(optionsOf(args).defaultPath ?? 'export.csv');
      const name = suggested.split(/[\\/]/).pop() ?? 'export.csv';
      const slash = process.platform === 'win32' ? '\\' : '/';
      return { canceled: false, filePath: `${shared.listCleanerE2E.downloadsDir}${slash}${name}` };
    }) as typeof dialog.showSaveDialog;
    dialog.showMessageBox = (async (...args: unknown[]) => {
      const options = optionsOf(args);
      const detail = String(options.detail ?? '');
      // The key-host question (a key already proven elsewhere) takes the test's
      // answer; main's other questions the user answers yes, as in the bridge.
      const keyHost = detail.startsWith('Your key was proven for ');
      if (keyHost) console.log(mark, JSON.stringify({ asked: [options.detail, options.message] }));
      const yes = keyHost ? shared.listCleanerE2E.answer : true;
      return { response: yes ? 0 : 1, checkboxChecked: false };
    }) as typeof dialog.showMessageBox;
    shell.showItemInFolder = (path: string) => {
      console.log(mark, JSON.stringify({ shown: path }));
    };
  }, state);
}

async function setStandIn(app: ElectronApplication, patch: Partial<StandInState>): Promise<void> {
  await app.evaluate((_electron, change) => {
    const shared = globalThis as unknown as { listCleanerE2E: Record<string, unknown> };
    Object.assign(shared.listCleanerE2E, change);
  }, patch);
}

/** The [proven, new] hosts, read back from the words of main's key-host question. */
function hostsAsked(detail: unknown, message: unknown): [string, string] {
  const proven = /proven for (.+?)\. Whoever/.exec(String(detail))?.[1] ?? String(detail);
  const next = /^Send your API key to (.+)\?$/.exec(String(message))?.[1] ?? String(message);
  return [proven, next];
}

/** Members of TestApp that need the core in the test's own process: the bridge's alone. */
function bridgeOnly(testInfo: TestInfo, member: string): never {
  testInfo.skip(
    true,
    `bridgeOnly: app.${member} reaches into the core, which here runs inside Electron's main process (npm run test:e2e runs it)`,
  );
  throw new Error(`app.${member} is available through the test bridge only`);
}

export const test = base.extend<{ app: TestApp }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  app: async ({}, use, testInfo) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-electron-'));
    const filesDir = await mkdtemp(join(tmpdir(), 'list-cleaner-electron-files-'));
    const downloadsDir = join(filesDir, 'downloads');
    await mkdir(downloadsDir);
    const service = `List Cleaner e2e ${randomBytes(4).toString('hex')}`;
    const shownInFolder: string[] = [];
    const asked: [string, string][] = [];
    const state: StandInState = { nextFile: null, answer: false, downloadsDir };
    let pending: Promise<void> = Promise.resolve();

    const launch = async (): Promise<{ electronApp: ElectronApplication; page: Page }> => {
      const electronApp = await electron.launch({
        args: ['.', `--user-data-dir=${dataDir}`],
        cwd: root,
        env: childEnv(service),
        timeout: 60_000,
      });
      electronApp.on('console', (message) => {
        const text = message.text();
        if (!text.startsWith(MARK)) return;
        const note = JSON.parse(text.slice(MARK.length)) as {
          shown?: string;
          asked?: [unknown, unknown];
        };
        if (note.shown !== undefined) shownInFolder.push(note.shown);
        if (note.asked) asked.push(hostsAsked(...note.asked));
      });
      await installStandIns(electronApp, state);
      return { electronApp, page: await electronApp.firstWindow() };
    };
    // Later answers reach main in the order they were given, before the next one.
    const tell = (patch: Partial<StandInState>): void => {
      Object.assign(state, patch);
      const app = current.electronApp;
      pending = pending.then(() => setStandIn(app, patch)).catch(() => undefined);
    };

    let current = await launch();
    const shotsDir = join('test-results', 'screens-electron');
    await mkdir(shotsDir, { recursive: true });

    const supported: Partial<TestApp> = {
      get page() {
        return current.page;
      },
      dataDir,
      filesDir,
      downloadsDir,
      shownInFolder,
      chooseNextFile: (path) => tell({ nextFile: path }),
      keyHostDialog: {
        asked,
        get answer() {
          return state.answer;
        },
        set answer(value: boolean) {
          tell({ answer: value });
        },
      },
      // The window opens with the app; this waits until it has loaded.
      open: async () => {
        await pending;
        await current.page.waitForLoadState('domcontentloaded');
      },
      // Quitting and starting again: same data folder, same keychain entry.
      restart: async () => {
        await pending;
        await current.electronApp.close();
        current = await launch();
        await current.page.waitForLoadState('domcontentloaded');
      },
      screenshot: async (name) => {
        for (const colorScheme of ['light', 'dark'] as const) {
          await current.page.emulateMedia({ colorScheme });
          await current.page.waitForTimeout(50);
          await current.page.screenshot({
            path: join(shotsDir, `${name}-${colorScheme}.png`),
            fullPage: true,
          });
        }
        await current.page.emulateMedia({ colorScheme: null });
        testInfo.annotations.push({ type: 'screenshot', description: name });
      },
    };
    const app = new Proxy(supported, {
      get(target, member, receiver) {
        if (typeof member === 'symbol' || member === 'then' || member in target) {
          return Reflect.get(target, member, receiver) as unknown;
        }
        return bridgeOnly(testInfo, member);
      },
    }) as TestApp;

    await use(app);

    await current.electronApp.close().catch(() => undefined);
    const store = await openKeyStore({ service });
    await store.clear().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
  },
});
