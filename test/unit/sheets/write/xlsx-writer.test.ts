// The streaming workbook writer, judged by reading its files back twice: the
// zip opened with yauzl and its SpreadsheetML read as written, and the whole
// workbook opened by LibreOffice and saved as CSV, every sheet, to see the
// cells a spreadsheet shows. LibreOffice must be installed (CI installs
// Debian's libreoffice-calc-nogui): without it these tests fail, they never skip.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  columnLetters,
  continuationName,
  sheetName,
} from '../../../../electron/sheets/write/xlsx-cells';
import {
  createBareXlsxWriter,
  createXlsxWriter,
  type StatusTone,
  type XlsxWriterOptions,
} from '../../../../electron/sheets/write/xlsx-writer';
import {
  cell,
  cellsOf,
  libreOfficeCsv,
  part,
  readCsv,
  requireLibreOffice,
  unzip,
} from '../xlsx-read';

type Row = [string[], StatusTone | null];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-xlsx-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function writeBook(
  name: string,
  header: string[],
  rows: Row[],
  more: Partial<XlsxWriterOptions> = {},
) {
  const path = join(dir, `${name.replace(/[^\w.-]+/g, '_')}.xlsx`);
  const options = { path, sheetName: name, header, toneColumn: header.length - 1, ...more };
  const writer = createXlsxWriter(options);
  for (const [cells, tone] of rows) await writer.addRow(cells, tone);
  return { path, result: await writer.finish() };
}

const HEADER = ['email', 'name', 'note', 'zip', 'amount', 'email_status'];
// prettier-ignore
const ROWS: Row[] = [
  [['zoe@example.com', 'Zoë Ærøskøbing', '日本語のメモ 😀', '00123', '42', 'deliverable'], 'good'],
  [['q@example.com', '"Quoted", with comma', 'line one\nline two', '02134', '-1.5', 'undeliverable'], 'bad'],
  [['f@example.com', '=1+1', '+44 20 7946 0958', '-2+3', '@SUM(A1)', 'risky'], 'unsure'],
  [['ctl@example.com', 'tab\there', 'bell\u0007 and _x0041_ kept', '007', '3.25', 'unknown'], 'muted'],
  [['crlf@example.com', 'a\r\nb', '  padded  ', '10001', '447911123456', 'deliverable'], 'good'],
  [['e@example.com', '', '', '', '0', ''], null],
  [['amp@example.com', "A & B <c> 'd'", 'x'.repeat(40_000), '1,5', 'TRUE', 'duplicate'], 'muted'],
];

describe('the workbook, read back from the zip', () => {
  it('has every part, sheets split at maxRowsPerSheet with the header repeated, frozen and filtered', async () => {
    const { path, result } = await writeBook('Split list', HEADER, ROWS, { maxRowsPerSheet: 5 });
    expect(result).toEqual({ sheets: ['Split list', 'Split list (2)'], rows: 7 });
    const parts = await unzip(path);
    expect([...parts.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/app.xml',
      'docProps/core.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    const types = part(parts, '[Content_Types].xml');
    expect(types).toContain('PartName="/xl/worksheets/sheet2.xml"');
    const workbook = part(parts, 'xl/workbook.xml');
    expect(workbook).toContain('<sheet name="Split list (2)" sheetId="2" r:id="rId2"/>');
    expect(workbook).toContain(
      `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'Split list'!$A$1:$F$5</definedName>`,
    );
    expect(workbook).toContain(`localSheetId="1" hidden="1">'Split list (2)'!$A$1:$F$4<`);
    expect(part(parts, 'xl/_rels/workbook.xml.rels')).toContain('Target="worksheets/sheet2.xml"');

    const first = part(parts, 'xl/worksheets/sheet1.xml');
    const second = part(parts, 'xl/worksheets/sheet2.xml');
    const frozen =
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>';
    for (const [xml, lastRow] of [
      [first, 5],
      [second, 4],
    ] as const) {
      expect(xml).toContain(frozen);
      expect(xml).toContain(`</sheetData><autoFilter ref="A1:F${lastRow}"/>`);
      expect(xml.match(/<row /g)).toHaveLength(lastRow);
      const cells = cellsOf(xml);
      const header = HEADER.map((_, i) => cell(cells, `${'ABCDEF'[i]}1`));
      expect(header).toEqual(HEADER.map((text) => ({ style: '1', type: 'inlineStr', text })));
    }
    expect(cell(cellsOf(second), 'A2').text).toBe('crlf@example.com');
    // Widths from the header and the first rows, clamped to 8..60, the same on every sheet.
    const widths = [...first.matchAll(/<col min="\d+" max="\d+" width="(\d+)"/g)].map((m) => m[1]);
    expect(widths).toEqual(['17', '21', '60', '8', '13', '16']);
    expect(second).toContain(first.slice(first.indexOf('<cols>'), first.indexOf('</cols>')));
  });

  it('writes canonical numbers as numbers and everything else, formulas included, as text', async () => {
    const numbers = ['42', '-1.5', '0', '1e+21', '0.1', '447911123456'];
    // prettier-ignore
    const texts = ['00123', '1.0', '+1', '-0', ' 7', '1,5', '=1+1', '-2+3', '@SUM(A1)', '+A1', 'Infinity', 'NaN', '12345678901234567', '0x10'];
    const all = [...numbers, ...texts];
    const header = all.map((_, i) => `c${i}`);
    const { path } = await writeBook('numbers', header, [[all, null]], { toneColumn: -1 });
    const xml = part(await unzip(path), 'xl/worksheets/sheet1.xml');
    expect(xml).not.toMatch(/<f[ >]/);
    const cells = cellsOf(xml);
    const row = all.map((_, i) => cell(cells, `${columnLetters(i)}2`));
    expect(row.map((c) => c.text)).toEqual(all);
    expect(row.map((c) => c.type)).toEqual([
      ...numbers.map(() => 'n'),
      ...texts.map(() => 'inlineStr'),
    ]);
    // Past 11 digits Excel's General format shows 4.47911E+11: the "0" format keeps the digits.
    expect(row.map((c) => c.style ?? '-').join('')).toBe('-----6' + '-'.repeat(texts.length));
  });

  it('escapes markup, controls, lone surrogates and literal _xHHHH_ so the text comes back exactly', async () => {
    const texts = [
      'a & b < c > d "e"',
      'nul\u0000 bell\u0007 vt\u000b esc\u001b del\u007f',
      'crlf\r\nlf\ntab\t',
      'literal _x0041_ and _x005F_ and _xZZZZ_ and _x12_',
      'pair 😀 lone high \ud83d! lone low \ude00!',
      'nonchars \ufffe\uffff end',
    ];
    const rows = texts.map((t): Row => [[t], null]);
    const { path } = await writeBook('escapes', ['text'], rows);
    const xml = part(await unzip(path), 'xl/worksheets/sheet1.xml');
    // Nothing XML 1.0 forbids, and no bare CR (a parser would read it as LF).
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(xml).not.toMatch(/[\0-\x08\x0b\x0c\x0e-\x1f\r\ufffe\uffff]/);
    expect(xml).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
    expect(xml).toContain('literal _x005F_x0041_ and _x005F_x005F_ and _xZZZZ_ and _x12_');
    expect(xml).toContain('nul_x0000_ bell_x0007_ vt_x000B_ esc_x001B_ del\u007f');
    const cells = cellsOf(xml);
    texts.forEach((t, i) => expect(cell(cells, `A${i + 2}`).text).toBe(t));
  });

  it("cuts a cell at Excel's 32,767 characters, never inside a surrogate pair", async () => {
    const long = 'x'.repeat(40_000);
    const paired = 'y'.repeat(32_766) + '😀' + 'z';
    const { path } = await writeBook('long', ['a', 'b'], [[[long, paired], null]], {
      toneColumn: -1,
    });
    const cells = cellsOf(part(await unzip(path), 'xl/worksheets/sheet1.xml'));
    expect(cell(cells, 'A2').text).toBe('x'.repeat(32_767));
    expect(cell(cells, 'B2').text).toBe('y'.repeat(32_766));
  });

  it('styles the header and each tone of the status column, and defines those styles', async () => {
    const { path } = await writeBook('tones', HEADER, ROWS.slice(0, 6));
    const parts = await unzip(path);
    const cells = cellsOf(part(parts, 'xl/worksheets/sheet1.xml'));
    const tonesShown = ['F2', 'F3', 'F4', 'F5', 'F6'].map((ref) => cell(cells, ref).style);
    expect(tonesShown.join('')).toBe('23452');
    expect(cells.has('F7')).toBe(false); // empty cells are left out
    expect(cell(cells, 'A2').style).toBeUndefined();
    const styles = part(parts, 'xl/styles.xml');
    expect(styles).toContain(
      '<fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>',
    );
    const xfs = [
      ...(styles.match(/<cellXfs count="7">(.*)<\/cellXfs>/)?.[1] ?? '').matchAll(/<xf [^>]*\/>/g),
    ];
    expect(xfs).toHaveLength(7);
    const fills = [...styles.matchAll(/<fill>.*?<\/fill>/g)].map((m) => m[0]);
    const fonts = [...styles.matchAll(/<font>.*?<\/font>/g)].map((m) => m[0]);
    const look = (xfIndex: number) => {
      const xf = xfs[xfIndex]?.[0] ?? '';
      const id = (name: string) => Number(xf.match(new RegExp(`${name}="(\\d+)"`))?.[1]);
      return { fill: fills[id('fillId')], font: fonts[id('fontId')], border: id('borderId') };
    };
    expect(look(1).font).toContain('<b/>');
    expect(look(1).fill).toContain('F2F2F2');
    expect(look(1).border).toBe(1);
    const tones = [
      ['C6EFCE', '006100'],
      ['FFC7CE', '9C0006'],
      ['FFEB9C', '9C5700'],
      ['EDEDED', '595959'],
    ];
    tones.forEach(([fill, font], i) => {
      expect(look(2 + i).fill).toContain(`FF${fill}`);
      expect(look(2 + i).font).toContain(`FF${font}`);
    });
  });

  it('writes a list with no rows as a header with its filter', async () => {
    const { path, result } = await writeBook('empty', HEADER, []);
    expect(result).toEqual({ sheets: ['empty'], rows: 0 });
    const xml = part(await unzip(path), 'xl/worksheets/sheet1.xml');
    expect(xml).toContain('<autoFilter ref="A1:F1"/>');
    expect(cellsOf(xml).size).toBe(6);
  });

  it('keeps cells past the header in their own columns', async () => {
    const { path } = await writeBook('wide', ['a', 'b'], [[['1', '', 'x', 'y'], null]], {
      toneColumn: -1,
    });
    const cells = cellsOf(part(await unzip(path), 'xl/worksheets/sheet1.xml'));
    expect([...cells.keys()]).toEqual(['A1', 'B1', 'A2', 'C2', 'D2']);
  });
});

describe('sheet names', () => {
  it('follows Excel: 31 characters, no []:*?/\\, not blank, no outer apostrophes, not History', () => {
    expect(sheetName(" 'a[b]:c*d?e/f\\g' ")).toBe('a_b__c_d_e_f_g');
    expect(sheetName('x'.repeat(40))).toBe('x'.repeat(31));
    expect(sheetName('x'.repeat(30) + '😀')).toBe('x'.repeat(30));
    expect(sheetName("  ''  ")).toBe('Sheet');
    expect(sheetName('History')).toBe('History_');
    expect(sheetName('tab\there')).toBe('tab_here');
  });

  it('numbers continuation sheets within 31 characters, unique', () => {
    const base = 'y'.repeat(31);
    expect(continuationName(base, 2, new Set([base]))).toBe('y'.repeat(27) + ' (2)');
    const tricky = 'z'.repeat(27) + ' (2)';
    expect(continuationName(tricky, 2, new Set([tricky.toLowerCase()]))).toBe(
      'z'.repeat(27) + ' (3)',
    );
  });

  it('are what finish() reports and the workbook holds', async () => {
    const rows: Row[] = Array.from({ length: 3 }, (_, i) => [[`r${i}`], null]);
    const { path, result } = await writeBook('Q3 [final]: "leads" & co/2024', ['a'], rows, {
      maxRowsPerSheet: 2,
    });
    expect(result.sheets).toEqual([
      'Q3 _final__ "leads" & co_2024',
      'Q3 _final__ "leads" & co_20 (2)',
      'Q3 _final__ "leads" & co_20 (3)',
    ]);
    const workbook = part(await unzip(path), 'xl/workbook.xml');
    expect(workbook).toContain(
      '<sheet name="Q3 _final__ &quot;leads&quot; &amp; co_2024" sheetId="1"',
    );
  });
});

/** What a spreadsheet shows for a written cell: cut at 32,767; LibreOffice keeps line breaks as LF. */
function shown(text: string): string {
  return text.slice(0, 32_767).replace(/\r\n/g, '\n');
}

describe('the workbook, opened by LibreOffice', () => {
  const bareRows = ROWS.slice(0, 3);
  /** Both workbooks saved as CSV, once for both tests; each test fails if this does. */
  let converted: Promise<string>;

  beforeAll(() => {
    converted = (async () => {
      requireLibreOffice();
      const out = join(dir, 'csv');
      const { path } = await writeBook('lo', HEADER, ROWS, { maxRowsPerSheet: 4 });
      const barePath = join(dir, 'bare-lo.xlsx');
      const bare = createBareXlsxWriter({ path: barePath, header: HEADER });
      for (const [cells] of bareRows) await bare.addRow(cells, null);
      await bare.finish();
      await libreOfficeCsv([path, barePath], out, join(dir, 'libreoffice-profile'));
      return out;
    })();
    converted.catch(() => undefined);
  });

  it('shows every cell of every sheet as written, the header on each sheet', async () => {
    const out = await converted;
    const sheets = [ROWS.slice(0, 3), ROWS.slice(3, 6), ROWS.slice(6)];
    const names = ['lo', 'lo (2)', 'lo (3)'];
    for (const [i, rows] of sheets.entries()) {
      const expected = [HEADER, ...rows.map(([cells]) => cells.map(shown))];
      expect(await readCsv(join(out, `lo-${names[i]}.csv`)), names[i]).toEqual(expected);
    }
  }, 180_000);

  it('opens the bare writer’s workbook too', async () => {
    const expected = [HEADER, ...bareRows.map(([cells]) => cells.map(shown))];
    expect(await readCsv(join(await converted, 'bare-lo-Sheet1.csv'))).toEqual(expected);
  }, 180_000);
});

describe('streaming and failures', () => {
  it('asks the caller to wait only now and then, and writes large lists whole', async () => {
    const path = join(dir, 'many.xlsx');
    const writer = createXlsxWriter({
      path,
      sheetName: 'many',
      header: ['a', 'b', 'c'],
      toneColumn: 2,
    });
    let waits = 0;
    const rows = 60_000;
    for (let i = 0; i < rows; i++) {
      const pending = writer.addRow(
        [`person${i}@example.com`, 'Some Name '.repeat(5), 'deliverable'],
        'good',
      );
      if (pending) {
        waits++;
        await pending;
      }
    }
    expect(await writer.finish()).toEqual({ sheets: ['many'], rows });
    expect(waits).toBeGreaterThan(0);
    expect(waits).toBeLessThan(rows / 500);
    const xml = part(await unzip(path), 'xl/worksheets/sheet1.xml');
    expect(xml).toContain(
      `<row r="${rows + 1}"><c r="A${rows + 1}" t="inlineStr"><is><t xml:space="preserve">person${rows - 1}@`,
    );
  });

  it('rejects with the original error when the folder does not exist, and abort() cleans up', async () => {
    const path = join(dir, 'no-such-folder', 'out.xlsx');
    const writer = createXlsxWriter({ path, sheetName: 's', header: ['a'], toneColumn: -1 });
    await writer.addRow(['x'], null);
    await expect(writer.finish()).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(writer.abort()).resolves.toBeUndefined();
    await expect(Promise.resolve(writer.addRow(['y'], null))).rejects.toThrow();
  });

  it.runIf(existsSync('/dev/full'))('rejects with ENOSPC when the disk is full', async () => {
    const writer = createXlsxWriter({
      path: '/dev/full',
      sheetName: 's',
      header: ['a'],
      toneColumn: -1,
    });
    const failed = (async () => {
      for (let i = 0; i < 100_000; i++) await writer.addRow([`row ${i} `.repeat(10)], null);
      await writer.finish();
    })();
    await expect(failed).rejects.toMatchObject({ code: 'ENOSPC' });
  });

  it('abort() stops a writer midway, even one waiting, deletes the file, and may be called again', async () => {
    const path = join(dir, 'aborted.xlsx');
    const writer = createXlsxWriter({ path, sheetName: 's', header: ['a'], toneColumn: -1 });
    for (let i = 0; i < 50_000; i++) await writer.addRow([`row ${i} `.repeat(5)], null);
    // Some of the zip reaches the disk (addRow returns before it does).
    await vi.waitFor(async () => expect((await stat(path)).size).toBeGreaterThan(0));
    let waiting: Promise<void> | void = undefined;
    for (let i = 0; !waiting; i++) waiting = writer.addRow([`more ${i} `.repeat(5)], null);
    const stopped = expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    await writer.abort();
    await stopped;
    await writer.abort();
    expect(existsSync(path)).toBe(false);
    await expect(writer.finish()).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the bare writer', () => {
  it('writes plain inline strings in one sheet, no styles', async () => {
    const path = join(dir, 'bare.xlsx');
    const writer = createBareXlsxWriter({ path, header: ['a', 'b'] });
    await writer.addRow(['42', 'x & y'], null);
    await writer.addRow(['', '=1+1'], null);
    expect(await writer.finish()).toEqual({ sheets: ['Sheet1'], rows: 2 });
    const parts = await unzip(path);
    expect(parts.has('xl/styles.xml')).toBe(false);
    const xml = part(parts, 'xl/worksheets/sheet1.xml');
    expect(xml).not.toMatch(/<autoFilter|<pane| s="/);
    expect(xml).toContain(
      '<row r="2"><c r="A2" t="inlineStr"><is><t>42</t></is></c><c r="B2" t="inlineStr"><is><t>x &amp; y</t></is></c></row>',
    );
    expect(xml).toContain('<row r="3"><c r="B3" t="inlineStr"><is><t>=1+1</t></is></c></row>');
  });
});
