// A job's state and product in the user's words, and which jobs count as
// under way (a bar, a clock that ticks, no Remove button).
import { describe, expect, it } from 'vitest';
import { JOB_PRODUCTS, JOB_STATES, type JobStateName } from '../../../electron/common/model';
import { english } from '../../../electron/common/i18n/message';
import {
  badgeWords,
  canStop,
  isActive,
  isBulk,
  productWords,
  sentTasks,
  stateWords,
} from '../../../renderer/src/features/jobs/job-words';
import { freeFacts } from '../../../renderer/src/features/jobs/free-facts';
import { jobView as job } from './job-view';

const { t } = english;

describe('isActive', () => {
  it.each<[JobStateName, boolean]>([
    ['draft', false],
    ['queued', true],
    ['checking', true],
    ['waiting', true],
    ['downloading', true],
    ['done', false],
    ['failed', false],
  ])('a job that is %s and not running here: %s', (state, active) => {
    expect(isActive(job({ state }))).toBe(active);
  });

  it('counts a job running in this window as active whatever its state says', () => {
    expect(isActive(job({ state: 'done', running: true }))).toBe(true);
    expect(isActive(job({ state: 'failed', running: true }))).toBe(true);
  });

  it('counts an unfinished job another process runs, or no one (paused), as active', () => {
    expect(isActive(job({ state: 'checking', elsewhere: 'the list-cleaner command' }))).toBe(true);
    expect(isActive(job({ state: 'waiting', paused: true }))).toBe(true);
  });
});

describe('isBulk', () => {
  it('is a bulk job once it has a bulk task, sent or not', () => {
    expect(isBulk(job())).toBe(false);
    expect(isBulk(job({ tasks: [{ id: null, submittedAt: null, status: 'pending' }] }))).toBe(true);
    expect(
      isBulk(job({ tasks: [{ id: 't1', submittedAt: '2026-03-03T12:01:00Z', status: 'done' }] })),
    ).toBe(true);
  });
});

describe('words', () => {
  it('has words for every state and product main defines, each state its own', () => {
    const states = JOB_STATES.map((s) => stateWords(s, t));
    expect(states.every(Boolean)).toBe(true);
    expect(new Set(states).size).toBe(JOB_STATES.length);
    expect(JOB_PRODUCTS.map((p) => productWords(p, t))).toEqual(['Email', 'Email + avatar']);
  });
});

describe('stop and continue', () => {
  const stopped = { reason: 'stopped' as const, message: 'You stopped this job.' };
  const limit = { reason: 'limit' as const, message: 'The next check would go over $1.00.' };

  it('offers Stop for a job this window runs or queued, not yet told to stop', () => {
    expect(canStop(job({ state: 'checking', running: true }))).toBe(true);
    expect(canStop(job({ state: 'queued' }))).toBe(true);
    expect(canStop(job({ state: 'checking', running: true, hold: stopped }))).toBe(false);
    expect(canStop(job({ state: 'checking', paused: true }))).toBe(false);
    expect(canStop(job({ state: 'done' }))).toBe(false);
    // Another process runs it: this window sends nothing for it, so it cannot stop it.
    expect(canStop(job({ state: 'checking', elsewhere: 'the list-cleaner command' }))).toBe(false);
  });

  it('counts only the bulk tasks the service already has and has not answered', () => {
    expect(sentTasks(job())).toBe(0);
    expect(
      sentTasks(
        job({
          tasks: [
            { id: 't1', submittedAt: '2026-03-03T12:01:00Z', status: 'processing' },
            { id: 't0', submittedAt: '2026-03-03T12:00:00Z', status: 'done' },
            { id: null, submittedAt: null, status: 'pending' },
          ],
        }),
      ),
    ).toBe(1);
  });

  it('says why a held job waits, and that it is stopping while answers are on their way', () => {
    expect(badgeWords(job({ state: 'checking', running: true }), t)).toEqual({
      text: 'Checking',
      tone: 'checking',
    });
    expect(badgeWords(job({ state: 'checking', running: true, hold: stopped }), t).text).toBe(
      'Stopping…',
    );
    expect(badgeWords(job({ state: 'checking', paused: true, hold: stopped }), t).text).toBe(
      'Stopped by you',
    );
    expect(badgeWords(job({ state: 'checking', paused: true, hold: limit }), t).text).toBe(
      'Stopped at your limit',
    );
    expect(badgeWords(job({ state: 'waiting', paused: true }), t)).toEqual({
      text: 'Paused',
      tone: 'paused',
    });
  });
});

describe('freeFacts', () => {
  it('is empty for a job that got nothing for free', () => {
    expect(freeFacts(job(), t)).toEqual([]);
  });

  it('says what was reused, left out and found without mail, in that order', () => {
    expect(freeFacts(job({ reused: 1_200, disposable: 4, role: 1, noMail: 2 }), t)).toEqual([
      '1,200 reused from earlier checks',
      '4 disposable and 1 role address left out',
      '2 addresses at domains with no mail server',
    ]);
    expect(freeFacts(job({ role: 3, noMail: 1 }), t)).toEqual([
      '3 role addresses left out',
      '1 address at a domain with no mail server',
    ]);
  });
});
