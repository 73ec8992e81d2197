// The parts of the workbook around the rows: the package's content types and
// relationships, the workbook (sheets and their filter ranges), the styles and
// the document properties, plus each worksheet's opening and closing markup.
// The smallest SpreadsheetML that Excel, LibreOffice and Numbers open without
// asking to repair it.
import { columnLetters, escapeAttribute } from './xlsx-cells';

const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const DOC_REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT_PREFIX = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** A finished sheet: its name and how many rows it holds, header included. */
export interface SheetInfo {
  name: string;
  rows: number;
}

export interface PartsOptions {
  sheets: readonly SheetInfo[];
  /** Columns under the filter (the header's). */
  columns: number;
  /** Whether xl/styles.xml is written (the bare writer has none). */
  styles: boolean;
  /** Whether each sheet has a filter, which needs its hidden defined name. */
  filters: boolean;
  /** Whether docProps/ is written. */
  docProps: boolean;
}

/** Every part other than the worksheets, by path in the zip. */
export function workbookParts(options: PartsOptions): [string, string][] {
  const parts: [string, string][] = [
    ['[Content_Types].xml', contentTypes(options)],
    ['_rels/.rels', packageRels(options.docProps)],
    ['xl/workbook.xml', workbookXml(options)],
    ['xl/_rels/workbook.xml.rels', workbookRels(options)],
  ];
  if (options.styles) parts.push(['xl/styles.xml', STYLES_XML]);
  if (options.docProps) {
    parts.push(['docProps/app.xml', APP_XML], ['docProps/core.xml', coreXml(new Date())]);
  }
  return parts;
}

export function worksheetPath(index: number): string {
  return `xl/worksheets/sheet${index + 1}.xml`;
}

function contentTypes({ sheets, styles, docProps }: PartsOptions): string {
  const override = (part: string, type: string): string =>
    `<Override PartName="/${part}" ContentType="${type}"/>`;
  let xml =
    XML_DECL +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    override('xl/workbook.xml', `${CT_PREFIX}.sheet.main+xml`);
  sheets.forEach((_, i) => (xml += override(worksheetPath(i), `${CT_PREFIX}.worksheet+xml`)));
  if (styles) xml += override('xl/styles.xml', `${CT_PREFIX}.styles+xml`);
  if (docProps) {
    xml +=
      override('docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml') +
      override(
        'docProps/app.xml',
        'application/vnd.openxmlformats-officedocument.extended-properties+xml',
      );
  }
  return xml + '</Types>';
}

function packageRels(docProps: boolean): string {
  let xml =
    XML_DECL +
    `<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${DOC_REL_NS}/officeDocument" Target="xl/workbook.xml"/>`;
  if (docProps) {
    xml +=
      `<Relationship Id="rId2" Type="${PKG_REL_NS}/metadata/core-properties" Target="docProps/core.xml"/>` +
      `<Relationship Id="rId3" Type="${DOC_REL_NS}/extended-properties" Target="docProps/app.xml"/>`;
  }
  return xml + '</Relationships>';
}

function workbookRels({ sheets, styles }: PartsOptions): string {
  let xml = XML_DECL + `<Relationships xmlns="${PKG_REL_NS}">`;
  sheets.forEach((_, i) => {
    const target = worksheetPath(i).slice('xl/'.length);
    xml += `<Relationship Id="rId${i + 1}" Type="${DOC_REL_NS}/worksheet" Target="${target}"/>`;
  });
  if (styles) {
    xml += `<Relationship Id="rId${sheets.length + 1}" Type="${DOC_REL_NS}/styles" Target="styles.xml"/>`;
  }
  return xml + '</Relationships>';
}

/** `'It''s here'!$A$1:$C$9`: a sheet name is always quoted in a reference. */
function filterRange(sheet: SheetInfo, columns: number): string {
  const quoted = `'${sheet.name.replace(/'/g, "''")}'`;
  return `${quoted}!$A$1:$${columnLetters(columns - 1)}$${sheet.rows}`;
}

function workbookXml({ sheets, columns, filters }: PartsOptions): string {
  let xml =
    XML_DECL +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${DOC_REL_NS}">` +
    '<workbookPr/><bookViews><workbookView activeTab="0"/></bookViews><sheets>';
  sheets.forEach((sheet, i) => {
    xml += `<sheet name="${escapeAttribute(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`;
  });
  xml += '</sheets>';
  if (filters) {
    // Excel records each sheet's filter range under this hidden name as well;
    // writing it makes the file what Excel itself would have saved.
    xml += '<definedNames>';
    sheets.forEach((sheet, i) => {
      xml +=
        `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">` +
        `${escapeAttribute(filterRange(sheet, columns))}</definedName>`;
    });
    xml += '</definedNames>';
  }
  return xml + '</workbook>';
}

const font = (inner: string): string =>
  `<font>${inner}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
const solidFill = (rgb: string): string =>
  `<fill><patternFill patternType="solid"><fgColor rgb="FF${rgb}"/><bgColor indexed="64"/></patternFill></fill>`;
const xf = (numFmt: number, fontId: number, fillId: number, borderId: number): string =>
  `<xf numFmtId="${numFmt}" fontId="${fontId}" fillId="${fillId}" borderId="${borderId}" xfId="0"` +
  (numFmt ? ' applyNumberFormat="1"' : '') +
  (fontId ? ' applyFont="1"' : '') +
  (fillId ? ' applyFill="1"' : '') +
  (borderId ? ' applyBorder="1"' : '') +
  '/>';

/**
 * Fonts, fills and borders by index, then cellXfs in the order of Style
 * (xlsx-cells.ts). Fills 0 and 1 are reserved (none, gray125). The tone
 * colours are Excel's own "Good", "Bad" and "Neutral" cell styles.
 */
const STYLES_XML =
  XML_DECL +
  `<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="6">' +
  font('') +
  font('<b/>') +
  font('<color rgb="FF006100"/>') +
  font('<color rgb="FF9C0006"/>') +
  font('<color rgb="FF9C5700"/>') +
  font('<color rgb="FF595959"/>') +
  '</fonts><fills count="7">' +
  '<fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
  solidFill('F2F2F2') +
  solidFill('C6EFCE') +
  solidFill('FFC7CE') +
  solidFill('FFEB9C') +
  solidFill('EDEDED') +
  '</fills><borders count="2">' +
  '<border><left/><right/><top/><bottom/><diagonal/></border>' +
  '<border><left/><right/><top/><bottom style="thin"><color rgb="FFA6A6A6"/></bottom><diagonal/></border>' +
  '</borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="7">' +
  xf(0, 0, 0, 0) +
  xf(0, 1, 2, 1) + // header
  xf(0, 2, 3, 0) + // good
  xf(0, 3, 4, 0) + // bad
  xf(0, 4, 5, 0) + // unsure
  xf(0, 5, 6, 0) + // muted
  xf(1, 0, 0, 0) + // long integer, format "0"
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0"/>' +
  '</styleSheet>';

const APP_XML =
  XML_DECL +
  '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"' +
  ' xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
  '<Application>List Cleaner</Application></Properties>';

function coreXml(now: Date): string {
  const when = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    XML_DECL +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<dc:creator>List Cleaner</dc:creator>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

/**
 * A worksheet up to its first row: the view with the header row frozen, and
 * the column widths. No <dimension>: it is optional and unknown until the end.
 */
export function worksheetStart(widths: readonly number[] | null, selected: boolean): string {
  let xml = XML_DECL + `<worksheet xmlns="${MAIN_NS}" xmlns:r="${DOC_REL_NS}">`;
  if (widths !== null) {
    xml +=
      `<sheetViews><sheetView${selected ? ' tabSelected="1"' : ''} workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      '<sheetFormatPr defaultRowHeight="15"/><cols>';
    widths.forEach((width, i) => {
      xml += `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    });
    xml += '</cols>';
  }
  return xml + '<sheetData>';
}

/** A worksheet after its last row; `filterRows` (header included) puts a filter on them. */
export function worksheetEnd(columns: number, filterRows: number | null): string {
  let xml = '</sheetData>';
  if (filterRows !== null)
    xml += `<autoFilter ref="A1:${columnLetters(columns - 1)}${filterRows}"/>`;
  return (
    xml +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    '</worksheet>'
  );
}
