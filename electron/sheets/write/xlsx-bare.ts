// The baseline the workbook writer is measured against: the same rows as plain
// inline-string cells in one sheet, through the same zip, with nothing else (no
// styles, numbers, frozen header, filter, widths, nor escapes beyond the three
// that keep ordinary text valid XML). It exists for the benchmark only.
import { columnLetters } from './xlsx-cells';
import { workbookParts, worksheetEnd, worksheetPath, worksheetStart } from './xlsx-parts';
import { ZipSink } from './xlsx-zip';

const CHUNK_CHARS = 1 << 20;
const MAX_ROWS = 1_048_576;
const MARKUP = /[&<>]/;

function escapeMarkup(text: string): string {
  return MARKUP.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    : text;
}

export interface BareWriter {
  addRow(cells: readonly string[]): Promise<void> | void;
  finish(): Promise<{ sheets: string[]; rows: number }>;
  abort(): Promise<void>;
}

export function createBareWriter(options: { path: string; header: string[] }): BareWriter {
  const sink = new ZipSink(options.path);
  const cellOpen: string[] = [];
  const open = (i: number): string => (cellOpen[i] ??= '<c r="' + columnLetters(i));
  let rowCount = 0;
  let xml = '';

  const row = (cells: readonly string[]): void => {
    const r = ++rowCount;
    let line = '<row r="' + r + '">';
    for (let i = 0; i < cells.length; i++) {
      const text = cells[i];
      if (text === undefined || text === '') continue;
      line += open(i) + r + '" t="inlineStr"><is><t>' + escapeMarkup(text) + '</t></is></c>';
    }
    xml += line + '</row>';
  };

  sink.openEntry(worksheetPath(0));
  xml = worksheetStart(null, true);
  row(options.header);

  return {
    addRow(cells) {
      if (sink.error) return Promise.reject(sink.error);
      if (rowCount === MAX_ROWS) return Promise.reject(new RangeError('The sheet is full'));
      row(cells);
      if (xml.length < CHUNK_CHARS) return;
      const chunk = xml;
      xml = '';
      return sink.write(chunk);
    },
    async finish() {
      sink.closeEntry(xml + worksheetEnd(options.header.length, null));
      xml = '';
      const sheet = { name: 'Sheet1', rows: rowCount };
      const parts = workbookParts({
        sheets: [sheet],
        columns: options.header.length,
        styles: false,
        filters: false,
        docProps: false,
      });
      for (const [name, text] of parts) sink.addText(name, text);
      await sink.finish();
      return { sheets: [sheet.name], rows: rowCount - 1 };
    },
    abort: () => sink.abort(),
  };
}
