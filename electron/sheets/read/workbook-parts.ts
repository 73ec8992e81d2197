// What a workbook says about itself before any sheet is read: its sheets
// (names, hidden or not, where each one's XML is), its date system, and the
// number format of every cell style, so a cell can be shown as Excel shows it.
import { builtInFormat } from './cell-text';
import { parseSmallPart, readRelationships, relationshipId, type ZipParts } from './zip-parts';

export interface SheetPart {
  /** 0-based, in the workbook's order. */
  index: number;
  name: string;
  /** Hidden or "very hidden" (only a macro can show it). */
  hidden: boolean;
  /** The sheet's XML part, e.g. xl/worksheets/sheet1.xml; null for a chart sheet. */
  part: string | null;
}

export interface WorkbookParts {
  sheets: SheetPart[];
  /** The Mac's old date system: serial 0 is 1904-01-01. */
  date1904: boolean;
  /** Number format pattern of each cell style index (cellXfs), "General" when none. */
  formats: string[];
  /** The shared strings part, if the workbook has one. */
  sharedStrings: string | null;
}

export async function readWorkbookParts(parts: ZipParts): Promise<WorkbookParts> {
  const main = await findWorkbookPart(parts);
  if (!main) throw new Error('it has no workbook part');
  const rels = await readRelationships(parts, main);
  const sheets: SheetPart[] = [];
  let date1904 = false;
  await parseSmallPart(parts, main, {
    open(name, attrs) {
      if (name === 'workbookPr') {
        date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
      } else if (name === 'sheet') {
        const id = relationshipId(attrs);
        const rel = id ? rels.get(id) : undefined;
        sheets.push({
          index: sheets.length,
          name: attrs.name ?? `Sheet${sheets.length + 1}`,
          hidden: attrs.state === 'hidden' || attrs.state === 'veryHidden',
          part: rel && !rel.external && /worksheets?\//i.test(rel.target) ? rel.target : null,
        });
      }
    },
  });
  const stylesRel = [...rels.values()].find((r) => /styles\.xml$/i.test(r.target));
  const formats = await readCellFormats(parts, stylesRel?.target ?? 'xl/styles.xml');
  const shared = [...rels.values()].find((r) => /sharedStrings\.xml$/i.test(r.target));
  return { sheets, date1904, formats, sharedStrings: shared?.target ?? null };
}

/** The workbook part the package's relationships name (xl/workbook.xml nearly always). */
async function findWorkbookPart(parts: ZipParts): Promise<string | null> {
  const rels = await readRelationships(parts, '.rels');
  for (const [, rel] of rels) {
    if (!rel.external && parts.has(rel.target) && /workbook/i.test(rel.target)) return rel.target;
  }
  return parts.has('xl/workbook.xml') ? 'xl/workbook.xml' : null;
}

/** The pattern of every cellXfs entry: built-in ids (0–49) or the workbook's own numFmts. */
async function readCellFormats(parts: ZipParts, stylesPart: string): Promise<string[]> {
  const custom = new Map<number, string>();
  const xfIds: number[] = [];
  let inCellXfs = false;
  await parseSmallPart(parts, stylesPart, {
    open(name, attrs) {
      if (name === 'numFmt' && attrs.numFmtId !== undefined && attrs.formatCode !== undefined) {
        custom.set(Number(attrs.numFmtId), attrs.formatCode);
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        xfIds.push(Number(attrs.numFmtId ?? 0));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return xfIds.map((id) => custom.get(id) ?? builtInFormat(id));
}
