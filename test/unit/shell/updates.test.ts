// The app's own updates: looked for at start and every day, downloaded
// quietly, offered once ready; never looked for in development builds or in
// the demo account. electron-updater is replaced by a stand-in that emits its events.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateView } from '../../../electron/ipc/contract';
import { setLogSink } from '../../../electron/lib/log';
import { createUpdates, type UpdaterLike } from '../../../electron/shell/updates';
import { RELEASES_PAGE } from '../../../electron/common/urls/release-page';
import { isHelpLink } from '../../../electron/shell/window/help-links';

setLogSink(() => undefined);

class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  checks = 0;
  installs: [boolean | undefined, boolean | undefined][] = [];
  /** What a check finds: a version to download, or nothing new. */
  next: { version: string } | null = null;
  async checkForUpdates() {
    this.checks += 1;
    this.emit('checking-for-update');
    if (this.next) {
      this.emit('update-available', this.next);
      this.emit('download-progress', { percent: 40 });
    } else this.emit('update-not-available', { version: '0.1.0' });
    return null;
  }
  finishDownload() {
    if (this.next) this.emit('update-downloaded', this.next);
  }
  quitAndInstall(silent?: boolean, runAfter?: boolean) {
    this.installs.push([silent, runAfter]);
  }
}

function make(
  options: {
    packaged?: boolean;
    demo?: boolean;
    everyMs?: number;
    platform?: NodeJS.Platform;
  } = {},
) {
  const updater = new FakeUpdater();
  const seen: UpdateView[] = [];
  const updates = createUpdates({
    updater: updater as unknown as UpdaterLike,
    packaged: options.packaged ?? true,
    demo: () => options.demo ?? false,
    emit: (v) => seen.push(v),
    // Windows and macOS download and install; Linux only announces (its own case below).
    platform: options.platform ?? 'win32',
    ...(options.everyMs ? { everyMs: options.everyMs } : {}),
  });
  return { updater, seen, updates };
}

afterEach(() => vi.useRealTimers());

describe('updates', () => {
  it('downloads in the background and offers the restart once ready', async () => {
    const { updater, seen, updates } = make();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    updater.next = { version: '0.2.0' };
    updates.start();
    await vi.waitFor(() => expect(updater.checks).toBe(1));
    expect(seen.map((v) => v.state)).toEqual(['checking', 'downloading', 'downloading']);
    expect(updates.status()).toMatchObject({
      state: 'downloading',
      version: '0.2.0',
      progress: 0.4,
    });
    updater.finishDownload();
    expect(updates.status()).toEqual({
      state: 'ready',
      version: '0.2.0',
      progress: null,
      message: null,
    });
    updates.restart();
    expect(updater.installs).toEqual([[false, true]]);
    updates.stop();
  });

  it('looks again every day, not more often', () => {
    vi.useFakeTimers();
    const { updater, updates } = make();
    updates.start();
    expect(updater.checks).toBe(1);
    vi.advanceTimersByTime(23 * 3600_000);
    expect(updater.checks).toBe(1);
    vi.advanceTimersByTime(3600_000);
    expect(updater.checks).toBe(2);
    updates.stop();
  });

  it('never looks in a development build, and says why', async () => {
    const { updater, updates } = make({ packaged: false });
    updates.start();
    expect(updater.checks).toBe(0);
    expect(updates.status()).toMatchObject({
      state: 'off',
      message: expect.stringContaining('installed app only'),
    });
    expect(await updates.checkNow()).toMatch(/installed app only/);
    expect(updater.checks).toBe(0);
  });

  it('never looks while the demo account is in use', async () => {
    const { updater, updates } = make({ demo: true });
    updates.start();
    expect(updater.checks).toBe(0);
    expect(updates.status()).toMatchObject({
      state: 'off',
      message: expect.stringContaining('demo'),
    });
    expect(await updates.checkNow()).toMatch(/demo account/);
    updates.stop();
  });

  it('answers "Check for updates" in words', async () => {
    const latest = make();
    expect(await latest.updates.checkNow()).toBe('You have the latest version of List Cleaner.');
    const newer = make();
    newer.updater.next = { version: '0.3.0' };
    expect(await newer.updates.checkNow()).toMatch(/0\.3\.0 is downloading/);
    newer.updater.finishDownload();
    expect(await newer.updates.checkNow()).toMatch(/0\.3\.0 is ready/);
  });

  it('keeps a downloaded update on offer when a later check fails', () => {
    const { updater, updates } = make();
    updater.next = { version: '0.2.0' };
    updater.emit('update-available', updater.next);
    updater.finishDownload();
    updater.emit('error', new Error('offline'));
    expect(updates.status().state).toBe('ready');
    const fresh = make();
    fresh.updater.emit('error', new Error('offline'));
    expect(fresh.updates.status()).toMatchObject({
      state: 'error',
      message: expect.stringContaining('could not check'),
    });
  });

  it('on Linux only says a version is out, with its page: nothing is downloaded or installed', async () => {
    const { updater, seen, updates } = make({ platform: 'linux' });
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    updater.next = { version: '0.2.0' };
    await expect(updates.checkNow()).resolves.toBe(
      `List Cleaner 0.2.0 is available. On Linux it is not installed for you: download it from ${RELEASES_PAGE} and install it as you installed this version.`,
    );
    expect(updates.status()).toMatchObject({ state: 'available', version: '0.2.0' });
    expect(seen.map((v) => v.state)).not.toContain('downloading');
    // Even a restart asked for installs nothing.
    updates.restart();
    expect(updater.installs).toEqual([]);
    expect(isHelpLink(RELEASES_PAGE)).toBe(true);
  });
});
