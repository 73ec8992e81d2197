// The app's clock for asking unknowns again: one timer, for the earliest
// round due among the finished jobs, read again at least every ten minutes
// (a job finished since, or a schedule changed by another process). A round
// missed while the app was closed is due at once when it opens.
import { log } from '../../lib/log';

export interface AskAgainClock {
  askAgainDue(): Promise<unknown>;
  nextAskAgainAt(): Promise<number | null>;
}

export const RECHECK_MS = 10 * 60_000;

export function startAskAgainTimer(jobs: AskAgainClock): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const arm = async () => {
    const next = await jobs.nextAskAgainAt().catch(() => null);
    if (stopped) return;
    const wait = next === null ? RECHECK_MS : Math.min(RECHECK_MS, Math.max(0, next - Date.now()));
    timer = setTimeout(() => void tick(), wait);
    // Never keeps the app running by itself.
    timer.unref();
  };
  const tick = async () => {
    await jobs.askAgainDue().catch((err: unknown) => log.warn('jobs: asking unknowns again', err));
    await arm();
  };
  void arm();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
