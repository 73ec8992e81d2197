// The app's own updates, through electron-updater: checked at start and once
// a day, downloaded in the background, and offered in the window as
// "Restart to update" (the core refuses the restart while a job runs; an
// update downloaded and not restarted into is installed when the app quits).
// Off in development builds, and while the demo account is in use.
//
// On Linux nothing is downloaded or installed: electron-updater checks an
// AppImage or a deb only against the feed's own checksum (no signature) and
// installs the deb with `dpkg -i` under elevated rights, so a feed or a
// cache folder someone else controls would run as root. There the app says a
// version is available and links to the release page; the user installs it
// as they installed this one. Windows installs only an installer signed by
// the pinned publisher (update-signature.ts); macOS, one with the app's own
// Developer ID signature (Squirrel.Mac's rule).
import type { UpdateView } from '../ipc/contract';
import type { UpdateHooks } from '../ipc/shell-hooks';
import { log } from '../lib/log';
import { english, type Translate } from '../common/i18n/message';
import { RELEASES_PAGE } from '../common/urls/release-page';

/** The part of electron-updater's AppUpdater this module uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdatesOptions {
  updater: UpdaterLike;
  /** A packaged build: development builds never look for updates. */
  packaged: boolean;
  /** The demo account is for trying the app: it looks for no updates. */
  demo(): boolean;
  emit(view: UpdateView): void;
  /** How often to look again; a day by default. */
  everyMs?: number;
  /** The window's language, which the status's words are said in (English without one). */
  words?: () => Translate;
  /** The OS: on Linux updates are only announced, never installed. process.platform by default. */
  platform?: NodeJS.Platform;
}

export interface Updates extends UpdateHooks {
  /** Starts looking (at once, then every day). */
  start(): void;
  /** "Check for updates…": looks now; answers what it found, in words (of `t`, English without). */
  checkNow(t?: Translate): Promise<string>;
  stop(): void;
}

const DAY_MS = 24 * 3600_000;

const view = (state: UpdateView['state'], patch: Partial<UpdateView> = {}): UpdateView => ({
  state,
  version: null,
  progress: null,
  message: null,
  ...patch,
});

export function createUpdates(options: UpdatesOptions): Updates {
  const { updater } = options;
  const words = options.words ?? (() => english.t);
  let current: UpdateView = options.packaged
    ? view('idle')
    : view('off', { message: words()('error.update.installedOnly') });
  let timer: NodeJS.Timeout | null = null;

  const set = (next: UpdateView) => {
    current = next;
    options.emit(next);
  };

  const announceOnly = (options.platform ?? process.platform) === 'linux';
  // Downloaded quietly; the window offers the restart, and quitting installs it.
  // On Linux: never downloaded, never installed (see above).
  updater.autoDownload = !announceOnly;
  updater.autoInstallOnAppQuit = !announceOnly;
  updater.on('checking-for-update', () => {
    if (current.state !== 'ready' && current.state !== 'downloading') set(view('checking'));
  });
  updater.on('update-available', (info) =>
    set(
      announceOnly
        ? view('available', {
            version: info.version,
            message: words()('update.availableLinux', {
              version: info.version,
              page: RELEASES_PAGE,
            }),
          })
        : view('downloading', { version: info.version, progress: 0 }),
    ),
  );
  updater.on('download-progress', (p) => {
    if (current.state === 'downloading') {
      set({ ...current, progress: Math.min(1, Math.max(0, p.percent / 100)) });
    }
  });
  updater.on('update-downloaded', (info) => set(view('ready', { version: info.version })));
  updater.on('update-not-available', () => {
    if (current.state !== 'ready') set(view('idle'));
  });
  updater.on('error', (err) => {
    log.warn('updates: the check or download failed', err.message);
    // A failed check is no news for the user; a downloaded update stays on offer.
    if (current.state !== 'ready') {
      set(view('error', { message: words()('error.update.checkFailed') }));
    }
  });

  /** Whether a look may happen now, and if not why, in words. */
  const offReason = (t: Translate = words()): string | null => {
    if (!options.packaged) return t('error.update.installedOnly');
    if (options.demo()) return t('error.update.demo');
    return null;
  };

  const look = async (): Promise<void> => {
    if (offReason() !== null || current.state === 'ready' || current.state === 'downloading') {
      return;
    }
    await updater.checkForUpdates().catch((err: unknown) => {
      log.warn('updates: the check failed', err instanceof Error ? err.message : String(err));
    });
  };

  return {
    status: () => {
      const reason = offReason();
      return reason !== null && current.state !== 'ready'
        ? view('off', { message: reason })
        : current;
    },
    restart: () => {
      // Nothing was downloaded on Linux, and nothing is installed there by the app.
      if (announceOnly) return;
      updater.quitAndInstall(false, true);
    },
    start() {
      if (!options.packaged || timer) return;
      void look();
      timer = setInterval(() => void look(), options.everyMs ?? DAY_MS);
      timer.unref();
    },
    async checkNow(t = english.t) {
      const reason = offReason(t);
      if (reason !== null) return reason;
      if (current.state === 'ready') {
        return t('error.update.readyRestart', { version: current.version ?? '' });
      }
      await look();
      // What the look ended in: the events above have set the state by now.
      const after = current as UpdateView;
      if (after.state === 'downloading') {
        return t('error.update.downloading', { version: after.version ?? '' });
      }
      if (after.state === 'ready') return t('error.update.ready', { version: after.version ?? '' });
      if (after.state === 'available') {
        return t('update.availableLinux', { version: after.version ?? '', page: RELEASES_PAGE });
      }
      if (after.state === 'error') return t('error.update.checkFailed');
      return t('error.update.latest');
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** For development builds, where electron-updater has no feed to read: never looks. */
export const noUpdater: UpdaterLike = {
  autoDownload: false,
  autoInstallOnAppQuit: false,
  on: () => undefined,
  checkForUpdates: async () => null,
  quitAndInstall: () => undefined,
};
