// The shape of a list from its first rows, whatever file they came from:
// whether the first row is a header, the columns' names, which column holds
// the addresses (or the one the user chose), and how wide a row should be.
import { MIN_CONFIDENCE, columnName, detectHeader, rankColumns } from './column';
import { badFile } from '../judge/judge-rows';
import type { ColumnCandidate } from '../types';
import { message, type Message } from '../../common/i18n/message';
import { commaList } from '../../lib/items';

export interface TableShape {
  hasHeader: boolean;
  /** Header cells, or generated names ("Column 1") without a header row. */
  columns: string[];
  column: ColumnCandidate;
  candidates: ColumnCandidate[];
  /** Ragged means "not as wide as the header" (or, without one, as most rows). */
  expectedWidth: number;
}

/**
 * Cells named in a message: a dozen at most, each cut short. A file that is one
 * 10 MB line would otherwise put the whole sample into the error.
 */
export function nameList(cells: string[]): Message | string {
  const shown = cells.slice(0, 12).map((cell) => {
    const text = cell.trim().replace(/\s+/g, ' ');
    if (text === '') return message('error.import.emptyCell');
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  });
  const more = cells.length - shown.length;
  const items = commaList(shown);
  return more > 0 ? message('error.import.cellsMore', { items, more }) : items;
}

function commonWidth(rows: string[][]): number {
  const seen = new Map<number, number>();
  for (const row of rows) seen.set(row.length, (seen.get(row.length) ?? 0) + 1);
  let best = 0;
  let most = -1;
  for (const [width, count] of seen) if (count > most) [best, most] = [width, count];
  return best;
}

function chooseColumn(
  ranked: ColumnCandidate[],
  columns: string[],
  wanted: string | number | undefined,
  name: string | Message,
  firstRow: string[] | null,
): ColumnCandidate {
  if (wanted !== undefined) {
    const index =
      typeof wanted === 'number'
        ? wanted
        : columns.findIndex((c) => c.trim().toLowerCase() === wanted.trim().toLowerCase());
    const found = ranked.find((c) => c.index === index);
    if (!found) {
      throw badFile(
        message('error.import.noSuchColumn', {
          name,
          wanted: JSON.stringify(wanted),
          columns: nameList(columns),
        }),
      );
    }
    return { ...found, confidence: 1 };
  }
  const best = ranked[0];
  if (!best || best.confidence < MIN_CONFIDENCE) {
    // Without a header row the columns are only "Column 1", "Column 2"…: the
    // first row is what the person will recognise.
    const seen = firstRow
      ? message('error.import.firstRowReads', { cells: nameList(firstRow) })
      : message('error.import.columnsAre', { columns: nameList(columns) });
    throw badFile(message('error.import.noAddressColumn', { name, seen }));
  }
  return best;
}

/**
 * `rows` are the list's first rows; `complete` says they are all of them, so
 * a list with nothing below its header can be refused before it is read.
 */
export function shapeTable(
  rows: string[][],
  complete: boolean,
  name: string | Message,
  wanted: string | number | undefined,
): TableShape {
  const hasHeader = detectHeader(rows);
  const width = Math.max(...rows.map((r) => r.length), 1);
  const header = hasHeader ? (rows[0] ?? []) : null;
  const columns = Array.from({ length: Math.max(width, header?.length ?? 0) }, (_, i) =>
    columnName(header, i),
  );
  const candidates = rankColumns(rows, hasHeader);
  // Before choosing a column: a header with nothing below has no address
  // column either, and "no rows" is the reason the person can act on.
  if (complete && rows.every((row) => row.every((cell) => cell.trim() === ''))) {
    throw badFile(message('error.import.blankLines', { name }));
  }
  if (hasHeader && rows.length === 1 && complete) {
    throw badFile(message('error.import.headerOnly', { name, columns: nameList(columns) }));
  }
  const column = chooseColumn(
    candidates,
    columns,
    wanted,
    name,
    hasHeader ? null : (rows[0] ?? null),
  );
  return {
    hasHeader,
    columns,
    column,
    candidates,
    expectedWidth: header ? header.length : commonWidth(rows),
  };
}

/** The message for a list whose rows turned out to be none. */
export function noRows(
  name: string | Message,
  shape: Pick<TableShape, 'hasHeader' | 'columns'>,
): Error {
  return badFile(
    shape.hasHeader
      ? message('error.import.headerOnly', { name, columns: nameList(shape.columns) })
      : message('error.import.noRows', { name }),
  );
}
