// An avatar check without a result teaches that its domain is outside the
// avatar products' coverage only when the address's Email answer was the
// service's own deliverable: another vendor's "valid" (imported into the
// memory) is not the service's word, so it teaches nothing.
import { describe, expect, it } from 'vitest';
import { lessonsOf } from '../../../electron/jobs/coverage/learn';
import type { RecalledOutcome } from '../../../electron/memory/outcome-memory';

const deliverable = {
  status: 'deliverable',
  provider: null,
  avatar: null,
  avatarUrl: null,
} as const;

function lessonsWith(recalled: RecalledOutcome) {
  return lessonsOf(
    { recall: () => recalled },
    { product: 'avatar', route: 'sync' },
    { at: () => 'ann@acme.example' },
    [{ index: 0, status: 'unknown' }],
  );
}

describe('what an avatar answer without a result teaches', () => {
  it("the domain is outside coverage after the service's own deliverable", () => {
    expect(lessonsWith({ outcome: deliverable, checkedAt: 1 })).toEqual([
      { domain: 'acme.example', outside: true },
    ]);
  });

  it("nothing after another vendor's deliverable", () => {
    expect(lessonsWith({ outcome: deliverable, checkedAt: 1, source: 'zerobounce' })).toEqual([]);
  });
});
