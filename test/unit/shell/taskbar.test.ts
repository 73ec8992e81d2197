import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressBarOptions } from 'electron';
import { createTaskbar } from '../../../electron/shell/taskbar';
import type { JobView } from '../../../electron/ipc/contract';

const INTERVAL = 500;

function desk(platform: NodeJS.Platform) {
  const bars: [number, ProgressBarOptions?][] = [];
  const badges: string[] = [];
  const makeWindow = () => ({
    isDestroyed: () => false,
    setProgressBar: (progress: number, options?: ProgressBarOptions) => {
      bars.push(options ? [progress, options] : [progress]);
    },
  });
  let current: ReturnType<typeof makeWindow> | null = makeWindow();
  const taskbar = createTaskbar({
    platform,
    window: () => current,
    dock: { setBadge: (text: string) => void badges.push(text) },
    intervalMs: INTERVAL,
  });
  return {
    taskbar,
    bars,
    badges,
    /** The bar and badge once the gathered changes are shown. */
    settle() {
      vi.advanceTimersByTime(INTERVAL);
    },
    closeWindow: () => (current = null),
    openWindow: () => (current = makeWindow()),
  };
}

function job(id: string, patch: Partial<JobView>): JobView {
  return {
    id,
    fileName: `${id}.csv`,
    state: 'checking',
    running: true,
    paused: false,
    elsewhere: null,
    hold: null,
    checked: 0,
    unique: 100,
    ...patch,
  } as JobView;
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('taskbar progress and dock badge', () => {
  it('shows the share checked over every running job, and removes the bar when none runs', () => {
    const d = desk('win32');
    d.taskbar.update(job('a', { checked: 30, unique: 100 }));
    d.taskbar.update(job('b', { checked: 10, unique: 300 }));
    d.settle();
    expect(d.bars.at(-1)).toEqual([0.1]);
    d.taskbar.update(job('a', { state: 'done', running: false, checked: 100 }));
    d.settle();
    expect(d.bars.at(-1)).toEqual([0.033]);
    d.taskbar.update(job('b', { state: 'done', running: false, checked: 300, unique: 300 }));
    d.settle();
    expect(d.bars.at(-1)).toEqual([-1]);
  });

  it('gathers a burst of changes into one update, and skips what would not change the bar', () => {
    const d = desk('win32');
    for (let i = 0; i < 1000; i++) d.taskbar.update(job('a', { checked: i, unique: 100_000 }));
    d.settle();
    expect(d.bars).toEqual([[0.01]]);
    d.taskbar.update(job('a', { checked: 1001, unique: 100_000 }));
    d.settle();
    expect(d.bars).toEqual([[0.01]]);
  });

  it('shows a busy bar while every job waits with nothing checked yet', () => {
    const win = desk('win32');
    win.taskbar.update(job('a', { state: 'waiting', checked: 0 }));
    win.settle();
    expect(win.bars.at(-1)).toEqual([2, { mode: 'indeterminate' }]);
    // Elsewhere a value over 1 would show a full bar.
    const mac = desk('darwin');
    mac.taskbar.update(job('a', { state: 'waiting', checked: 0 }));
    mac.settle();
    expect(mac.bars.at(-1)).toEqual([0]);
  });

  it('counts a job the command line runs, and not a job the user stopped', () => {
    const d = desk('darwin');
    d.taskbar.update(job('cli', { running: false, elsewhere: 'the list-cleaner command' }));
    d.taskbar.update(
      job('stopped', {
        running: false,
        paused: true,
        hold: { reason: 'stopped', message: 'Stopped.' },
      }),
    );
    d.settle();
    expect(d.badges).toEqual(['1']);
  });

  it('shows a job held for its limit as paused on Windows only, without counting it as running', () => {
    const held = {
      running: false,
      paused: true,
      checked: 40,
      hold: { reason: 'limit' as const, message: 'Held at its limit.' },
    };
    const win = desk('win32');
    win.taskbar.update(job('a', held));
    win.settle();
    expect(win.bars.at(-1)).toEqual([0.4, { mode: 'paused' }]);
    const mac = desk('darwin');
    mac.taskbar.update(job('a', { checked: 10 }));
    mac.settle();
    mac.taskbar.update(job('a', held));
    mac.settle();
    expect(mac.bars.at(-1)).toEqual([-1]);
    expect(mac.badges).toEqual(['1', '']);
  });

  it('badges the dock with the number of running jobs on macOS, and clears it at the end', () => {
    const d = desk('darwin');
    d.taskbar.update(job('a', { checked: 1 }));
    d.taskbar.update(job('b', { state: 'queued', running: false }));
    d.settle();
    expect(d.badges).toEqual(['2']);
    d.taskbar.update(job('a', { state: 'done', running: false }));
    d.taskbar.update(job('b', { state: 'failed', running: false }));
    d.settle();
    expect(d.badges).toEqual(['2', '']);
  });

  it('leaves the dock alone on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const d = desk(platform);
      d.taskbar.update(job('a', { checked: 5 }));
      d.settle();
      d.taskbar.update(job('a', { state: 'done', running: false }));
      d.settle();
      expect(d.badges).toEqual([]);
      expect(d.bars).toEqual([[0.05], [-1]]);
    }
  });

  it('starts from the jobs listed at start, but a change already reported is newer', () => {
    const d = desk('linux');
    d.taskbar.update(job('a', { state: 'done', running: false }));
    d.taskbar.seed([job('a', { checked: 10 }), job('b', { checked: 20 })]);
    d.settle();
    expect(d.bars).toEqual([[0.2]]);
  });

  it('shows the bar again on a window made anew', () => {
    const d = desk('win32');
    d.closeWindow();
    d.taskbar.update(job('a', { checked: 50 }));
    d.settle();
    expect(d.bars).toEqual([]);
    d.openWindow();
    d.taskbar.refresh();
    expect(d.bars).toEqual([[0.5]]);
    d.taskbar.refresh();
    expect(d.bars).toEqual([[0.5], [0.5]]);
  });
});
