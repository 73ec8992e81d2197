// The reminder as the window words it ("Checked 94 days ago: check again",
// from the one rule in electron/common/schedules/recheck.ts), and the days typed in
// Settings, read or refused. (A job's charge: job-money.test.ts.)
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../electron/ipc/contract';
import { english } from '../../../electron/common/i18n/message';
import { MAX_RECHECK_DAYS } from '../../../electron/common/limits';
import { readRecheckDays, reminderLine } from '../../../renderer/src/features/jobs/recheck-words';
import { jobView } from './job-view';

const { t } = english;

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

/** A job finished 94 days and an hour before NOW, ten addresses paid for at $0.001. */
const job = (over: Partial<JobView> = {}): JobView =>
  jobView({
    state: 'done',
    createdAt: new Date(NOW - 95 * DAY).toISOString(),
    startedAt: new Date(NOW - 95 * DAY).toISOString(),
    finishedAt: new Date(NOW - 94 * DAY - 3_600_000).toISOString(),
    checked: 10,
    deliverable: 8,
    undeliverable: 2,
    paid: 10,
    unitPriceMicros: 1_000,
    chargedMicros: 10_000,
    ...over,
  });

describe('reminderLine', () => {
  it('says how long ago a due list was checked, as a sentence', () => {
    const old = job();
    expect(reminderLine(old, [old], 90, NOW, t)).toBe('Checked 94 days ago: check again');
    expect(reminderLine(old, [old], 94, NOW, t)).toBe('Checked 94 days ago: check again');
  });

  it('says nothing when reminders are off, too soon, or the list was checked again since', () => {
    const old = job();
    expect(reminderLine(old, [old], null, NOW, t)).toBeNull();
    expect(reminderLine(old, [old], 95, NOW, t)).toBeNull();
    const again = job({
      id: 'job-2',
      state: 'checking',
      repeatOf: { jobId: 'job-1', how: 'same-file', overlap: 1 },
    });
    expect(reminderLine(old, [old, again], 90, NOW, t)).toBeNull();
    // A repeat still waiting as a draft has not checked anything yet.
    const draft = { ...again, state: 'draft' as const };
    expect(reminderLine(old, [old, draft], 90, NOW, t)).toBe('Checked 94 days ago: check again');
  });
});

describe('readRecheckDays', () => {
  it('takes a whole number of days in range', () => {
    expect(readRecheckDays(' 90 ', t)).toEqual({ ok: true, days: 90 });
    expect(readRecheckDays('1', t)).toEqual({ ok: true, days: 1 });
    expect(readRecheckDays(String(MAX_RECHECK_DAYS), t)).toEqual({
      ok: true,
      days: MAX_RECHECK_DAYS,
    });
  });

  it.each([
    ['', 'Enter a number of days, from 1 to 3,650.'],
    ['0', 'That is too soon: enter a number of days from 1 to 3,650.'],
    ['3651', 'That is more than ten years: enter a number of days from 1 to 3,650.'],
    ['12.5', 'Enter a whole number of days, from 1 to 3,650, without a sign or unit.'],
    ['-3', 'Enter a whole number of days, from 1 to 3,650, without a sign or unit.'],
    ['90 days', 'Enter a whole number of days, from 1 to 3,650, without a sign or unit.'],
  ])('refuses %j in words', (text, message) => {
    expect(readRecheckDays(text, t)).toEqual({ ok: false, message });
  });
});
