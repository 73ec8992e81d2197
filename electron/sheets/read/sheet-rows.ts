// A worksheet read row by row as the text its cells show, its XML streamed
// from the zip and never held whole. What a sheet says after its rows (its
// hyperlinks, its merged ranges) arrives only at the end of the stream: it is
// returned, and a caller that needs it reads the sheet again knowing it.
import { MAX_CELL_CHARS, MAX_RAW_CELL_CHARS, WorkbookOverCap } from './workbook-caps';
import { booleanText, decodeXstring, type CellFormatter } from './cell-text';
import type { StringTable } from './string-table';
import { parsePart, readRelationships, relationshipId, type ZipParts } from './zip-parts';

export interface SheetContext {
  parts: ZipParts;
  sharedStrings: StringTable;
  formatter: CellFormatter;
}

/** What a sheet said after its rows. */
export interface SheetTail {
  /** "A1:G1001" as the sheet states its used range, or null. */
  dimension: string | null;
  /** Cell reference ("B7") → the address of a mailto: hyperlink on it. */
  mailto: Map<string, string>;
  /** Rows read (with at least one cell showing something). */
  rows: number;
  /** The reading stopped early, as asked (see ReadOptions.maxRows). */
  partial: boolean;
}

export interface ReadOptions {
  /** Stop after this many rows with something in them. */
  maxRows?: number;
  /** Mailto addresses to show instead of the cells' text (from an earlier read's tail). */
  mailto?: ReadonlyMap<string, string>;
  signal?: AbortSignal;
  /** Told the characters of the sheet's XML parsed so far, for progress. */
  onProgress?: (chars: number) => void;
}

/**
 * Called for each row with something in it: its cells (trailing empty ones
 * dropped) and its 1-based row number. A promise returned holds the reading
 * until it settles (the consumer is behind).
 */
export type RowHandler = (cells: string[], rowNumber: number) => void | Promise<void>;

/** "AB12" → 27 (0-based column); -1 when the reference has no letters. */
export function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return i === 0 ? -1 : col - 1;
}

export function rowOf(ref: string): number {
  let i = 0;
  while (i < ref.length && ref.charCodeAt(i) > 57) i++;
  return Number(ref.slice(i)) || 0;
}

/** The address of "mailto:ann@example.com?subject=Hi", or null. */
export function mailtoAddress(target: string): string | null {
  if (!/^mailto:/i.test(target)) return null;
  let address = target.slice(7);
  const query = address.indexOf('?');
  if (query !== -1) address = address.slice(0, query);
  try {
    address = decodeURIComponent(address);
  } catch {
    // Not percent-encoded after all: taken as written.
  }
  address = address.trim();
  return address === '' ? null : address;
}

class StopReading extends Error {}

export async function readSheetRows(
  ctx: SheetContext,
  part: string,
  onRow: RowHandler,
  options: ReadOptions = {},
): Promise<SheetTail> {
  const stream = await ctx.parts.open(part);
  if (!stream) throw new Error(`its sheet ${part} is missing`);
  const links = await readRelationships(ctx.parts, part);
  const tail: SheetTail = { dimension: null, mailto: new Map(), rows: 0, partial: false };
  const { sharedStrings, formatter } = ctx;
  const mailto = options.mailto;

  let cells: string[] = [];
  let rowNumber = 0;
  let col = -1;
  let ref = '';
  let type = 'n';
  let style = 0;
  // Text is gathered only inside <v> and the <t> of an inline string, and
  // never from a phonetic run (<rPh>), which Excel does not show.
  let capturing = false;
  let inPhonetic = false;
  let value = '';
  let hold: Promise<void> | null = null;
  let read = 0;

  const endCell = () => {
    if (col < 0) return;
    let text: string;
    switch (type) {
      case 's':
        text = sharedStrings.at(Number(value)) ?? '';
        break;
      case 'inlineStr':
        text = decodeXstring(value);
        break;
      case 'str':
      case 'e':
      case 'd':
        text = value;
        break;
      case 'b':
        text = value === '' ? '' : booleanText(value);
        break;
      default:
        text = value === '' ? '' : formatter.number(Number(value), style);
    }
    if (mailto && ref !== '') text = mailto.get(ref) ?? text;
    while (cells.length < col) cells.push('');
    cells[col] = text;
  };

  const endRow = () => {
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length > 0) {
      tail.rows += 1;
      const held = onRow(cells, rowNumber);
      if (held) hold = held;
      if (options.maxRows !== undefined && tail.rows >= options.maxRows) {
        tail.partial = true;
        throw new StopReading();
      }
    }
    cells = [];
  };

  try {
    await parsePart(
      stream,
      {
        open(name, attrs) {
          switch (name) {
            case 'row':
              rowNumber = attrs.r ? Number(attrs.r) : rowNumber + 1;
              cells = [];
              col = -1;
              break;
            case 'c':
              ref = attrs.r ?? '';
              col = ref !== '' ? columnOf(ref) : col + 1;
              type = attrs.t ?? 'n';
              style = attrs.s ? Number(attrs.s) : 0;
              value = '';
              break;
            case 'v':
              capturing = true;
              break;
            case 't':
              capturing = type === 'inlineStr' && !inPhonetic;
              break;
            case 'rPh':
              inPhonetic = true;
              break;
            case 'dimension':
              tail.dimension = attrs.ref ?? null;
              break;
            case 'hyperlink': {
              const id = relationshipId(attrs);
              const target = id ? links.get(id)?.target : undefined;
              const address = target ? mailtoAddress(target) : null;
              if (address && attrs.ref) {
                // A link may cover a range ("B2:B4"): its first cell carries the text.
                tail.mailto.set(attrs.ref.split(':')[0] as string, address);
              }
              break;
            }
          }
        },
        text(text) {
          if (!capturing) return;
          value += text;
          // A cell of gigabytes is refused as it grows, never built (workbook-caps.ts).
          if (value.length > MAX_RAW_CELL_CHARS) throw new WorkbookOverCap('cell', MAX_CELL_CHARS);
        },
        close(name) {
          switch (name) {
            case 'v':
            case 't':
              capturing = false;
              break;
            case 'rPh':
              inPhonetic = false;
              break;
            case 'c':
              endCell();
              break;
            case 'row':
              endRow();
              break;
          }
        },
      },
      options.signal,
      async (chars) => {
        read += chars;
        options.onProgress?.(read);
        if (!hold) return;
        const waiting = hold;
        hold = null;
        await waiting;
      },
    );
  } catch (err) {
    if (!(err instanceof StopReading)) throw err;
    stream.destroy();
  }
  return tail;
}
