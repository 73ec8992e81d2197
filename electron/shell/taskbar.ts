// How far the running jobs are, outside the window: a progress bar on the
// taskbar button (Windows) or the dock icon (macOS, and Unity's launcher), and
// on macOS a badge with how many jobs run. The user can leave the window
// behind while a list of a million addresses is checked and still see, from
// the corner of their eye, that it goes on and when it ends. Kept apart from
// main.ts so it can be tested with a stand-in window and dock.
import type { BrowserWindow, Dock } from 'electron';
import { UNFINISHED_STATES } from '../common/model';
import type { JobView } from '../ipc/contract';

export interface TaskbarDeps {
  platform: NodeJS.Platform;
  window(): Pick<BrowserWindow, 'setProgressBar' | 'isDestroyed'> | null;
  /** app.dock: there on macOS only. */
  dock?: Pick<Dock, 'setBadge'> | undefined;
  /**
   * How long changes are gathered before they are shown: a job reports every
   * answer it keeps, thousands a minute, and the bar needs only a few a second.
   */
  intervalMs?: number;
}

export interface Taskbar {
  /** A job's view as it changed (the core's job:changed). */
  update(view: JobView): void;
  /** The jobs as listed at start; a job already reported by update is newer and kept. */
  seed(views: readonly JobView[]): void;
  /** Shows where things stand on a window just made (the old one's bar went with it). */
  refresh(): void;
  dispose(): void;
}

interface Counted {
  checked: number;
  unique: number;
  state: JobView['state'];
  /** Waits for the user: stopped before it went over its spending limit. */
  heldForLimit: boolean;
}

/** What the bar shows; `fraction` is rounded so a change too small to see is not applied. */
export type Progress =
  | { kind: 'none' }
  | { kind: 'indeterminate' }
  | { kind: 'normal'; fraction: number }
  | { kind: 'paused'; fraction: number };

/**
 * Running: started, not finished, and worked on by this process or another
 * (the window follows a job the command line runs, so the bar does too). A
 * job stopped or held for its limit runs nowhere: it waits for Continue.
 */
export function isRunning(view: JobView): boolean {
  return UNFINISHED_STATES.has(view.state) && !view.paused && view.hold === null;
}

const fractionOf = (jobs: readonly Counted[]): number => {
  const total = jobs.reduce((sum, j) => sum + j.unique, 0);
  const checked = jobs.reduce((sum, j) => sum + Math.min(j.checked, j.unique), 0);
  return total === 0 ? 0 : Math.round((checked / total) * 1000) / 1000;
};

/**
 * The bar for the jobs counted. Nothing checked yet while every job waits
 * (in the queue, or for the service's bulk task) reads better as "busy" than
 * as an empty bar that does not move for minutes. With nothing running, a
 * job held for its limit shows as paused (yellow on Windows): the app stopped
 * it and only the user can carry on. A job the user stopped shows nothing, or
 * the bar would stay for as long as they leave it.
 */
export function progressOf(jobs: readonly Counted[]): Progress {
  const running = jobs.filter((j) => !j.heldForLimit);
  if (running.length === 0) {
    const held = jobs.filter((j) => j.heldForLimit);
    return held.length === 0 ? { kind: 'none' } : { kind: 'paused', fraction: fractionOf(held) };
  }
  const nothingYet = running.every((j) => j.checked === 0);
  const total = running.reduce((sum, j) => sum + j.unique, 0);
  if (
    total === 0 ||
    (nothingYet && running.every((j) => j.state === 'queued' || j.state === 'waiting'))
  ) {
    return { kind: 'indeterminate' };
  }
  return { kind: 'normal', fraction: fractionOf(running) };
}

const sameProgress = (a: Progress | null, b: Progress): boolean =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

export function createTaskbar(deps: TaskbarDeps): Taskbar {
  const interval = deps.intervalMs ?? 500;
  const windows = deps.platform === 'win32';
  const jobs = new Map<string, Counted>();
  const reported = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let shown: Progress | null = null;
  let badge: string | null = null;

  const count = (view: JobView): void => {
    const heldForLimit = UNFINISHED_STATES.has(view.state) && view.hold?.reason === 'limit';
    if (isRunning(view) || heldForLimit) {
      jobs.set(view.id, {
        checked: view.checked,
        unique: view.unique,
        state: view.state,
        heldForLimit,
      });
    } else {
      jobs.delete(view.id);
    }
  };

  const setBar = (progress: Progress): void => {
    const win = deps.window();
    if (!win || win.isDestroyed()) return;
    switch (progress.kind) {
      case 'none':
        win.setProgressBar(-1);
        break;
      case 'indeterminate':
        // Elsewhere a value over 1 shows a full bar, not a busy one: an empty one tells the truth.
        if (windows) win.setProgressBar(2, { mode: 'indeterminate' });
        else win.setProgressBar(0);
        break;
      case 'normal':
        win.setProgressBar(progress.fraction);
        break;
      case 'paused':
        // Only Windows has a paused bar; elsewhere a bar would say the job goes on.
        if (windows) win.setProgressBar(progress.fraction, { mode: 'paused' });
        else win.setProgressBar(-1);
        break;
    }
    shown = progress;
  };

  const apply = (): void => {
    timer = null;
    const counted = [...jobs.values()];
    const progress = progressOf(counted);
    if (!sameProgress(shown, progress)) setBar(progress);
    if (deps.platform === 'darwin' && deps.dock) {
      const running = counted.filter((j) => !j.heldForLimit).length;
      const text = running === 0 ? '' : String(running);
      if (text !== badge) {
        deps.dock.setBadge(text);
        badge = text;
      }
    }
  };

  const later = (): void => {
    if (timer) return;
    timer = setTimeout(apply, interval);
    timer.unref?.();
  };

  return {
    update(view) {
      reported.add(view.id);
      count(view);
      later();
    },
    seed(views) {
      for (const view of views) if (!reported.has(view.id)) count(view);
      later();
    },
    refresh() {
      if (timer) clearTimeout(timer);
      shown = null;
      apply();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
