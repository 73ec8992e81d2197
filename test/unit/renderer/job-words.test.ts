// A job's state and product in the user's words, and which jobs count as
// under way (a bar, a clock that ticks, no Remove button).
import { describe, expect, it } from 'vitest';
import { JOB_PRODUCTS, JOB_STATES, type JobStateName } from '../../../electron/common/model';
import type { JobView } from '../../../electron/ipc/contract';
import {
  PRODUCT_WORDS,
  STATE_WORDS,
  isActive,
  isBulk,
} from '../../../renderer/src/features/jobs/job-words';

function job(over: Partial<JobView> = {}): JobView {
  return {
    id: 'job-1',
    fileName: 'list.csv',
    sourcePath: '/home/me/list.csv',
    product: 'email',
    state: 'draft',
    createdAt: '2026-03-03T12:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    resumed: false,
    running: false,
    elsewhere: null,
    paused: false,
    rows: 10,
    invalid: 0,
    empty: 0,
    duplicates: 0,
    unique: 10,
    checked: 0,
    deliverable: 0,
    undeliverable: 0,
    unknown: 0,
    tasks: [],
    nextCheckAt: null,
    unitPriceMicros: null,
    chargedMicros: null,
    failure: null,
    ...over,
  };
}

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
    const states = JOB_STATES.map((s) => STATE_WORDS[s]);
    expect(states.every(Boolean)).toBe(true);
    expect(new Set(states).size).toBe(JOB_STATES.length);
    expect(JOB_PRODUCTS.map((p) => PRODUCT_WORDS[p])).toEqual(['Email', 'Email + avatar']);
  });
});
