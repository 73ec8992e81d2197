// The match said in plain words: the evidence first with its dates, whose
// verdicts they were, and the rest each for what it is.
import { describe, expect, it } from 'vitest';
import type { BounceReportView } from '../../../electron/common/views/bounce-views';
import { bounceWords } from '../../../electron/common/words/bounce-words';
import { english } from '../../../electron/common/i18n/message';

const view = (over: Partial<BounceReportView> = {}): BounceReportView => ({
  jobId: 'job-1',
  fileName: 'bounces.csv',
  format: 'SendGrid bounces',
  rows: 40,
  skipped: 0,
  addresses: 40,
  inList: 40,
  notInList: 0,
  deliverable: {
    hard: 37,
    soft: 0,
    unspecified: 0,
    paid: 37,
    reused: 0,
    beforeVerdict: 0,
    firstBounce: '2026-10-03T08:00:00.000Z',
    lastBounce: '2026-10-09T20:00:00.000Z',
    firstVerdict: '2026-09-30T10:00:00.000Z',
    lastVerdict: '2026-09-30T11:00:00.000Z',
  },
  undeliverable: 3,
  unknown: 0,
  otherVerdict: 0,
  complaints: 0,
  unsubscribes: 0,
  suppressed: { added: 40, already: 0 },
  evidenceRows: 37,
  matchedAt: '2026-10-12T09:00:00.000Z',
  ...over,
});

describe('bounceWords', () => {
  it('says the hard bounces of deliverable verdicts with their dates and the verdicts’', () => {
    const w = bounceWords(view(), english.t);
    expect(w.headline).toBe(
      '37 addresses we called deliverable bounced hard between Oct 3 and Oct 9; verdicts given Sep 30.',
    );
    expect(w.origin).toBe('All 37 were checked and paid for in this job.');
    expect(w.early).toBeNull();
    expect(w.others).toEqual([
      '3 other bounced addresses: 3 we called undeliverable. We did not call them deliverable, so there is nothing to refund.',
    ]);
    expect(w.suppressed).toBe(
      '40 added to your suppression list: hard bounces, complaints and unsubscribes are never sent to again.',
    );
  });

  it('names the year of a date in another year, and reused verdicts', () => {
    const w = bounceWords(
      view({
        deliverable: {
          ...view().deliverable,
          hard: 1,
          paid: 0,
          reused: 1,
          beforeVerdict: 1,
          firstBounce: '2026-01-02T00:00:00.000Z',
          lastBounce: '2026-01-02T00:00:00.000Z',
          firstVerdict: '2025-12-20T00:00:00.000Z',
          lastVerdict: '2025-12-28T00:00:00.000Z',
        },
        undeliverable: 0,
        matchedAt: '2026-01-05T00:00:00.000Z',
        suppressed: { added: 0, already: 1 },
      }),
      english.t,
    );
    expect(w.headline).toBe(
      '1 address we called deliverable bounced hard on Jan 2; verdicts given between Dec 20, 2025 and Dec 28, 2025.',
    );
    expect(w.origin).toBe(
      "Its verdict was reused from an earlier check, and carries that check's date.",
    );
    expect(w.early).toBe(
      'It bounced before our verdict was given: a vendor may not count a bounce from before its check.',
    );
    expect(w.suppressed).toMatch(/^0 added to your suppression list \(1 was already on it\)/);
  });

  it('says when no deliverable address bounced hard, and why nothing is evidence', () => {
    const w = bounceWords(
      view({
        deliverable: { ...view().deliverable, hard: 0, soft: 2, paid: 0 },
        undeliverable: 0,
        complaints: 1,
        unsubscribes: 0,
        notInList: 4,
        evidenceRows: 0,
        suppressed: { added: 0, already: 0 },
      }),
      english.t,
    );
    expect(w.headline).toBe('None of the addresses we called deliverable bounced hard.');
    expect(w.origin).toBeNull();
    expect(w.others).toEqual([
      '2 addresses we called deliverable bounced soft: a full mailbox or a server busy for a while, which is no evidence against the verdict.',
      '1 complaint from this list: not a bounce, so not evidence.',
      '4 addresses in the report are not in this list.',
    ]);
    expect(w.suppressed).toMatch(/^Nothing was added to your suppression list/);
  });
});
