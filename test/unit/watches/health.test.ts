// A list's decay measured from its runs: the members that went bad between
// runs, as a share of the list per month; nothing before two runs a day apart.
import { describe, expect, it } from 'vitest';
import type { WatchRun } from '../../../electron/watches/model';
import { decayOf } from '../../../electron/watches/health';

const run = (day: string, read: number, changed: WatchRun['changed']): WatchRun => ({
  id: 'r-00000000',
  watchId: 'w-00000000',
  trigger: 'schedule',
  startedAt: `${day}T08:00:00.000Z`,
  finishedAt: `${day}T08:01:00.000Z`,
  outcome: 'done',
  why: null,
  counts: {
    read,
    new: 0,
    paid: 0,
    reused: read,
    written: 0,
    unchanged: read,
    refused: 0,
    retired: 0,
  },
  changed,
  health: { deliverable: read, undeliverable: 0, unknown: 0, other: 0 },
  chargedMicros: 0,
  question: null,
  jobId: null,
});

describe('decay', () => {
  it('is the share that went bad per month, leaving out what the first run found', () => {
    const runs = [
      run('2026-01-01', 1000, [{ from: 'none', to: 'undeliverable', count: 90 }]),
      run('2026-01-31', 1000, [
        { from: 'deliverable', to: 'undeliverable', count: 20 },
        { from: 'unknown', to: 'undeliverable', count: 7 },
      ]),
      run('2026-03-02', 1000, [{ from: 'deliverable', to: 'invalid', count: 20 }]),
    ];
    const decay = decayOf(runs.reverse());
    expect(decay?.days).toBe(60);
    expect(decay?.perMonth).toBeCloseTo(40 / 1000 / (60 / 30.44), 6);
  });

  it('is not told from one run, or runs within a day', () => {
    expect(decayOf([run('2026-01-01', 10, [])])).toBeNull();
    expect(decayOf([run('2026-01-01', 10, []), run('2026-01-01', 10, [])])).toBeNull();
  });
});
