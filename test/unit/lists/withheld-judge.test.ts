// The import worker's judge of what the suppression list and the rules
// withhold: each address's code in list order, whatever batches the
// suppression list is looked up in, the rule's index beside the reason.
import { describe, expect, it } from 'vitest';
import { createWithheldJudge } from '../../../electron/lists/withheld-judge';
import { reasonIn, ruleIn, withheldFlags } from '../../../electron/lists/withheld';
import { spotOfAddress, type Spots } from '../../../electron/memory/address-hash';
import { parseRule } from '../../../electron/rules/parse';
import type { SuppressionLookup } from '../../../electron/suppression/lookup';

/** A list whose addresses with "bounce" in them are hard bounces; notes each batch's size. */
function fakeLookup(listed: string[]): SuppressionLookup & { batches: number[] } {
  const key = (bucket?: number, tag0?: number, tag1?: number) => `${bucket}:${tag0}:${tag1}`;
  const keys = new Map<string, number>(
    listed.map((a) => {
      const s = spotOfAddress(a);
      return [key(s.bucket, s.tag0, s.tag1), 1];
    }),
  );
  const batches: number[] = [];
  const tags = new Set(
    listed.map((a) => {
      const s = spotOfAddress(a);
      return `${s.tag0}:${s.tag1}`;
    }),
  );
  return {
    batches,
    mayHave: (tag0, tag1) => tags.has(`${tag0}:${tag1}`),
    reasonsOf(spots: Spots) {
      batches.push(spots.count);
      const out = new Uint8Array(spots.count);
      for (let i = 0; i < spots.count; i++) {
        out[i] = keys.get(key(spots.bucket[i], spots.tag0[i], spots.tag1[i])) ?? 0;
      }
      return out;
    },
    close: async () => undefined,
  };
}

describe('the withheld judge', () => {
  it('gives each address its reason and rule, in list order, across look-up batches', () => {
    const addresses = Array.from({ length: 10 }, (_, i) =>
      i % 3 === 0 ? `bounce${i}@acme.test` : `person${i}@rival.test`,
    );
    const lookup = fakeLookup(addresses.filter((a) => a.startsWith('bounce')));
    const rules = [parseRule('*@rival.test', 'block'), parseRule('person4@rival.test', 'allow')];
    const judge = createWithheldJudge(2, lookup, rules, 4);
    // As the worker gives them: each address to the rules, then the lines' bytes, two by two.
    for (let i = 0; i < addresses.length; i += 2) {
      const two = addresses.slice(i, i + 2);
      for (const a of two) judge.add(a);
      const bytes = Buffer.from(`${two.join('\n')}\n`);
      judge.addLines(bytes, bytes.length);
    }
    const codes = judge.done();
    // Only the four the filter may hold are looked up, in one batch of four.
    expect(lookup.batches).toEqual([4]);
    expect([...codes].map((c) => reasonIn(c))).toEqual(
      addresses.map((a) => (a.startsWith('bounce') ? 'hard_bounce' : null)),
    );
    expect([...codes].map((c) => ruleIn(c))).toEqual(
      addresses.map((a) => (a === 'person4@rival.test' ? 1 : a.startsWith('bounce') ? -1 : 0)),
    );
    expect(withheldFlags(codes[4] as number, rules)).toBe('allowed_by:person4@rival.test');
    expect(withheldFlags(codes[0] as number, rules)).toBe('hard_bounce');
  });

  it('judges by the rules alone without a list, and by nothing with neither', () => {
    const judge = createWithheldJudge(1, null, [parseRule('acme.test', 'block')]);
    judge.add('a@acme.test');
    judge.add('b@else.test');
    expect([...judge.done()].map(ruleIn)).toEqual([0, -1]);
    const none = createWithheldJudge(1, null, []);
    none.add('a@acme.test');
    expect([...none.done()]).toEqual([0]);
  });
});
