// A typed rule is recognised by its shape and normalized as the importer
// normalizes a cell; what could never match an address is refused in words.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/lib/app-error';
import { parseRule, parseRuleText } from '../../../electron/rules/parse';
import { ruleSchema } from '../../../electron/rules/types';

const refusal = (text: string): string => {
  try {
    parseRuleText(text);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('invalid_input');
    return (err as AppError).message;
  }
  throw new Error(`"${text}" was accepted`);
};

describe('parseRuleText: the kind from the shape', () => {
  it.each([
    ['jane@example.com', 'address', 'jane@example.com'],
    ['  Jane.Doe@Example.COM ', 'address', 'jane.doe@example.com'],
    ['"Jane" <jane@example.com>', 'address', 'jane@example.com'],
    ['mailto:jane@example.com', 'address', 'jane@example.com'],
    ['example.com', 'domain', 'example.com'],
    ['Mail.Example.co.uk', 'domain', 'mail.example.co.uk'],
    ['@example.com', 'domain', 'example.com'],
    ['bücher.de', 'domain', 'bücher.de'],
    ['.ru', 'suffix', '.ru'],
    ['.CO.UK', 'suffix', '.co.uk'],
    ['.example.com', 'suffix', '.example.com'],
    ['*@competitor.com', 'pattern', '*@competitor.com'],
    ['TEST*@*', 'pattern', 'test*@*'],
    ['*.ru', 'pattern', '*.ru'],
    ['*@*.co.uk', 'pattern', '*@*.co.uk'],
    ['info*', 'pattern', 'info*'],
    ['*sales*@*', 'pattern', '*sales*@*'],
  ])('%s → %s %s', (text, kind, value) => {
    expect(parseRuleText(text)).toEqual({ kind, value });
  });
});

describe('parseRuleText: refusals', () => {
  it.each([
    ['', /Type a rule: an address/],
    ['   ', /Type a rule/],
    ['jane doe@example.com', /no spaces/],
    ['example.com other.com', /no spaces/],
    ['test**@example.com', /\*\* says no more than \*/],
    ['*', /would match every address/],
    ['*@*', /would match every address/],
    ['*.*', /would match every address/],
    ['a@b@example.com', /two @/],
    ['jane@', /not an address/],
    ['jane@example', /not an address/],
    ['example', /type a whole domain, such as example\.com, or \.example/],
    ['-bad.com', /not a domain/],
    ['exa_mple.com', /not a domain/],
    ['example..com', /not a domain/],
    ['.', /after the dot comes the end of a domain/],
    ['.co..uk', /after the dot/],
    ['*@competitor', /after the @ comes a whole domain/],
    ['jane,bob@example.com', /no address holds “,”/],
    ['example.com;', /no address holds “;”/],
  ])('%j is refused', (text, why) => {
    expect(refusal(text)).toMatch(why);
  });

  it('refuses over 320 characters, and takes 320', () => {
    const long = `${'a'.repeat(60)}.`.repeat(6).slice(0, 321);
    expect(refusal(long)).toMatch(/321 characters is too long: a rule has at most 320/);
    const pattern = `*${'a'.repeat(319)}`;
    expect(pattern.length).toBe(320);
    expect(parseRuleText(pattern).kind).toBe('pattern');
  });

  it('names the rule it refuses, as typed', () => {
    expect(refusal('  Jane Doe@x.com ')).toMatch(/^“Jane Doe@x\.com” is not a rule/);
  });
});

describe('parseRule', () => {
  it('makes a rule the store keeps: an id, the action, the time', () => {
    const rule = parseRule('*@Competitor.com', 'block', {
      now: new Date('2026-11-26T10:00:00Z'),
    });
    expect(rule).toMatchObject({
      action: 'block',
      kind: 'pattern',
      value: '*@competitor.com',
      addedAt: '2026-11-26T10:00:00.000Z',
    });
    expect(rule.id).toMatch(/^[0-9a-f]{12}$/);
    expect(ruleSchema.safeParse(rule).success).toBe(true);
    expect(parseRule('x.com', 'allow').id).not.toBe(parseRule('x.com', 'allow').id);
  });
});
