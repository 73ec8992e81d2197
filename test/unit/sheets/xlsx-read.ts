// The two readers the workbook writer's tests judge it by, independent of the
// writer: yauzl opens the zip and the SpreadsheetML is read as ECMA-376 says,
// and LibreOffice opens the whole workbook and saves every sheet as CSV.
import { execFile, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import yauzl from 'yauzl';

/** Every entry of the zip as text, by name. */
export async function unzip(path: string): Promise<Map<string, string>> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true });
  const parts = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    parts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  zip.close();
  return parts;
}

export function part(parts: Map<string, string>, name: string): string {
  const text = parts.get(name);
  if (text === undefined) throw new Error(`${name} is missing from the zip`);
  return text;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#13': '\r' };

/** Text as a reader of ECMA-376 sees it: XML entities, then ST_Xstring's `_xHHHH_`. */
export function decode(xml: string): string {
  return xml
    .replace(/&(amp|lt|gt|quot|#13);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface Cell {
  style: string | undefined;
  type: 'n' | 'inlineStr';
  text: string;
}

const CELL =
  /<c r="([A-Z]+\d+)"(?: s="(\d+)")?( t="inlineStr")?>(?:<v>([^<]*)<\/v>|<is><t xml:space="preserve">([^<]*)<\/t><\/is>)<\/c>/g;

/** The cells of a worksheet by reference ("B2"); throws on any cell it cannot read. */
export function cellsOf(sheetXml: string): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  for (const m of sheetXml.matchAll(CELL)) {
    const [, ref = '', style, inline, value, text] = m;
    cells.set(ref, { style, type: inline ? 'inlineStr' : 'n', text: decode(value ?? text ?? '') });
  }
  const written = sheetXml.match(/<c /g)?.length ?? 0;
  if (written !== cells.size) throw new Error(`read ${cells.size} of ${written} cells`);
  return cells;
}

export function cell(cells: Map<string, Cell>, ref: string): Cell {
  const found = cells.get(ref);
  if (!found) throw new Error(`no cell ${ref}`);
  return found;
}

/** LibreOffice's CSV export: comma, '"', UTF-8, from line 1, en-US numbers, every sheet (7.2+). */
const CSV_FILTER =
  'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,true,false,false,false,-1';

/** Fails, with what to install, unless LibreOffice 7.2 or later runs here. */
export function requireLibreOffice(): void {
  const probe = spawnSync('soffice', ['--version'], { encoding: 'utf8', timeout: 60_000 });
  const version = /LibreOffice (\d+)\.(\d+)/.exec(probe.stdout ?? '');
  if (probe.error || probe.status !== 0 || !version) {
    throw new Error(
      'LibreOffice is needed to read the workbooks back and `soffice` does not run here ' +
        `(${probe.error?.message ?? probe.stderr}). Install it: apt-get install libreoffice-calc-nogui`,
    );
  }
  const [major, minor] = [Number(version[1]), Number(version[2])];
  if (major < 7 || (major === 7 && minor < 2)) {
    throw new Error(`LibreOffice ${major}.${minor} cannot save every sheet as CSV; 7.2+ is needed`);
  }
}

/**
 * Saves each sheet of each workbook as `<outDir>/<file name>-<sheet name>.csv`.
 * `profileDir` is LibreOffice's own, so parallel runs and a user's open
 * LibreOffice never meet.
 */
export async function libreOfficeCsv(paths: string[], outDir: string, profileDir: string) {
  const profile = pathToFileURL(profileDir).href;
  const args = [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', CSV_FILTER];
  await promisify(execFile)('soffice', [...args, '--outdir', outDir, ...paths], {
    timeout: 150_000,
  });
}

export async function readCsv(path: string): Promise<string[][]> {
  return Papa.parse<string[]>(await readFile(path, 'utf8'), { skipEmptyLines: true }).data;
}
