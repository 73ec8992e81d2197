import { describe, expect, it } from 'vitest';
import { clipForReview } from '../../../electron/ipc/jobs/views';

const candidate = (index: number, name: string) => ({
  index,
  name,
  confidence: 0.5,
  addressShare: 0.5,
  headerMatch: false,
});

describe('what the review panel is sent', () => {
  it('clips a 10 MB cell and a 14,000-column line, and keeps ordinary lists whole', () => {
    const huge = 'x'.repeat(10_000_000);
    const wide = Array.from({ length: 14_000 }, (_, i) => `c${i}`);
    const shown = clipForReview({
      columns: [huge, ...wide],
      preview: [[huge, 'a@example.com'], wide],
      candidates: [candidate(0, huge), candidate(5_000, 'c4999')],
    });
    expect(shown.columns).toHaveLength(1_000);
    expect(shown.columns[0]).toHaveLength(120);
    expect(shown.columns[0]?.endsWith('…')).toBe(true);
    expect(shown.preview[0]).toEqual([`${'x'.repeat(299)}…`, 'a@example.com']);
    expect(shown.preview[1]).toHaveLength(1_000);
    expect(shown.candidates.map((c) => c.index)).toEqual([0]);

    const plain = { columns: ['email', 'name'], preview: [['a@b.co', 'Ann']], candidates: [] };
    expect(clipForReview(plain)).toEqual(plain);
  });
});
