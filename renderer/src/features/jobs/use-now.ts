// The clock the job cards share for countdowns and elapsed times, ticking only while a job is
// under way.
import { useEffect, useState } from 'react';

/** The current time, ticking every intervalMs while active (countdowns, elapsed times). */
export function useNow(active: boolean, intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [active, intervalMs]);
  return now;
}
