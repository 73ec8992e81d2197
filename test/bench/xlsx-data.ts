// The xlsx benchmark's input: a marketing workbook as Excel and LibreOffice
// save one: every text cell a shared string (t="s"), each distinct text once in
// xl/sharedStrings.xml (the header and the small pools of names, companies and
// cities first, then the addresses in the order they are met), a date column
// as serial numbers under a date style, and an integer column. The addresses
// are lists-data.ts's, with about 1% repeated and 1% invalid. Deterministic,
// so every run reads the same workbook; written streaming, never held whole.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import { addressOf, random } from './lists-data';

export const HEADER = [
  'Email',
  'First name',
  'Last name',
  'Company',
  'City',
  'Signed up',
  'Orders',
] as const;

const FIRST = ['Anne', 'Bruno', 'Chloé', 'Dmitri', 'Emma', 'François', 'Grace', 'Hiro'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Smith', 'García', 'Müller', 'Rossi', 'Tanaka'];
const COMPANY = ['Acme Inc', 'Globex, Ltd', 'Initech', 'Umbrella Corp', 'Stark & Sons'];
const CITY = ['Paris', 'Lyon', 'Berlin', 'London', 'Madrid', 'Tokyo', 'Zürich', 'New York'];
const DOMAIN = ['gmail.com', 'yahoo.com', 'outlook.com', 'example.org'];

/** 2023-01-01 as an Excel serial (days since 1899-12-30), and the span of sign-up days. */
const FIRST_DAY = 44927;
const DAYS = 1000;

export interface SheetRow {
  email: string;
  /** addressOf(i), distinct; an earlier row's address written differently; not an address. */
  kind: 'address' | 'repeat' | 'invalid';
  first: string;
  last: string;
  company: string;
  city: string;
  /** The sign-up day as an Excel date serial. */
  signedUp: number;
  orders: number;
}

/** The workbook's data rows, in order; the same on every call. */
export function* workbookRows(count: number): Generator<SheetRow> {
  const next = random(20261709);
  const pick = (list: readonly string[]): string => list[Math.floor(next() * list.length)] ?? '';
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const roll = next();
    let email: string;
    let kind: SheetRow['kind'];
    if (roll < 0.01 && i > 0) {
      // A repeat of an earlier row, written differently as people do (case, spaces).
      email = ` ${addressOf(Math.floor(next() * i)).toUpperCase()}`;
      kind = 'repeat';
    } else if (roll < 0.02) {
      email = `${first.toLowerCase()}.${last.toLowerCase()} at ${pick(DOMAIN)}`;
      kind = 'invalid';
    } else {
      email = addressOf(i);
      kind = 'address';
    }
    const company = pick(COMPANY);
    const city = pick(CITY);
    const signedUp = FIRST_DAY + Math.floor(next() * DAYS);
    const orders = Math.floor(next() * next() * 40);
    yield { email, kind, first, last, company, city, signedUp, orders };
  }
}

const dayTexts: string[] = [];
/** A serial as the date style shows it (yyyy-mm-dd). */
export function dateText(serial: number): string {
  const at = serial - FIRST_DAY;
  return (dayTexts[at] ??= new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000)
    .toISOString()
    .slice(0, 10));
}

/** A row's cells as the workbook shows them (what the import reads and the export writes). */
export const cellsOf = (row: SheetRow): string[] => [
  row.email,
  row.first,
  row.last,
  row.company,
  row.city,
  dateText(row.signedUp),
  String(row.orders),
];

/**
 * The shared strings' numbering, deduplicated as Excel does: the header and
 * the pools first, then each row's address the first time it is met. Only the
 * repeated and invalid addresses, a few thousand, are remembered: every other
 * address is new by construction (addressOf is distinct per row).
 */
class SharedStrings {
  private readonly pool = new Map<string, number>();
  private readonly seen = new Map<string, number>();
  readonly fixed: string[];
  count: number;
  /** The last address given was new: it is the table's next entry. */
  added = false;

  constructor() {
    this.fixed = [...new Set([...HEADER, ...FIRST, ...LAST, ...COMPANY, ...CITY])];
    for (const [i, text] of this.fixed.entries()) this.pool.set(text, i);
    this.count = this.fixed.length;
  }

  of(text: string): number {
    const index = this.pool.get(text);
    if (index === undefined) throw new Error(`${text} is not in the pools`);
    return index;
  }

  email(row: SheetRow): number {
    if (row.kind !== 'address') {
      const known = this.seen.get(row.email);
      this.added = known === undefined;
      if (known !== undefined) return known;
      this.seen.set(row.email, this.count);
    }
    this.added = true;
    return this.count++;
  }
}

const escapeXml = (text: string): string =>
  /[&<>]/.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    : text;

/** A shared string entry; leading or trailing spaces kept as Excel keeps them. */
const si = (text: string): string =>
  text.trim() === text
    ? `<si><t>${escapeXml(text)}</t></si>`
    : `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES = `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${CT}.sharedStrings+xml"/></Types>`;

const ROOT_RELS = `${DECL}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK = `${DECL}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr defaultThemeVersion="164011"/><bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews><sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets><calcPr calcId="191029"/></workbook>`;

const WORKBOOK_RELS = `${DECL}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

// Style 1: the date format Excel adds as numFmt 164 for yyyy-mm-dd.
const STYLES = `${DECL}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><fonts count="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const COLS = 'ABCDEFG';

/** An entry of the zip fed through a stream, which yazl reads once the entries before it are done. */
function streamEntry(zip: yazl.ZipFile, name: string, mtime: Date) {
  const stream = new PassThrough({ highWaterMark: 4 << 20 });
  zip.addReadStream(stream, name, { compress: true, mtime });
  let chunk = '';
  return {
    async write(text: string): Promise<void> {
      chunk += text;
      if (chunk.length < 1 << 20) return;
      const full = chunk;
      chunk = '';
      if (!stream.write(full)) await once(stream, 'drain');
    },
    end(text: string): Promise<void> {
      stream.end(chunk + text);
      chunk = '';
      return once(stream, 'end').then(() => undefined);
    },
  };
}

export interface GeneratedWorkbook {
  rows: number;
  bytes: number;
  /** Entries of the shared strings table. */
  sharedStrings: number;
}

/** Writes the workbook; the rows are generated twice (the sheet's indices, then the table). */
export async function generateMarketingXlsx(
  path: string,
  rows: number,
): Promise<GeneratedWorkbook> {
  const zip = new yazl.ZipFile();
  const out = createWriteStream(path);
  const closed = once(out, 'close');
  zip.outputStream.pipe(out);
  const mtime = new Date(Date.UTC(2026, 0, 1));
  const text = (name: string, xml: string) =>
    zip.addBuffer(Buffer.from(xml, 'utf8'), name, { compress: true, mtime });
  text('[Content_Types].xml', CONTENT_TYPES);
  text('_rels/.rels', ROOT_RELS);
  text('xl/workbook.xml', WORKBOOK);
  text('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  text('xl/styles.xml', STYLES);

  // The sheet first, as Excel orders its parts: it numbers the strings.
  const sheet = streamEntry(zip, 'xl/worksheets/sheet1.xml', mtime);
  const table = streamEntry(zip, 'xl/sharedStrings.xml', mtime);
  const strings = new SharedStrings();
  await sheet.write(
    `${DECL}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><dimension ref="A1:G${rows + 1}"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="1" width="34" customWidth="1"/><col min="2" max="7" width="14" customWidth="1"/></cols><sheetData>`,
  );
  let header = '<row r="1" spans="1:7">';
  for (const [c, title] of HEADER.entries()) {
    header += `<c r="${COLS[c]}1" t="s"><v>${strings.of(title)}</v></c>`;
  }
  await sheet.write(`${header}</row>`);
  let r = 1;
  for (const row of workbookRows(rows)) {
    r += 1;
    await sheet.write(
      `<row r="${r}" spans="1:7"><c r="A${r}" t="s"><v>${strings.email(row)}</v></c><c r="B${r}" t="s"><v>${strings.of(row.first)}</v></c><c r="C${r}" t="s"><v>${strings.of(row.last)}</v></c><c r="D${r}" t="s"><v>${strings.of(row.company)}</v></c><c r="E${r}" t="s"><v>${strings.of(row.city)}</v></c><c r="F${r}" s="1"><v>${row.signedUp}</v></c><c r="G${r}"><v>${row.orders}</v></c></row>`,
    );
  }
  const sheetDone = sheet.end(
    '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>',
  );
  zip.end();

  // The table: the same rows again, each address written the first time it is met.
  const unique = strings.count;
  const again = new SharedStrings();
  await sheetDone;
  await table.write(
    `${DECL}<sst xmlns="${MAIN}" count="${(rows + 1) * 5 + 2}" uniqueCount="${unique}">`,
  );
  for (const fixed of again.fixed) await table.write(si(fixed));
  for (const row of workbookRows(rows)) {
    again.email(row);
    if (again.added) await table.write(si(row.email));
  }
  if (again.count !== unique) throw new Error('the shared strings differ between the passes');
  await table.end('</sst>');
  await closed;
  return { rows, bytes: (await stat(path)).size, sharedStrings: unique };
}
