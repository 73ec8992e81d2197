// A finished job's unknowns asked again, in the details' words: when it asks
// next, how many resolved, that it is asking now; nothing for a job with
// nothing to ask.
import { describe, expect, it } from 'vitest';
import { english } from '../../../electron/common/i18n/message';
import { askAgainWords } from '../../../renderer/src/features/jobs/ask-again-words';
import type { JobView } from '../../../electron/ipc/contract';

const { t } = english;
type Asking = NonNullable<JobView['askAgain']>;
const asking = (over: Partial<Asking>): Pick<JobView, 'askAgain'> => ({
  askAgain: {
    state: 'waiting',
    round: 0,
    rounds: 3,
    nextAt: '2026-03-03T21:40:00.000Z',
    asked: 212,
    left: 212,
    resolved: { deliverable: 0, undeliverable: 0 },
    ended: null,
    ...over,
  },
});

describe('askAgainWords', () => {
  it('says when it asks next, before any round', () => {
    expect(askAgainWords(asking({}), t)).toEqual([
      expect.stringMatching(/^212 unknown: asking again at .+, free \(ask 1 of 3\)$/),
    ]);
  });

  it('after a round, how many resolved and when the next ask is', () => {
    const lines = askAgainWords(
      asking({ round: 1, left: 175, resolved: { deliverable: 30, undeliverable: 7 } }),
      t,
    );
    expect(lines[0]).toBe(
      '37 unknown resolved by asking again, free (30 deliverable, 7 undeliverable)',
    );
    expect(lines[1]).toMatch(/^175 unknown: asking again at .+ \(ask 2 of 3\)$/);
  });

  it('while asking, and once ended, with nothing left to wait for', () => {
    expect(askAgainWords(asking({ state: 'asking', left: 5 }), t)).toEqual([
      'Asking 5 unknown again, free…',
    ]);
    const ended = asking({
      state: 'ended',
      round: 3,
      left: 1,
      nextAt: null,
      ended: 'schedule',
      resolved: { deliverable: 1, undeliverable: 0 },
    });
    expect(askAgainWords(ended, t)).toEqual([
      '1 unknown resolved by asking again, free (1 deliverable, 0 undeliverable)',
    ]);
    expect(askAgainWords({ askAgain: null }, t)).toEqual([]);
  });
});
