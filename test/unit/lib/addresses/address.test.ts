// One cell to one address: unwrapping, trimming, lowercasing, and judging.
import isEmail from 'validator/lib/isEmail';
import { describe, expect, it } from 'vitest';
import {
  isValidAddress,
  looksLikeAddress,
  normalizeCell,
} from '../../../../electron/lib/addresses/address';

describe('normalizeCell', () => {
  it.each([
    ['jane@example.com', 'jane@example.com'],
    ['Jane.Doe@Example.COM', 'jane.doe@example.com'],
    ['  jane@example.com  ', 'jane@example.com'],
    ['\tjane@example.com\t', 'jane@example.com'],
    ['jane@example.com\u00a0', 'jane@example.com'], // no-break space, pasted from a web page
    ['\u00a0jane@example.com', 'jane@example.com'],
    ['\ufeffjane@example.com', 'jane@example.com'], // a BOM left by concatenated files
    ['\u2003jane@example.com\u2003', 'jane@example.com'], // em space
    ['"Jane Doe" <jane@example.com>', 'jane@example.com'],
    ['"Doe, Jane" <Jane@Example.com>', 'jane@example.com'],
    ['Jane Doe <jane@example.com>', 'jane@example.com'],
    ['Jane <jane@example.com> ', 'jane@example.com'],
    ['<jane@example.com>', 'jane@example.com'],
    ['< jane@example.com >', 'jane@example.com'],
    ['mailto:jane@example.com', 'jane@example.com'],
    ['MAILTO:Jane@Example.com', 'jane@example.com'],
    ['Mailto:jane@example.com?subject=Hello&body=Hi', 'jane@example.com'],
    ['<mailto:jane@example.com>', 'jane@example.com'],
    ['Team <mailto:team@example.com>', 'team@example.com'],
    ['"jane@example.com"', 'jane@example.com'],
    ["'jane@example.com'", 'jane@example.com'],
    ['ÜSER@BÜCHER.DE', 'üser@bücher.de'],
    ['ОЛЬГА@ПРИМЕР.РФ', 'ольга@пример.рф'],
  ])('%j → %j', (cell, address) => {
    expect(normalizeCell(cell)).toBe(address);
  });

  it.each(['', ' ', '   \t ', '\u00a0'])('%j holds nothing', (cell) => {
    expect(normalizeCell(cell)).toBe('');
  });

  it('leaves what it cannot unwrap for the validator to refuse', () => {
    expect(normalizeCell('Jane Doe')).toBe('jane doe');
    expect(normalizeCell('jane@example.com>')).toBe('jane@example.com>');
    expect(normalizeCell('mailto:')).toBe('mailto:');
    expect(normalizeCell('"jane@example.com')).toBe('"jane@example.com');
  });

  it('gives the same address whichever form a cell is in', () => {
    const forms = [
      'jane@example.com',
      'JANE@EXAMPLE.COM',
      ' jane@example.com ',
      '<jane@example.com>',
      '"Jane" <Jane@example.com>',
      'mailto:JANE@example.com',
      "'jane@example.com'",
    ];
    expect(new Set(forms.map(normalizeCell))).toEqual(new Set(['jane@example.com']));
  });
});

describe('isValidAddress', () => {
  it.each([
    'jane@example.com',
    'jane.doe+newsletter@example.co.uk',
    'a@b.co',
    'a_b%c-d@mail.example-company.com',
    "o'brien@example.ie",
    'user@123.com',
    'x@example.photography',
    'user@bücher.de', // internationalized domain
    'ab@xn--bcher-kva.de', // the same domain in punycode
    'jürgen@münchen.de', // UTF-8 local part
    'zoe@παράδειγμα.δοκιμή',
    'ольга@пример.рф',
    '"john doe"@example.com',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(isValidAddress(address)).toBe(true);
  });

  it.each([
    '',
    'jane',
    'jane@',
    '@example.com',
    'jane@example', // no top-level domain
    'jane@localhost',
    'a@b.c', // one-letter top-level domain
    'jane@@example.com',
    'jane@example..com',
    'jane.@example.com',
    '.jane@example.com',
    'jane..doe@example.com',
    'jane doe@example.com',
    'jane@exa mple.com',
    'jane@example.com.',
    'jane@-example.com',
    'jane@sub-.example.com',
    'jane@ex_ample.com',
    'jane@example.123',
    'jane@1.2.3.4',
    'jane@[1.2.3.4]',
    'first,last@example.com',
    'jane doe <jane@example.com>', // not normalized
    'broken @example.com', // a line break inside the cell became a space
    `${'a'.repeat(65)}@example.com`, // local part over 64
    `jane@${'a'.repeat(62)}.${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(62)}.com`, // 260 characters
  ])('rejects %j', (address) => {
    expect(isValidAddress(address)).toBe(false);
  });

  it('agrees with validator for every address (the fast path is only a shortcut)', () => {
    // A deterministic spread of plausible and broken addresses.
    let seed = 42;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const pick = (s: string) => s[next(s.length)] as string;
    const localChars = 'abcxyz019._%+-\'"!#ü ';
    const domainChars = 'abcxyz019.-_ü';
    const tlds = ['com', 'co', 'c', 'museum', 'de', 'рф', '123', 'x1', ''];
    const cases: string[] = [];
    for (let i = 0; i < 5_000; i++) {
      let local = '';
      for (let n = next(12) + (i % 7 === 0 ? 60 : 0); n > 0; n--) local += pick(localChars);
      let domain = '';
      for (let n = next(14) + 1; n > 0; n--) domain += pick(domainChars);
      cases.push(`${local}@${domain}.${tlds[next(tlds.length)]}`);
    }
    const disagreements = cases.filter(
      (a) => isValidAddress(a) !== (a.length <= 254 && isEmail(a)),
    );
    expect(disagreements).toEqual([]);
    expect(cases.filter(isValidAddress).length).toBeGreaterThan(100); // the sample has valid ones
  });
});

describe('looksLikeAddress', () => {
  it.each([
    ['jane@example.com', true],
    ['a@b.c', true],
    ['jane@example.com.', true],
    ['jane@example', false],
    ['@example.com', false],
    ['jane@.com', false],
    ['jane doe@example.com', false],
    ['Jane Doe', false],
    ['', false],
  ])('%j → %s', (cell, looks) => {
    expect(looksLikeAddress(cell)).toBe(looks);
  });
});
