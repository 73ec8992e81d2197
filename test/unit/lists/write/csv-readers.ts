// Two readers of the CSV files the export writes, independent of the app and
// of papaparse: Python's csv module, and LibreOffice Calc opening the file
// with its CSV filter (formulas evaluated, as a spreadsheet opens it) and
// saving it as a flat OpenDocument spreadsheet, whose cells say which are
// formulas. Either can be told a separator other than the file's, as a
// reader in another locale would use.
import { execFile, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A cell that some spreadsheet would run: a trigger first, or after the white space it may drop. */
// White space, controls and default ignorables before a trigger count too (issue 46).
export const RUNS_AS_FORMULA =
  /^[\t\r\n]|^[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B\uFB29]/u;

/** Fails, with what to install, unless Python 3 runs here. */
export function requirePython(): void {
  const probe = spawnSync('python3', ['-c', 'import csv, json'], { timeout: 60_000 });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Python 3 is needed to read the exported CSV files back and `python3` does not run here ' +
        `(${probe.error?.message ?? String(probe.stderr)}). Install it: apt-get install python3`,
    );
  }
}

const PYTHON_READER = `
import csv, json, sys
with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
    rows = list(csv.reader(f, delimiter=sys.argv[2], skipinitialspace=sys.argv[3] == 'yes'))
sys.stdout.write(json.dumps(rows))
`;

/** The rows of the file as Python's csv.reader gives them with this delimiter. */
export async function pythonRows(
  path: string,
  delimiter: string,
  options: { skipInitialSpace?: boolean } = {},
): Promise<string[][]> {
  const space = options.skipInitialSpace ? 'yes' : 'no';
  const { stdout } = await run('python3', ['-c', PYTHON_READER, path, delimiter, space], {
    timeout: 60_000,
  });
  return JSON.parse(stdout) as string[][];
}

export interface SheetCell {
  /** The cell's formula, when LibreOffice made it one. */
  formula: string | undefined;
  /** What the cell shows, its paragraphs joined by LF. */
  text: string;
}

export interface LibreOfficeReading {
  /** The field separator LibreOffice is told: one character. */
  separator: string;
  /** Its "Trim spaces" option: white space around each field is dropped. */
  trimSpaces: boolean;
}

/**
 * LibreOffice's CSV import: the separator, `"` as the text delimiter, UTF-8,
 * from line 1, en-US, quoted fields not forced to text, special numbers
 * detected, the trim option, and formulas evaluated (the 13th field, 7.3+).
 */
function csvImportFilter({ separator, trimSpaces }: LibreOfficeReading): string {
  const fields = [separator.charCodeAt(0), 34, 76, 1, '', 1033, false, true, false, false];
  return `Text - txt - csv (StarCalc):${[...fields, trimSpaces, -1, true].join(',')}`;
}

/**
 * Opens each CSV file in LibreOffice as `reading` says and saves it as
 * `<outDir>/<name>.fods`. `profileDir` is LibreOffice's own, so parallel
 * runs and a user's open LibreOffice never meet.
 */
export async function libreOfficeOpen(
  paths: string[],
  reading: LibreOfficeReading,
  outDir: string,
  profileDir: string,
): Promise<void> {
  const args = [
    `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
    '--headless',
    `--infilter=${csvImportFilter(reading)}`,
    '--convert-to',
    'fods',
    '--outdir',
    outDir,
  ];
  await run('soffice', [...args, ...paths], { timeout: 150_000 });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A paragraph's text as OpenDocument writes it: spaces, tabs and breaks are elements. */
function paragraphText(xml: string): string {
  return xml
    .replace(/<text:s text:c="(\d+)"\/>/g, (_, n: string) => ' '.repeat(Number(n)))
    .replace(/<text:s\/>/g, ' ')
    .replace(/<text:tab\/>/g, '\t')
    .replace(/<text:line-break\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-fA-F]+);/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
}

const ROW = /<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g;
const CELL = /<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g;
const PARAGRAPH = /<text:p\b[^>]*?(?:\/>|>([\s\S]*?)<\/text:p>)/g;

/** The cells of the first sheet of a flat OpenDocument spreadsheet, row by row. */
export async function sheetCells(fodsPath: string): Promise<SheetCell[][]> {
  const xml = await readFile(fodsPath, 'utf8');
  const body = xml.slice(xml.indexOf('<office:body>'));
  const rows: SheetCell[][] = [];
  for (const [, rowXml = ''] of body.matchAll(ROW)) {
    const cells: SheetCell[] = [];
    for (const [, attributes = '', content = ''] of rowXml.matchAll(CELL)) {
      const formula = /\btable:formula="([^"]*)"/.exec(attributes)?.[1];
      const paragraphs = [...content.matchAll(PARAGRAPH)].map(([, p = '']) => paragraphText(p));
      cells.push({ formula, text: paragraphs.join('\n') });
    }
    rows.push(cells);
  }
  return rows;
}

/** Where libreOfficeOpen saved a file. */
export function openedPath(outDir: string, csvPath: string): string {
  return join(outDir, `${basename(csvPath, extname(csvPath))}.fods`);
}
