import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { importList } from '../../../../electron/lists/read/read';
import { exportList, type ExportOptions } from '../../../../electron/lists/write/write';
import {
  ALL_APPENDED_COLUMNS,
  appendedHeaderNames,
  type OutcomeLookup,
} from '../../../../electron/lists/judge/row-facts';
import { escapeFormula } from '../../../../electron/lists/write/formula';
import { toByteText } from '../../../../electron/lists/read/encoding';
import type { AddressOutcome, ImportedList } from '../../../../electron/lists/types';
import { AppError } from '../../../../electron/lib/app-error';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function importText(
  name: string,
  content: string | Buffer,
  column?: string | number,
): Promise<ImportedList> {
  const path = join(dir, name);
  await writeFile(path, content);
  const workDir = join(dir, `${name}.work`);
  await mkdir(workDir);
  return importList(path, { workDir, column });
}

/** Outcomes decided from the address itself, the way the sandbox's test addresses work. */
async function outcomesFor(list: ImportedList): Promise<OutcomeLookup> {
  const addresses = (await readFile(list.addressesPath, 'utf8')).split('\n').filter(Boolean);
  const table = addresses.map((address): AddressOutcome => {
    if (address.startsWith('bad')) return { status: 'undeliverable', provider: '' };
    if (address.startsWith('maybe')) return { status: 'unknown' };
    return {
      status: 'deliverable',
      provider: 'provider_code_1',
      avatar: address.startsWith('face'),
      avatarUrl: address.startsWith('face') ? 'https://img.example/a.png' : '',
    };
  });
  return (i) => table[i];
}

async function exportText(
  list: ImportedList,
  options: Partial<Parameters<typeof exportList>[2]> = {},
): Promise<string> {
  const destPath = join(dir, 'out.csv');
  await exportList(list, await outcomesFor(list), { destPath, escapeFormulas: false, ...options });
  return readFile(destPath, 'utf8');
}

describe('exportList round trips', () => {
  it('gives back every original byte of a plain CSV, with the status appended', async () => {
    const input = [
      'id,email,name,notes',
      '1,ok1@example.com,Anne,"likes, commas"',
      '2,bad@example.com,"Bob ""the"" Builder",',
      '3,not-an-address,Cleo,"two',
      'lines"',
      '4,OK1@Example.com,Dee,dup',
      '5,,Eve,empty',
      '6,maybe@example.com,Fay,x',
      '',
    ].join('\n');
    const list = await importText('plain.csv', input);
    const out = await exportText(list);
    const expected = [
      'id,email,name,notes,email_status',
      '1,ok1@example.com,Anne,"likes, commas",deliverable',
      '2,bad@example.com,"Bob ""the"" Builder",,undeliverable',
      '3,not-an-address,Cleo,"two',
      'lines",invalid',
      '4,OK1@Example.com,Dee,dup,duplicate',
      '5,,Eve,empty,invalid',
      '6,maybe@example.com,Fay,x,unknown',
      '',
    ].join('\n');
    expect(out).toBe(expected);
  });

  it('copies each row as the file wrote it: quotes it did not need stay, byte for byte', async () => {
    const input = [
      '"id";"email";"name"',
      '"1";"ok@example.com";"Anne"',
      '2;bad@example.com;"Bob ""B"""',
      '',
      '3;maybe@example.com;Cleo',
      '',
    ].join('\r\n');
    const list = await importText('quoted.csv', input);
    expect(await exportText(list)).toBe(
      [
        '"id";"email";"name";email_status',
        '"1";"ok@example.com";"Anne";deliverable',
        '2;bad@example.com;"Bob ""B""";undeliverable',
        '3;maybe@example.com;Cleo;unknown',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps the delimiter and CRLF line ends of an Excel semicolon file, BOM on request', async () => {
    const input =
      '\uFEFFNom;Courriel;Ville\r\nÉlodie;ok@exemple.fr;Besançon\r\nZoé;bad@exemple.fr;"Aix; Marseille"\r\n';
    const list = await importText('excel.csv', input);
    expect(list.delimiter).toBe(';');
    const withBom = await exportText(list, { bom: true });
    expect(withBom).toBe(
      '\uFEFFNom;Courriel;Ville;email_status\r\nÉlodie;ok@exemple.fr;Besançon;deliverable\r\nZoé;bad@exemple.fr;"Aix; Marseille";undeliverable\r\n',
    );
    const bytes = await readFile(join(dir, 'out.csv'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const withoutBom = await exportText(list, { bom: false });
    expect(withoutBom.startsWith('Nom;')).toBe(true);
  });

  it('reads UTF-16 and writes UTF-8, every original cell identical', async () => {
    const text =
      'Email\tName\tNote\nok@example.com\tJürgen\t"a\tb"\nbad@example.com\t李\t"multi\nline ""quoted"""\n';
    const input = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const list = await importText('unicode.txt', input);
    expect(list.encoding).toBe('utf-16le');
    const out = await exportText(list);
    const original = Papa.parse<string[]>(text, { delimiter: '\t', skipEmptyLines: true }).data;
    const written = Papa.parse<string[]>(out, { delimiter: '\t', skipEmptyLines: true }).data;
    expect(written.map((row) => row.slice(0, -1))).toEqual(original);
    expect(written.map((row) => row.at(-1))).toEqual([
      'email_status',
      'deliverable',
      'undeliverable',
    ]);
  });

  it('writes a header-less list without inventing a header', async () => {
    const list = await importText(
      'plain.txt',
      'ok@example.com\n\nbad@example.com\nmaybe@example.com\n',
    );
    expect(list.hasHeader).toBe(false);
    expect(await exportText(list)).toBe(
      'ok@example.com,deliverable\nbad@example.com,undeliverable\nmaybe@example.com,unknown\n',
    );
  });

  it('quotes a cell holding the pipe delimiter', async () => {
    const list = await importText(
      'pipe.txt',
      'email|tag\nok@example.com|"a|b"\nbad@example.com|c\n',
    );
    expect(list.delimiter).toBe('|');
    expect(await exportText(list)).toBe(
      'email|tag|email_status\nok@example.com|"a|b"|deliverable\nbad@example.com|c|undeliverable\n',
    );
  });
});

describe('exportList columns and filters', () => {
  const input = [
    'email,email_status,name',
    'ok@example.com,old,A',
    'face@example.com,old,B',
    'bad@example.com,old,C',
    'maybe@example.com,old,D',
    'nope,old,E',
    'OK@example.com,old,F',
    '',
  ].join('\n');

  it('appends the chosen columns, renaming one the file already has', async () => {
    const list = await importText('cols.csv', input);
    const out = await exportText(list, { columns: ALL_APPENDED_COLUMNS });
    const rows = Papa.parse<string[]>(out, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'email',
      'email_status',
      'name',
      'email_status_2',
      'email_provider',
      'email_avatar',
      'email_avatar_url',
      'email_suggestion',
      'email_flags',
      'email_checked_at',
      'email_risk',
      'email_risk_reasons',
    ]);
    // Without flags, a day or a moment to judge the risk at, those columns stay empty.
    expect(rows[1]?.slice(3)).toEqual([
      'deliverable',
      'provider_code_1',
      'false',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(rows[2]?.slice(3)).toEqual([
      'deliverable',
      'provider_code_1',
      'true',
      'https://img.example/a.png',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(rows[3]?.slice(3)).toEqual(['undeliverable', '', '', '', '', '', '', '', '']);
    expect(rows[4]?.slice(3)).toEqual(['unknown', '', '', '', '', '', '', '', '']);
    expect(rows[5]?.slice(3)).toEqual(['invalid', '', '', '', '', '', '', '', '']);
    // A duplicate row carries what is known about its address, under its own status.
    expect(rows[6]?.slice(3)).toEqual([
      'duplicate',
      'provider_code_1',
      'false',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('suffixes past every name in use', () => {
    expect(
      appendedHeaderNames(['Email_Status', 'email_status_2'], ['email_status', 'email_provider']),
    ).toEqual(['email_status_3', 'email_provider']);
  });

  it('filters deliverable rows only, and everything but them, in the original order', async () => {
    const list = await importText('filter.csv', input);
    const lookup = await outcomesFor(list);
    const kept = join(dir, 'kept.csv');
    const rest = join(dir, 'rest.csv');
    const a = await exportList(list, lookup, { destPath: kept, filter: 'deliverable' });
    const b = await exportList(list, lookup, { destPath: rest, filter: 'not-deliverable' });
    expect(a).toEqual({ path: kept, rowsWritten: 2, rowsTotal: 6 });
    expect(b).toEqual({ path: rest, rowsWritten: 4, rowsTotal: 6 });
    const names = async (p: string) =>
      Papa.parse<string[]>(await readFile(p, 'utf8'), { skipEmptyLines: true }).data.map(
        (r) => r[2],
      );
    expect(await names(kept)).toEqual(['name', 'A', 'B']);
    expect(await names(rest)).toEqual(['name', 'C', 'D', 'E', 'F']);
  });

  it('treats an address without an outcome yet as unknown', async () => {
    const list = await importText('partial.csv', 'email\nok@example.com\nbad@example.com\n');
    await exportList(list, () => undefined, { destPath: join(dir, 'p.csv') });
    expect(await readFile(join(dir, 'p.csv'), 'utf8')).toBe(
      'email,email_status\nok@example.com,unknown\nbad@example.com,unknown\n',
    );
  });

  it('pads short rows so every status sits in one column, and keeps a long row whole', async () => {
    const list = await importText(
      'ragged.csv',
      'email,first,last\nok@example.com\nbad@example.com,B,C,extra\n',
    );
    expect(list.counts.ragged).toBe(2);
    expect(await exportText(list)).toBe(
      // The appended column goes after the widest row seen, so it lines up everywhere.
      'email,first,last,,email_status\nok@example.com,,,,deliverable\nbad@example.com,B,C,extra,undeliverable\n',
    );
  });
});

describe('formula injection', () => {
  it('escapes every dangerous start, multi-line cells and full-width forms included', () => {
    for (const cell of [
      '=SUM(A1)',
      '+33 6 12 34 56 78',
      '-2+3',
      '@cmd',
      '\tx',
      '\rx',
      '\nx',
      '=HYPERLINK("http://x")\nsecond line',
      '＝1+1',
      '＋1',
      '－1',
      '＠x',
    ]) {
      expect(escapeFormula(cell)).toBe(`'${cell}`);
    }
    // Spaces before a trigger, and one after a line break: formula.test.ts.
    for (const cell of ['plain', 'a=b', '', ' x', 'x\ny']) {
      expect(escapeFormula(cell)).toBe(cell);
    }
  });

  it('finds the same starts in byte text, the form UTF-8 lists are parsed in', () => {
    for (const cell of ['=SUM(A1)', '@cmd', '\nx', '＝1+1', '＋1', '－1', '＠x']) {
      expect(escapeFormula(toByteText(cell), true)).toBe(`'${toByteText(cell)}`);
    }
    // Other characters whose UTF-8 starts with 0xEF are text.
    for (const cell of ['plain', 'été', '\uFF21BC', '\uFEFFx', '中文']) {
      expect(escapeFormula(toByteText(cell), true)).toBe(toByteText(cell));
    }
  });

  it('rewrites a UTF-8 row with a full-width formula and keeps its other characters', async () => {
    const list = await importText(
      'wide.csv',
      'email,name,note\nok@example.com,Jürgen 中文,＝1+1\nmaybe@example.com,Zoë,🎉\n',
    );
    await exportList(list, await outcomesFor(list), { destPath: join(dir, 'w.csv') });
    expect(await readFile(join(dir, 'w.csv'), 'utf8')).toBe(
      "email,name,note,email_status\nok@example.com,Jürgen 中文,'＝1+1,deliverable\nmaybe@example.com,Zoë,🎉,unknown\n",
    );
  });

  it('is on by default when writing, and quotes a multi-line formula cell', async () => {
    const list = await importText(
      'formula.csv',
      'email,note\nok@example.com,"=HYPERLINK(""http://evil"")\nclick"\nbad@example.com,+1 555\n',
    );
    await exportList(list, await outcomesFor(list), { destPath: join(dir, 'f.csv') });
    const rows = Papa.parse<string[]>(await readFile(join(dir, 'f.csv'), 'utf8'), {
      skipEmptyLines: true,
    }).data;
    expect(rows[1]?.[1]).toBe('\'=HYPERLINK("http://evil")\nclick');
    expect(rows[2]?.[1]).toBe("'+1 555");
  });
});

describe('appended values beyond ASCII', () => {
  const outcome: AddressOutcome = {
    status: 'deliverable',
    provider: 'fournisseur_é',
    avatar: true,
    avatarUrl: 'https://exämple.org/ü.png',
  };
  const columns = ['email_status', 'email_provider', 'email_avatar_url'] as const;

  it.each<[string, Buffer]>([
    ['UTF-8', Buffer.from('email,name\nok@example.com,Zoë\n')],
    ['UTF-16 LE', Buffer.from('\ufeffemail\tname\r\nok@example.com\tZoë\r\n', 'utf16le')],
  ])('are written as UTF-8 next to the cells of a %s list', async (_name, bytes) => {
    const list = await importText('wide.csv', bytes);
    await exportList(list, () => outcome, { destPath: join(dir, 'o.csv'), columns });
    const rows = Papa.parse<string[]>(await readFile(join(dir, 'o.csv'), 'utf8'), {
      skipEmptyLines: true,
    }).data;
    expect(rows[1]).toEqual([
      'ok@example.com',
      'Zoë',
      'deliverable',
      'fournisseur_é',
      'https://exämple.org/ü.png',
    ]);
  });
});

describe('exportList safety', () => {
  it('refuses to write over the input file', async () => {
    const list = await importText('source.csv', 'email\nok@example.com\n');
    const before = await readFile(list.sourcePath, 'utf8');
    await expect(
      exportList(list, () => undefined, { destPath: list.sourcePath }),
    ).rejects.toMatchObject({
      code: 'bad_file',
      message: expect.stringContaining('never changed'),
    });
    expect(await readFile(list.sourcePath, 'utf8')).toBe(before);
  });

  it('names a missing folder', async () => {
    const list = await importText('a.csv', 'email\nok@example.com\n');
    const err = await exportList(list, () => undefined, {
      destPath: join(dir, 'nowhere', 'x.csv'),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toContain('does not exist');
  });

  it('leaves neither a half-written file nor a temporary one when stopped', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `user${i}@example.com,${i}`).join('\n');
    const list = await importText('big.csv', `email,n\n${rows}\n`);
    const destPath = join(dir, 'stopped.csv');
    const controller = new AbortController();
    const stopped = exportList(list, () => undefined, {
      destPath,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('stopped by the user')),
    });
    await expect(stopped).rejects.toThrow('stopped by the user');
    const files = await readdir(dir);
    expect(files.filter((f) => f.includes('stopped'))).toEqual([]);
  });

  it('replaces an earlier export in one step', async () => {
    const list = await importText('again.csv', 'email\nok@example.com\n');
    const destPath = join(dir, 'again.cleaned.csv');
    await writeFile(destPath, 'old contents');
    await exportList(list, await outcomesFor(list), { destPath });
    expect(await readFile(destPath, 'utf8')).toBe(
      'email,email_status\nok@example.com,deliverable\n',
    );
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('rows copied from where the import kept them', () => {
  /** A list with every kind of row the export treats apart, repeated past a few batches. */
  function trickyList(rows: number, newline = '\r\n'): string {
    const kinds = [
      (i: number) => `${i},ok${i}@example.com,Anne,"likes, commas"`,
      (i: number) => `${i},bad${i}@example.com,"Bob ""the"" Builder",=HYPERLINK("x")`,
      (i: number) => `${i},maybe${i}@example.com,"two\nlines",+1`,
      (i: number) => `${i},face${i}@example.com,Zoë,"a;-b",@x`,
      (i: number) => `${i},not-an-address,Cleo`,
      (i: number) => `${i},ok${i}@example.com,"${'long '.repeat(50_000)}",tail`,
      (i: number) => `${i},ok${i % 7}@example.com,\tTab,Ｈ＝ull`,
      (i: number) => `${newline}${i},ok${i}@example.com,"a ""b"" c",x`,
      (i: number) => `${i},ok${i}@example.com,"bad"quote,x`,
    ];
    const lines = ['id,email,name,notes'];
    for (let i = 0; i < rows; i++)
      lines.push((kinds[i % kinds.length] as (i: number) => string)(i));
    return `${lines.join(newline)}${newline}`;
  }

  /** The export of `list` as kept, and as a list kept before spans were (parsed again). */
  async function bothWays(list: ImportedList, options: Partial<ExportOptions> = {}) {
    expect(list.spans).toBeDefined();
    const lookup = await outcomesFor(list);
    const copied = join(dir, 'copied.csv');
    const parsed = join(dir, 'parsed.csv');
    const a = await exportList(list, lookup, { ...options, destPath: copied });
    const before: ImportedList = { ...list };
    delete before.spans;
    const b = await exportList(before, lookup, { ...options, destPath: parsed });
    expect(a).toEqual({ ...b, path: copied });
    return { copied: await readFile(copied), parsed: await readFile(parsed) };
  }

  it.each([
    ['CRLF, escaping formulas', '\r\n', true],
    ['LF, copying formulas', '\n', false],
    ['CR, escaping formulas', '\r', true],
  ] as const)('writes the same bytes as a list parsed again (%s)', async (_, newline, escape) => {
    const list = await importText('tricky.csv', `\uFEFF${trickyList(2_000, newline)}`);
    const { copied, parsed } = await bothWays(list, {
      columns: ALL_APPENDED_COLUMNS,
      escapeFormulas: escape,
      bom: true,
    });
    expect(copied.equals(parsed)).toBe(true);
  });

  it('writes a header-less list and its filtered rows the same way', async () => {
    const list = await importText(
      'bare.txt',
      Array.from({ length: 3_000 }, (_, i) =>
        i % 5 === 0 ? `bad${i}@example.com` : `ok${i}@example.com`,
      ).join('\n'),
    );
    expect(list.hasHeader).toBe(false);
    const { copied, parsed } = await bothWays(list, { filter: 'deliverable' });
    expect(copied.equals(parsed)).toBe(true);
  });

  it('keeps no spans for a list that is not UTF-8, which is parsed again', async () => {
    const list = await importText(
      'latin.csv',
      Buffer.from('email,name\nok@example.com,Müller\n', 'latin1'),
    );
    expect(list.encoding).toBe('windows-1252');
    expect(list.spans).toBeUndefined();
  });

  it('stops with the export, leaving nothing behind, and says a list that changed', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `user${i}@example.com,${i}`).join('\n');
    const list = await importText('big.csv', `email,n\n${rows}\n`);
    expect(list.spans).toBeDefined();
    const controller = new AbortController();
    const stopped = exportList(list, () => undefined, {
      destPath: join(dir, 'stopped.csv'),
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('stopped by the user')),
    });
    await expect(stopped).rejects.toThrow('stopped by the user');
    expect((await readdir(dir)).filter((f) => f.includes('stopped'))).toEqual([]);

    await writeFile(list.sourcePath, `email,n\n${rows}\nmore@example.com,1\n`);
    const changed = exportList(list, () => undefined, { destPath: join(dir, 'changed.csv') });
    await expect(changed).rejects.toThrow(/changed since it was read/);
    expect((await readdir(dir)).filter((f) => f.includes('changed'))).toEqual([]);
  });
});
