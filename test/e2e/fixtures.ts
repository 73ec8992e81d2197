// One app per test: a fresh data folder and keychain entry, the core behind
// the test bridge, and the built renderer in Chromium. restart() does what
// quitting and reopening the app does: a new core over the same data and keychain.
import type { AskedLanguage, LanguageChoice } from '../../electron/common/i18n/languages';
import { test as base, expect, type Page } from '@playwright/test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createCore, type Core } from '../../electron/core';
import {
  createMemoryKeyStore,
  openKeyStore,
  type KeyStore,
} from '../../electron/secrets/key-store';
import type { KeyStoreOf } from '../../electron/connectors/keys';
import type { PlatformId } from '../../electron/common/catalogs/platforms';
import type { FakeHarness, HarnessOptions, StartHarness } from '../unit/connectors/harness/types';
import { fail } from '../../electron/common/result';
import type { UpdateView } from '../../electron/ipc/contract';
import type { ConsentQuestion } from '../../electron/lib/consent';
import { BRIDGE_PRELOAD } from './bridge/build-preload';
import { internalsIn, watchForInternals } from './internals';
import { serveRenderer } from './bridge/serve-renderer';

export interface TestApp {
  page: Page;
  dataDir: string;
  /** Where dropped files are kept, and where the Save dialog's stand-in saves. */
  filesDir: string;
  downloadsDir: string;
  /** The folder main's folder dialog stand-in answers ("Save by status…"); it exists. */
  chosenFolder: string;
  /** The folders main suggested in that dialog, in order. */
  folderSuggestions: string[];
  /** Paths "Show in folder" was asked for. */
  shownInFolder: string[];
  /** The file main's Open dialog stand-in answers next ("Choose file…"); null: cancelled. */
  chooseNextFile(path: string | null): void;
  /** How the user answers main's "Send your API key to …?" dialog for a key proven elsewhere; what it asked. */
  keyHostDialog: { answer: boolean; asked: [string, string][] };
  /**
   * How the user answers main's other questions (a first key for an address,
   * replacing the key, starting over the limit, raising it, archiving or
   * unsubscribing a platform's members): yes unless a test
   * says otherwise; what was asked, in order.
   */
  consent: { answer: boolean; asked: ConsentQuestion[] };
  /** How long jobs wait out a refusal of the service, instead of Settings' hours (null: Settings'). */
  setPatience(ms: number | null): void;
  /**
   * Declares text the window may show in this test that would otherwise read
   * as an internal (internals.ts): a service address the user set, which a
   * test can only make a loopback one. `why` says so in the test.
   */
  allowShown(pattern: RegExp, why: string): void;
  /** Holds back the reading of a dropped file of this name until the returned release is called. */
  holdReading(fileName: string): () => void;
  /** The language main tells the window to speak (LIST_CLEANER_LANGUAGE's stand-in); before open(). */
  speak(language: AskedLanguage): void;
  /** The updater's stand-in: set where an update stands (the window hears it); restarts asked for. */
  update(view: Partial<UpdateView> & Pick<UpdateView, 'state'>): void;
  restartsToUpdate(): number;
  /**
   * Starts a list platform's fake (test/unit/connectors/harness) and makes the
   * core again to reach the platform there; call it before open(). The
   * platforms' keys live in memory per test, never in the keychain.
   */
  startPlatform(start: StartHarness, options: HarnessOptions): Promise<FakeHarness>;
  core(): Core;
  open(): Promise<void>;
  restart(): Promise<void>;
  screenshot(name: string): Promise<void>;
}

/**
 * The page in a colour scheme, once its colours have settled: a theme's
 * colours ease in (buttons over 120 ms), and a screenshot or a contrast check
 * taken half-way shows colours no one sees.
 */
export async function showTheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export const test = base.extend<{ app: TestApp }>({
  app: async ({ page }, use, testInfo) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-e2e-'));
    const keychain = { service: `List Cleaner e2e ${randomBytes(4).toString('hex')}` };
    const server = await serveRenderer();
    const filesDir = await mkdtemp(join(tmpdir(), 'list-cleaner-e2e-files-'));
    const downloadsDir = join(filesDir, 'downloads');
    await mkdir(downloadsDir);
    const chosenFolder = join(filesDir, 'by-status');
    await mkdir(chosenFolder);
    const folderSuggestions: string[] = [];
    const shownInFolder: string[] = [];
    let nextFile: string | null = null;
    const keyHostDialog = { answer: false, asked: [] as [string, string][] };
    const consent = { answer: true, asked: [] as ConsentQuestion[] };
    let update: UpdateView = { state: 'idle', version: null, progress: null, message: null };
    let restarts = 0;
    // A run's language (LIST_CLEANER_LANGUAGE's stand-in) over the one chosen; the system's is English.
    let language: AskedLanguage | null = null;
    // Stand-ins for main's native dialogs. The Save dialog saves under the
    // suggested name in downloadsDir; the folder dialog answers chosenFolder;
    // the Open dialog answers what the test chose.
    const shell = {
      chooseOpenPath: async () => {
        const chosen = nextFile;
        nextFile = null;
        return chosen;
      },
      chooseSavePath: async (suggested: string) => join(downloadsDir, basename(suggested)),
      chooseFolder: async (suggested: string) => {
        folderSuggestions.push(suggested);
        return chosenFolder;
      },
      showInFolder: (path: string) => void shownInFolder.push(path),
      consent: async (question: ConsentQuestion) => {
        if (question.kind === 'send-key' && question.provenHost !== null) {
          keyHostDialog.asked.push([question.provenHost, question.host]);
          return keyHostDialog.answer;
        }
        consent.asked.push(question);
        return consent.answer;
      },
      updates: {
        status: () => update,
        restart: () => void (restarts += 1),
      },
      language: (choice: LanguageChoice) => language ?? (choice === 'system' ? 'en' : choice),
    };
    // Jobs try again within a second or two here, not the service's real pace.
    let patience: number | null = null;
    const waits = {
      policy: { baseMs: 2_000, capMs: 4_000, fundsEveryMs: 2_000, ordersEveryMs: 2_000 },
      patienceMs: () => patience,
    };
    // The platforms' keys in memory, one store a platform, kept across restarts as a keychain is;
    // their fakes' addresses filled in by startPlatform, and their retries quick.
    const platformKeys = new Map<PlatformId, KeyStore>();
    const keys: KeyStoreOf = async (platform) => {
      let store = platformKeys.get(platform);
      if (store === undefined) {
        store = createMemoryKeyStore(null);
        platformKeys.set(platform, store);
      }
      return store;
    };
    const platformUrls: Partial<Record<PlatformId, string>> = {};
    const fakes: FakeHarness[] = [];
    const platforms = { urls: platformUrls, keys, http: { backoffMs: 5 } };
    // Watches run when a test says (Run now), never on the open app's minute timer.
    const coreOptions = { dataDir, keychain, shell, waits, platforms, watches: { everyMs: null } };
    let core = await createCore(coreOptions);
    let unsubscribe = (): void => undefined;

    const attach = (): void => {
      unsubscribe = core.events.subscribe((event, payload) => {
        void page
          .evaluate(
            ([e, p]) =>
              (
                window as unknown as { __listCleanerEmit?: (e: string, p: unknown) => void }
              ).__listCleanerEmit?.(e, p),
            [event, payload] as const,
          )
          .catch(() => undefined);
      });
    };
    attach();

    await page.exposeBinding(
      '__listCleanerInvoke',
      async ({ frame }, channel: string, input: unknown) => {
        // The bridge's version of the sender check: only the page's top frame.
        if (frame !== page.mainFrame()) {
          return fail({
            code: 'forbidden',
            message: 'This request did not come from List Cleaner.',
          });
        }
        // A file whose reading a test holds back: its import waits for the test's release.
        const token = (input as { token?: unknown } | null)?.token;
        if (channel === 'list:import' && typeof token === 'string') {
          await held.get(tokenNames.get(token) ?? '')?.promise;
        }
        return core.registry.invoke(channel, input);
      },
    );
    const tokenNames = new Map<string, string>();
    const held = new Map<string, { promise: Promise<void>; release: () => void }>();
    let stored = 0;
    await page.exposeBinding(
      '__listCleanerGrantFile',
      async ({ frame }, name: string, base64: string) => {
        if (frame !== page.mainFrame()) {
          return fail({
            code: 'forbidden',
            message: 'This request did not come from List Cleaner.',
          });
        }
        const dir = join(filesDir, String((stored += 1)));
        await mkdir(dir);
        const path = join(dir, basename(name));
        await writeFile(path, Buffer.from(base64, 'base64'));
        const grant = await core.fileGrant(path);
        if (grant.ok) tokenNames.set(grant.value.token, basename(name));
        return grant;
      },
    );
    await page.addInitScript({ path: BRIDGE_PRELOAD });
    const shown = await watchForInternals(page);
    const allowedShown: Array<{ pattern: RegExp; why: string }> = [];

    const shotsDir = join('test-results', 'screens');
    await mkdir(shotsDir, { recursive: true });

    const app: TestApp = {
      page,
      dataDir,
      filesDir,
      downloadsDir,
      chosenFolder,
      folderSuggestions,
      shownInFolder,
      chooseNextFile: (path) => {
        nextFile = path;
      },
      keyHostDialog,
      consent,
      setPatience: (ms) => void (patience = ms),
      allowShown: (pattern, why) => void allowedShown.push({ pattern, why }),
      holdReading: (fileName) => {
        let release = (): void => undefined;
        const promise = new Promise<void>((resolve) => (release = resolve));
        held.set(fileName, { promise, release });
        return release;
      },
      speak: (asked) => void (language = asked),
      update: (view) => {
        update = { version: null, progress: null, message: null, ...view };
        core.events.emit('update:changed', update);
      },
      restartsToUpdate: () => restarts,
      startPlatform: async (start, options) => {
        const fake = await start(options);
        fakes.push(fake);
        platformUrls[fake.platform] = fake.url;
        // The core reads the platforms' addresses when it is made.
        unsubscribe();
        await core.dispose();
        core = await createCore(coreOptions);
        attach();
        return fake;
      },
      core: () => core,
      open: async () => {
        await page.goto(server.url);
      },
      restart: async () => {
        unsubscribe();
        await core.dispose();
        core = await createCore(coreOptions);
        attach();
        await page.reload();
      },
      screenshot: async (name) => {
        for (const colorScheme of ['light', 'dark'] as const) {
          await showTheme(page, colorScheme);
          await page.screenshot({
            path: join(shotsDir, `${name}-${colorScheme}.png`),
            fullPage: true,
          });
        }
        await page.emulateMedia({ colorScheme: null });
        testInfo.annotations.push({ type: 'screenshot', description: name });
      },
    };

    await use(app);

    // Checked once the test is over, over everything it showed.
    expect(internalsIn(shown, allowedShown), 'internals shown on a customer screen').toEqual([]);

    unsubscribe();
    await core.dispose();
    await server.stop();
    await Promise.all(fakes.map((f) => f.stop()));
    const store = await openKeyStore(keychain);
    await store.clear().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
  },
});

export { expect };
