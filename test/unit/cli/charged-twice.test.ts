// What the command line says of a job resumed after a kill mid-check: how
// many addresses may have been charged twice, and at most how much, in the
// issue's words; nothing when no run stopped mid-check.
import { describe, expect, it } from 'vitest';
import {
  chargedTwiceJson,
  chargedTwiceLines,
} from '../../../electron/cli/commands/clean/job-report';
import { waitLine } from '../../../electron/cli/output/output';
import { jobView } from '../renderer/job-view';

const stopped = (addresses: number, upToMicros: number | null) =>
  jobView({
    state: 'done',
    mayBeChargedTwice: {
      addresses,
      inFlightAtStop: addresses,
      lostOnTheWay: 0,
      stops: 1,
      upToMicros,
    },
  });

describe('what may have been charged twice', () => {
  it('says how many were in flight at the stop, and at most how much more', () => {
    expect(chargedTwiceLines(stopped(100, 100_000))).toEqual([
      'The previous run stopped while 100 addresses were being checked; the service may have charged for them. They were checked again: at most $0.10 more.',
    ]);
    expect(chargedTwiceLines(stopped(1, null))).toEqual([
      'The previous run stopped while 1 address was being checked; the service may have charged for it. It was checked again; the price is not known yet.',
    ]);
    expect(chargedTwiceLines(stopped(0, 0))).toEqual([]);
  });

  it('gives scripts the same figure in --json', () => {
    expect(chargedTwiceJson(stopped(100, 100_000))).toEqual({
      addresses: 100,
      up_to_micros: 100_000,
      in_flight_at_stop: 100,
      lost_on_the_way: 0,
      stops: 1,
    });
  });
});

describe('the wait for the killed run’s checks', () => {
  it('says when it tries next, and no patience that would pause it', () => {
    const at = Date.parse('2026-12-02T10:00:00.000Z');
    const wait = (expected: boolean) =>
      jobView({
        fileName: 'list.csv',
        state: 'waiting',
        wait: {
          reason: 'busy',
          words:
            'Waiting for the checks the last run sent, before it stopped, to finish at the service; nothing is charged for waiting',
          since: new Date(at).toISOString(),
          nextTryAt: new Date(at + 5_000).toISOString(),
          patienceEndsAt: new Date(at + 3_600_000).toISOString(),
          expected,
        },
      });
    const expectedLine = waitLine(wait(true), at);
    expect(expectedLine).toMatch(/^list\.csv: waiting: Waiting for the checks the last run sent/);
    expect(expectedLine).toContain('(in 5 s); this wait never pauses the job.');
    expect(expectedLine).not.toContain('--patience');
    expect(waitLine(wait(false), at)).toContain('(--patience), then pauses.');
  });
});
