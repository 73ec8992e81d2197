// The cleaned list's promise that no cell can run as a formula, judged by
// readers other than the app's own: Python's csv module and LibreOffice,
// each told the file's separator and the others a reader in another locale
// uses. The inputs are the ones that got a formula through when rows were
// copied as the file had them: a malformed quote (papaparse takes the next
// line into a cell, where the other readers start a row), a `;` inside a
// comma file's cell, old Mac CR line ends, a quote inside an unquoted cell,
// spaces before a trigger. The harmless rows of the same files must still
// come back byte for byte.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importList } from '../../../../electron/lists/read/read';
import { exportList } from '../../../../electron/lists/write/write';
import type { Delimiter } from '../../../../electron/lists/types';
import { requireLibreOffice } from '../../sheets/xlsx-read';
import {
  RUNS_AS_FORMULA,
  libreOfficeOpen,
  openedPath,
  pythonRows,
  requirePython,
  sheetCells,
  type LibreOfficeReading,
  type SheetCell,
} from './csv-readers';

interface Case {
  name: string;
  lines: string[];
  newline: string;
  delimiter: Delimiter;
  latin1?: boolean;
  /** Lines that must be copied as they are, the header first. */
  kept: string[];
  /** Cells the export escaped, as a reader with the file's own separator reads them. */
  escaped: string[];
}

const HYPERLINK = '=HYPERLINK("http://evil.example","click"),z"';

const CASES: Case[] = [
  {
    name: 'malformed-quote',
    lines: [
      'name,email,note,x',
      'a,a@x.com,"x"y,n',
      HYPERLINK,
      'b,b@x.com,ok,ok',
      '"c", c@x.com ,"fine, quoted",  spaced',
    ],
    newline: '\n',
    delimiter: ',',
    kept: ['name,email,note,x', 'b,b@x.com,ok,ok', '"c", c@x.com ,"fine, quoted",  spaced'],
    escaped: [`x"y,n\n'=HYPERLINK("http://evil.example`],
  },
  {
    name: 'cr-only',
    lines: ['name,email,note,x', 'a,a@x.com,"x"y,n', HYPERLINK, 'b,b@x.com,ok,ok'],
    newline: '\r',
    delimiter: ',',
    kept: ['name,email,note,x', 'b,b@x.com,ok,ok'],
    escaped: [`x"y,n\r'=HYPERLINK("http://evil.example`],
  },
  {
    name: 'semicolon-inside',
    lines: [
      'name,email,note',
      'a,a@x.com,a;=1+1',
      'b,b@x.com,"x;  @SUM(1)"',
      'c,c@x.com,plain;text',
      'd,d@x.com, =3+3',
      'e,e@x.com,"semi; colon"',
    ],
    newline: '\n',
    delimiter: ',',
    kept: ['name,email,note', 'c,c@x.com,plain;text', 'e,e@x.com,"semi; colon"'],
    escaped: ["a;'=1+1", "x;  '@SUM(1)", "' =3+3"],
  },
  {
    name: 'quote-inside-cell',
    lines: [
      'name,email,note,more,last',
      'a,a@x.com,x"y',
      '@SUM(1+1),z',
      'b,b@x.com,x"y,"z',
      '@SUM(2+2)",n',
      'c,c@x.com,say "hi","there',
      '+1 555",z',
      'd,d@x.com,ok,fine,end',
    ],
    newline: '\r\n',
    delimiter: ',',
    kept: ['name,email,note,more,last', 'd,d@x.com,ok,fine,end'],
    escaped: ['x"y', "'@SUM(1+1)", "z\r\n'@SUM(2+2)", 'say "hi"', "there\r\n'+1 555"],
  },
  {
    name: 'comma-in-semicolon-file',
    lines: [
      'name;email;note',
      'a;a@x.com;x,=1+1',
      'b;b@x.com;"q;=2+2"',
      'c;c@x.com;fine, thanks',
      'd;d@x.com;"x|-1"',
    ],
    newline: '\r\n',
    delimiter: ';',
    kept: ['name;email;note', 'c;c@x.com;fine, thanks'],
    escaped: ["x,'=1+1", "q;'=2+2", "x|'-1"],
  },
  {
    name: 'full-width-utf8',
    lines: ['name,email,note', 'Zoë,z@x.com,a;＝1+1', 'Jürgen,j@x.com,中文;ok'],
    newline: '\n',
    delimiter: ',',
    kept: ['name,email,note', 'Jürgen,j@x.com,中文;ok'],
    escaped: ["a;'＝1+1"],
  },
  {
    name: 'windows-1252',
    lines: ['name,email,note', 'Zoé,z@x.com,a;=2+2', 'Hélène,h@x.com,café;thé'],
    newline: '\r\n',
    delimiter: ',',
    latin1: true,
    kept: ['name,email,note', 'Hélène,h@x.com,café;thé'],
    escaped: ["a;'=2+2"],
  },
  {
    // Invisible characters before a trigger: a byte-order mark, no-break and ideographic
    // spaces, VT and FF (a NUL makes the file binary to the import; formula.test.ts has it).
    name: 'invisible',
    lines: [
      'name,email,note',
      'a,a@x.com,\uFEFF=HYPERLINK("http://evil.example")',
      'c,c@x.com,\u00A0+1',
      'd,d@x.com,x;\u3000@SUM(1)',
      'e,e@x.com,\u000B-1',
      'f,f@x.com,\u000C=2',
      'g,g@x.com,\u00A0plain',
    ],
    newline: '\n',
    delimiter: ',',
    kept: ['name,email,note', 'g,g@x.com,\u00A0plain'],
    escaped: [
      `'\uFEFF=HYPERLINK("http://evil.example")`,
      "'\u00A0+1",
      "x;\u3000'@SUM(1)",
      "'\u000B-1",
      "'\u000C=2",
    ],
  },
];

const SEPARATORS: Delimiter[] = [',', ';', '\t', '|'];
const READINGS: LibreOfficeReading[] = [
  { separator: ',', trimSpaces: false },
  { separator: ';', trimSpaces: false },
  { separator: ',', trimSpaces: true },
  { separator: ';', trimSpaces: true },
];

let dir: string;
const outputs = new Map<string, string>();

async function exportCase(c: Case, escapeFormulas: boolean): Promise<string> {
  const text = c.lines.join(c.newline) + c.newline;
  const path = join(dir, `${c.name}.csv`);
  await writeFile(path, Buffer.from(text, c.latin1 ? 'latin1' : 'utf8'));
  const workDir = join(dir, `${c.name}-${escapeFormulas}.work`);
  await mkdir(workDir);
  const list = await importList(path, { workDir });
  expect(list.delimiter).toBe(c.delimiter);
  expect(list.encoding).toBe(c.latin1 ? 'windows-1252' : 'utf-8');
  const destPath = join(dir, 'out', `${c.name}${escapeFormulas ? '' : '.raw'}.csv`);
  await exportList(list, () => ({ status: 'deliverable' }), { destPath, escapeFormulas });
  return destPath;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-formula-readers-'));
  await mkdir(join(dir, 'out'));
  for (const c of CASES) outputs.set(c.name, await exportCase(c, true));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const output = (c: Case): string => outputs.get(c.name) ?? '';

describe('an exported list, read by Python’s csv module', () => {
  beforeAll(() => requirePython());

  it.each(CASES)('$name: no cell starts a formula, whatever the separator', async (c) => {
    for (const delimiter of SEPARATORS) {
      for (const skipInitialSpace of [false, true]) {
        const rows = await pythonRows(output(c), delimiter, { skipInitialSpace });
        const running = rows.flat().filter((cell) => RUNS_AS_FORMULA.test(cell));
        expect(
          running,
          `${JSON.stringify(delimiter)}, skipinitialspace ${skipInitialSpace}`,
        ).toEqual([]);
      }
    }
  });

  it.each(CASES)(
    '$name: the escaped cells read back with a quote before the trigger',
    async (c) => {
      const cells = (await pythonRows(output(c), c.delimiter)).flat();
      for (const cell of c.escaped) expect(cells).toContain(cell);
    },
  );
});

describe('an exported list, opened by LibreOffice', () => {
  /** Every output opened each way, once for all the tests; each fails if this does. */
  let opened: Promise<Map<string, SheetCell[][]>>;
  beforeAll(() => {
    opened = (async () => {
      requireLibreOffice();
      const sheets = new Map<string, SheetCell[][]>();
      for (const [i, reading] of READINGS.entries()) {
        const outDir = join(dir, `opened-${i}`);
        await libreOfficeOpen([...outputs.values()], reading, outDir, join(dir, `profile-${i}`));
        for (const c of CASES) {
          sheets.set(`${i}:${c.name}`, await sheetCells(openedPath(outDir, output(c))));
        }
      }
      return sheets;
    })();
    opened.catch(() => undefined);
  });

  it.each(CASES)(
    '$name: no cell is a formula or starts one, with `,` or `;`, trimmed or not',
    async (c) => {
      const sheets = await opened;
      for (const [i, reading] of READINGS.entries()) {
        const cells = (sheets.get(`${i}:${c.name}`) ?? []).flat();
        // Read at all: the header is there, whatever the separator split.
        expect(cells[0]?.text.startsWith('name'), JSON.stringify(reading)).toBe(true);
        const formulas = cells.filter((cell) => cell.formula !== undefined);
        const running = cells.filter((cell) => RUNS_AS_FORMULA.test(cell.text));
        expect({ formulas, running }, JSON.stringify(reading)).toEqual({
          formulas: [],
          running: [],
        });
      }
    },
    180_000,
  );
});

describe('a header with a formula behind a second byte-order mark', () => {
  it('is escaped in an export without a byte-order mark', async () => {
    const path = join(dir, 'bom-header.csv');
    await writeFile(path, '\uFEFF\uFEFF=HYPERLINK("http://evil.example"),email\nx,a@x.com\n');
    const workDir = join(dir, 'bom-header.work');
    await mkdir(workDir);
    const list = await importList(path, { workDir });
    const destPath = join(dir, 'out', 'bom-header.csv');
    await exportList(list, () => ({ status: 'deliverable' }), { destPath });
    const bytes = await readFile(destPath);
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    requirePython();
    for (const delimiter of SEPARATORS) {
      const rows = await pythonRows(destPath, delimiter);
      expect(rows.flat().filter((cell) => RUNS_AS_FORMULA.test(cell))).toEqual([]);
    }
  });
});

describe('the harmless rows of the same files', () => {
  it.each(CASES)('$name: copied byte for byte, the status appended', async (c) => {
    const bytes = await readFile(output(c));
    const text = bytes.toString('utf8');
    const lines = text.split(c.newline);
    const status = (line: string) =>
      `${line}${c.delimiter}${line === c.kept[0] ? 'email_status' : 'deliverable'}`;
    for (const line of c.kept) expect(lines).toContain(status(line));
    expect(lines[0]).toBe(status(c.kept[0] ?? ''));
  });
});

describe('with formula escaping off', () => {
  it('copies every row as the file had it, a malformed quote included', async () => {
    const [c] = CASES;
    if (!c) throw new Error('no case');
    const text = await readFile(await exportCase(c, false), 'utf8');
    expect(text).toBe(
      [
        'name,email,note,x,email_status',
        `a,a@x.com,"x"y,n\n${HYPERLINK},deliverable`,
        'b,b@x.com,ok,ok,deliverable',
        '"c", c@x.com ,"fine, quoted",  spaced,deliverable',
        '',
      ].join('\n'),
    );
  });
});
