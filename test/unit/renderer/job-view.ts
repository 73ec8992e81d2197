// A job view as main sends it, for the renderer's pure functions: a draft of
// ten rows with nothing checked yet, changed by the fields a test names.
import type { JobView } from '../../../electron/ipc/contract';

export function jobView(over: Partial<JobView> = {}): JobView {
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
    repeatOf: null,
    rows: 10,
    invalid: 0,
    empty: 0,
    duplicates: 0,
    unique: 10,
    checked: 0,
    deliverable: 0,
    undeliverable: 0,
    unknown: 0,
    disposable: 0,
    role: 0,
    noMail: 0,
    reused: 0,
    paid: 0,
    limitMicros: null,
    hold: null,
    tasks: [],
    nextCheckAt: null,
    unitPriceMicros: null,
    chargedMicros: null,
    failure: null,
    ...over,
  };
}
