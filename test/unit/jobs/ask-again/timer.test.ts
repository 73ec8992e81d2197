// The app's clock for asking unknowns again, on fake timers: it asks when
// the earliest round is due (at once for one missed), reads the schedule
// again at least every ten minutes, and asks nothing once stopped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECHECK_MS, startAskAgainTimer } from '../../../../electron/jobs/ask-again/timer';

afterEach(() => {
  vi.useRealTimers();
});

function clock(next: (number | null)[]) {
  const asked: number[] = [];
  return {
    asked,
    askAgainDue: () => {
      asked.push(Date.now());
      return Promise.resolve([]);
    },
    nextAskAgainAt: () => Promise.resolve(next.shift() ?? null),
  };
}

describe('the ask-again timer', () => {
  it('asks when the earliest round is due, then re-reads the schedule', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const jobs = clock([1_000_000 + 90_000, null]);
    const timer = startAskAgainTimer(jobs);
    await vi.advanceTimersByTimeAsync(89_999);
    expect(jobs.asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(jobs.asked).toEqual([1_090_000]);
    // Nothing planned: it looks again ten minutes later.
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(jobs.asked).toEqual([1_090_000, 1_090_000 + RECHECK_MS]);
    timer.stop();
  });

  it('a round missed while the app was closed is asked at once; stopped, it asks nothing', async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const jobs = clock([4_000_000]);
    const timer = startAskAgainTimer(jobs);
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.asked).toEqual([5_000_000]);
    timer.stop();
    await vi.advanceTimersByTimeAsync(RECHECK_MS * 3);
    expect(jobs.asked).toHaveLength(1);
  });
});
