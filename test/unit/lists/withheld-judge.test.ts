// The import worker's judge of the user's rules: each address's rule in list
// order, as the withheld code the import then adds the suppression list to.
import { describe, expect, it } from 'vitest';
import { createWithheldJudge } from '../../../electron/lists/withheld-judge';
import { reasonIn, ruleIn, withheldFlags } from '../../../electron/lists/withheld';
import { parseRule } from '../../../electron/rules/parse';

describe('the withheld judge', () => {
  it('gives each address the rule that decides it, in list order, past its first capacity', () => {
    const addresses = Array.from({ length: 10 }, (_, i) =>
      i % 3 === 0 ? `person${i}@acme.test` : `person${i}@rival.test`,
    );
    const rules = [parseRule('*@rival.test', 'block'), parseRule('person4@rival.test', 'allow')];
    const judge = createWithheldJudge(2, rules);
    for (const a of addresses) judge.add(a);
    const codes = judge.done();
    expect(codes).toHaveLength(10);
    expect([...codes].map((c) => ruleIn(c))).toEqual(
      addresses.map((a) => (a === 'person4@rival.test' ? 1 : a.endsWith('@rival.test') ? 0 : -1)),
    );
    expect([...codes].every((c) => reasonIn(c) === null)).toBe(true);
    expect(withheldFlags(codes[4] as number, rules)).toBe('allowed_by:person4@rival.test');
    expect(withheldFlags(codes[1] as number, rules)).toBe('blocked_by:*@rival.test');
    expect(withheldFlags(codes[0] as number, rules)).toBe('');
  });
});
