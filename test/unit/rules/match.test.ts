// Which rule decides an address: the more specific wins (address, pattern,
// domain, suffix; among patterns the more literal characters, among suffixes
// the longer), block over allow at a tie. A thousand rules decide exactly as
// trying every rule one by one would.
import { describe, expect, it } from 'vitest';
import type { Rule, RuleAction } from '../../../electron/rules/types';
import { compileRules, describeRule } from '../../../electron/rules/match';
import { parseRule } from '../../../electron/rules/parse';

let n = 0;
const r = (text: string, action: RuleAction = 'block'): Rule =>
  parseRule(text, action, { id: (n++).toString(16).padStart(12, '0'), now: new Date(0) });

/** The value of the rule that decides `address`, with its action; null when none does. */
function decided(rules: Rule[], address: string): string | null {
  const i = compileRules(rules).decide(address);
  const rule = rules[i];
  return rule === undefined ? null : `${rule.action} ${rule.value}`;
}

describe('each kind matches what it says', () => {
  it('an address: that one only', () => {
    const rules = [r('jane@example.com')];
    expect(decided(rules, 'jane@example.com')).toBe('block jane@example.com');
    expect(decided(rules, 'jane@example.org')).toBeNull();
    expect(decided(rules, 'xjane@example.com')).toBeNull();
  });

  it('a domain: that domain exactly, not its sub-domains', () => {
    const rules = [r('example.com')];
    expect(decided(rules, 'ann@example.com')).toBe('block example.com');
    expect(decided(rules, 'ann@mail.example.com')).toBeNull();
    expect(decided(rules, 'ann@notexample.com')).toBeNull();
    expect(decided(rules, 'example.com@other.org')).toBeNull();
  });

  it('a suffix: every domain ending so, and the suffix itself', () => {
    const rules = [r('.co.uk')];
    expect(decided(rules, 'ann@shop.co.uk')).toBe('block .co.uk');
    expect(decided(rules, 'ann@a.b.shop.co.uk')).toBe('block .co.uk');
    expect(decided(rules, 'ann@co.uk')).toBe('block .co.uk');
    expect(decided(rules, 'ann@shopco.uk')).toBeNull();
    expect(decided(rules, 'ann@example.uk')).toBeNull();
  });

  it.each([
    ['*@competitor.com', 'ann@competitor.com', true],
    ['*@competitor.com', 'ann@mail.competitor.com', false],
    ['test*@*', 'test@example.com', true],
    ['test*@*', 'tester.1@example.org', true],
    ['test*@*', 'atest@example.com', false],
    ['*.ru', 'ivan@mail.ru', true],
    ['*.ru', 'ivan@mail.ru.com', false],
    ['*@*.co.uk', 'ann@shop.co.uk', true],
    ['*sales*@*', 'emea.sales.team@example.com', true],
    ['*sales*@*', 'sales@example.com', true],
    ['*sales*@*', 'ann@sales.com', false],
    ['a*a@x.com', 'a@x.com', false],
    ['a*a@x.com', 'aa@x.com', true],
    ['ab*ba@x.com', 'aba@x.com', false],
    ['ab*ba*ab@*', 'abab@x.com', false],
    ['ab*ba*ab@*', 'abba.ab@x.com', true],
    ['info*', 'info@example.com', true],
    ['*@ex*le.com', 'ann@example.com', true],
  ])('pattern %s against %s: %s', (pattern, address, matches) => {
    expect(decided([r(pattern)], address) !== null).toBe(matches);
  });
});

describe('precedence: the more specific rule wins', () => {
  it('address beats pattern beats domain beats suffix, whatever their order', () => {
    const rules = [
      r('.com', 'allow'),
      r('example.com', 'block'),
      r('*@example.com', 'allow'),
      r('jane@example.com', 'block'),
    ];
    for (const order of [rules, [...rules].reverse()]) {
      expect(decided(order, 'jane@example.com')).toBe('block jane@example.com');
      expect(decided(order, 'ann@example.com')).toBe('allow *@example.com');
      expect(decided(order, 'ann@other.com')).toBe('allow .com');
    }
    const noPattern = rules.filter((x) => x.kind !== 'pattern');
    expect(decided(noPattern, 'ann@example.com')).toBe('block example.com');
  });

  it('a pattern with few literal characters still beats a domain rule', () => {
    expect(decided([r('example.com', 'allow'), r('test*@*')], 'test1@example.com')).toBe(
      'block test*@*',
    );
  });

  it('the longer suffix wins', () => {
    const rules = [r('.uk', 'block'), r('.co.uk', 'allow'), r('.shop.co.uk', 'block')];
    expect(decided(rules, 'ann@x.shop.co.uk')).toBe('block .shop.co.uk');
    expect(decided(rules, 'ann@x.co.uk')).toBe('allow .co.uk');
    expect(decided(rules, 'ann@x.org.uk')).toBe('block .uk');
  });

  it('a suffix rule that is the whole domain loses to that domain’s rule', () => {
    const rules = [r('.example.com', 'block'), r('example.com', 'allow')];
    expect(decided(rules, 'ann@example.com')).toBe('allow example.com');
    expect(decided(rules, 'ann@mail.example.com')).toBe('block .example.com');
  });

  it('among patterns, the one with more literal characters', () => {
    const rules = [r('*@*.com', 'block'), r('*@example.com', 'allow'), r('sales*@example.com')];
    expect(decided(rules, 'sales1@example.com')).toBe('block sales*@example.com');
    expect(decided(rules, 'ann@example.com')).toBe('allow *@example.com');
    expect(decided(rules, 'ann@other.com')).toBe('block *@*.com');
    // Across the ways patterns are kept: by domain, by last label, by first character, wild.
    const mixed = [
      r('*o*', 'allow'),
      r('j*', 'block'),
      r('*.org', 'allow'),
      r('jo*@*.org', 'block'),
    ];
    expect(decided(mixed, 'jo@x.org')).toBe('block jo*@*.org');
    expect(decided(mixed, 'ann@x.org')).toBe('allow *.org');
    expect(decided(mixed, 'jan@x.com')).toBe('block j*');
    expect(decided(mixed, 'bob@x.com')).toBe('allow *o*');
  });

  it('at an exact tie, block wins over allow, whichever came first', () => {
    const allowFirst = [r('*@a.com', 'allow'), r('b*@*.com', 'block')];
    expect(decided(allowFirst, 'b@a.com')).toBe('block b*@*.com');
    expect(decided([...allowFirst].reverse(), 'b@a.com')).toBe('block b*@*.com');
    // The same value twice (a hand-made list; the store keeps one): block.
    for (const text of ['jane@a.com', 'a.com', '.com', '*@a.com']) {
      const pair = [r(text, 'allow'), r(text, 'block')];
      expect(decided(pair, 'jane@a.com')).toBe(`block ${pair[0]?.value}`);
      expect(decided([...pair].reverse(), 'jane@a.com')).toBe(`block ${pair[0]?.value}`);
    }
  });

  it('between equals of one action, the earlier rule', () => {
    const rules = [r('x*@*'), r('*y@*'), r('*@q.com')];
    expect(compileRules(rules).decide('xy@z.com')).toBe(0);
  });

  it('no rule, or none that matches: -1', () => {
    expect(compileRules([]).decide('ann@example.com')).toBe(-1);
    const rules = [r('jane@example.com'), r('example.org'), r('.ru'), r('*@x.com')];
    expect(compileRules(rules).decide('ann@example.com')).toBe(-1);
    expect(compileRules(rules).decide('not an address')).toBe(-1);
    expect(compileRules(rules).decide('')).toBe(-1);
  });
});

describe('describeRule', () => {
  it('says the rule as it would be typed', () => {
    expect(describeRule(r('*@Competitor.com'))).toBe('*@competitor.com');
    expect(describeRule(r('.co.uk'))).toBe('.co.uk');
  });
});

const regexes = new Map<string, RegExp>();
const regexOf = (pattern: string): RegExp => {
  let re = regexes.get(pattern);
  if (!re) {
    const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    re = new RegExp(`^${source}$`);
    regexes.set(pattern, re);
  }
  return re;
};

/** Every rule tried one by one, the most specific kept: the definition decide must agree with. */
function slowDecide(rules: Rule[], address: string): number {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const rank = (rule: Rule): number[] | null => {
    const block = rule.action === 'block' ? 1 : 0;
    if (rule.kind === 'address') return rule.value === address ? [4, 0, block] : null;
    if (rule.kind === 'domain') return rule.value === domain ? [2, 0, block] : null;
    if (rule.kind === 'suffix') {
      const s = rule.value.slice(1);
      return domain === s || domain.endsWith(rule.value) ? [1, s.length, block] : null;
    }
    return regexOf(rule.value).test(address)
      ? [3, rule.value.replace(/\*/g, '').length, block]
      : null;
  };
  let best = -1;
  let bestRank: number[] = [];
  rules.forEach((rule, i) => {
    const k = rank(rule);
    if (k === null) return;
    const cmp = k.map((x, j) => x - (bestRank[j] ?? -1)).find((d) => d !== 0) ?? 0;
    if (best === -1 || cmp > 0) {
      best = i;
      bestRank = k;
    }
  });
  return best;
}

describe('a thousand rules', () => {
  const words = ['sales', 'info', 'test', 'admin', 'ann', 'bob', 'no', 'x'];
  const tlds = ['com', 'org', 'ru', 'co.uk', 'de', 'io'];
  let seed = 7;
  const rand = (k: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)] as T;
  // Addresses also at top-level domains no rule names.
  const domainOf = (more: readonly string[] = []) =>
    `${pick(['a', 'b', 'c', 'mail.a', 'x.b'])}${rand(40)}.${pick([...tlds, ...more])}`;
  const addressOf = () =>
    `${pick(words)}${rand(3) === 0 ? rand(9) : ''}@${domainOf(['net', 'fr', 'es', 'nl', 'it', 'pl'])}`;
  const ruleText = (): string => {
    switch (rand(9)) {
      case 0:
        return addressOf();
      case 1:
      case 2:
        return domainOf();
      case 3:
        return `.${pick(tlds)}`;
      case 4:
        return `.${domainOf()}`;
      case 5:
        return `*@${domainOf()}`;
      case 6:
        return `${pick(words)}${rand(9)}*@*`;
      case 7:
        return `*@*.${pick(['com', 'de'])}`;
      default:
        return `*${pick(words)}${rand(9)}*`;
    }
  };

  it('decide agrees with trying every rule, for 5,000 addresses', () => {
    const rules: Rule[] = [];
    const seen = new Set<string>();
    while (rules.length < 1000) {
      const text = ruleText();
      const action = rand(2) === 0 ? 'allow' : 'block';
      // Duplicates now and then, to exercise the tie.
      if (seen.has(text) && rand(4) !== 0) continue;
      seen.add(text);
      rules.push(r(text, action));
    }
    const matcher = compileRules(rules);
    let matched = 0;
    const kinds = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const address = addressOf();
      const want = slowDecide(rules, address);
      expect(matcher.decide(address), address).toBe(want);
      if (want !== -1) matched++;
      kinds.add(rules[want]?.kind ?? 'none');
    }
    expect(matched).toBeGreaterThan(500);
    expect(matched).toBeLessThan(5000);
    expect([...kinds].sort()).toEqual(['address', 'domain', 'none', 'pattern', 'suffix']);
  });
});
