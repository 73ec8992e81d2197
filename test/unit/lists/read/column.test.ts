// Which column holds the addresses: header names in several languages, the
// share of cells that look like addresses, and whether the first row is a header.
import { describe, expect, it } from 'vitest';
import {
  MIN_CONFIDENCE,
  columnName,
  detectHeader,
  headerNamesEmail,
  rankColumns,
} from '../../../../electron/lists/read/column';

describe('headerNamesEmail', () => {
  it.each([
    'email',
    'Email',
    'EMAIL',
    ' E-mail ',
    'e_mail',
    'E-Mail',
    'eMail',
    'mail',
    'Mail',
    'Email Address',
    'Email address',
    'email_address',
    'Mail address',
    'E-Mail-Adresse', // German
    'E-mailadres', // Dutch
    'Courriel', // French (Québec)
    'Adresse courriel',
    'Adresse e-mail',
    'Adresse mail',
    'Correo', // Spanish
    'Correo electrónico',
    'CORREO ELECTRÓNICO',
    'Dirección de correo',
    'Posta elettronica', // Italian
    'Indirizzo email',
    'E-post', // Swedish, Norwegian
    'E-postadress',
    'Sähköposti', // Finnish
    'Adres e-mail', // Polish
    'Endereço de e-mail', // Portuguese
    'メールアドレス', // Japanese
    '电子邮件', // Chinese
    '邮箱',
    'Почта', // Russian
    'Электронная почта',
    'Work Email',
    'Primary Email',
    'emailaddress1', // Dynamics 365
    'Subscriber Email',
  ])('%j names an email column', (header) => {
    expect(headerNamesEmail(header)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'Name',
    'Address',
    'Mailing Address',
    'Phone',
    'Company',
    'Domain',
    'Column 1',
  ])('%j does not', (header) => {
    expect(headerNamesEmail(header)).toBe(false);
  });
});

describe('columnName', () => {
  it('uses the header cell, trimmed, or a generated name', () => {
    expect(columnName([' Email ', ''], 0)).toBe('Email');
    expect(columnName([' Email ', ''], 1)).toBe('Column 2');
    expect(columnName([' Email '], 4)).toBe('Column 5');
    expect(columnName(null, 0)).toBe('Column 1');
  });
});

describe('detectHeader', () => {
  it('takes a first row naming an email column as a header', () => {
    expect(
      detectHeader([
        ['Name', 'Email'],
        ['Jane', 'jane@x.com'],
      ]),
    ).toBe(true);
  });

  it('takes a first row without addresses above rows with addresses as a header', () => {
    expect(
      detectHeader([
        ['a', 'b'],
        ['Jane', 'jane@x.com'],
        ['Joe', 'joe@x.com'],
      ]),
    ).toBe(true);
  });

  it('takes a first row holding an address as data', () => {
    expect(
      detectHeader([
        ['jane@x.com', 'Jane'],
        ['joe@x.com', 'Joe'],
      ]),
    ).toBe(false);
    expect(detectHeader([['<jane@x.com>'], ['joe@x.com']])).toBe(false);
    expect(detectHeader([['mailto:jane@x.com']])).toBe(false);
  });

  it('judges a lone row by its look: words are a header, numbers are data', () => {
    expect(detectHeader([['Email', 'Name']])).toBe(true);
    expect(detectHeader([['Name', 'Phone']])).toBe(true);
    expect(detectHeader([['Jane', '5550100']])).toBe(false);
    expect(detectHeader([['Jane', '']])).toBe(false);
  });

  it('says no for nothing', () => {
    expect(detectHeader([])).toBe(false);
  });
});

describe('rankColumns', () => {
  it('puts the named column full of addresses first, with high confidence', () => {
    const rows = [
      ['Name', 'Email', 'Phone'],
      ['Jane', 'jane@x.com', '555'],
      ['Joe', 'joe@x.com', '556'],
      ['Ann', 'not given', '557'],
    ];
    const ranked = rankColumns(rows, true);
    expect(ranked.map((c) => c.name)).toEqual(['Email', 'Name', 'Phone']);
    expect(ranked[0]).toEqual({
      index: 1,
      name: 'Email',
      confidence: 0.9,
      addressShare: 0.667,
      headerMatch: true,
    });
    expect(ranked[1]).toMatchObject({ confidence: 0, headerMatch: false, addressShare: 0 });
  });

  it('trusts content over a header: a column named email full of names loses', () => {
    const rows = [
      ['email', 'contact'],
      ['Jane', 'jane@x.com'],
      ['Joe', 'joe@x.com'],
    ];
    const ranked = rankColumns(rows, true);
    expect(ranked[0]).toMatchObject({ name: 'contact', confidence: 0.85, headerMatch: false });
    expect(ranked[1]).toMatchObject({ name: 'email', confidence: 0.3, headerMatch: true });
  });

  it('finds the column by content alone, without a header', () => {
    const rows = [
      ['Jane', 'jane@x.com'],
      ['Joe', ''],
      ['Ann', 'ann@x.com'],
      ['Bob', 'bob at x dot com'],
    ];
    const ranked = rankColumns(rows, false);
    expect(ranked[0]).toMatchObject({ index: 1, name: 'Column 2', addressShare: 0.667 });
    expect(ranked[0]?.confidence).toBeCloseTo(0.57, 2);
    expect(ranked[0]?.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
  });

  it('counts unwrapped forms as addresses', () => {
    const rows = [['"Jane" <jane@x.com>'], ['mailto:joe@x.com'], [' ANN@X.COM ']];
    expect(rankColumns(rows, false)[0]).toMatchObject({ addressShare: 1 });
  });

  it('gives a named column with no rows under it a middling confidence', () => {
    const ranked = rankColumns([['Name', 'E-mail']], true);
    expect(ranked[0]).toMatchObject({ name: 'E-mail', confidence: 0.7 });
  });

  it('ranks every column, ties by position, including cells past the header', () => {
    const rows = [
      ['a', 'b'],
      ['x', 'y', 'jane@x.com'],
      ['x', 'y'],
    ];
    const ranked = rankColumns(rows, true);
    expect(ranked.map((c) => c.index)).toEqual([2, 0, 1]);
    expect(ranked[0]?.name).toBe('Column 3');
  });

  it('finds nothing plausible in a list without addresses', () => {
    const ranked = rankColumns(
      [
        ['Jane', '555-0100'],
        ['Joe', '555-0101'],
      ],
      false,
    );
    expect(ranked.every((c) => c.confidence < MIN_CONFIDENCE)).toBe(true);
  });
});
