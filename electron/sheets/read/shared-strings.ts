// The workbook's table of shared strings: every text cell of a sheet Excel
// wrote points into it, so it is read before any sheet. Rich text (runs of
// several fonts) is flattened to what the cell shows; phonetic guides are not
// shown by Excel and are left out. The table is kept packed (string-table.ts):
// a sheet of a million addresses has a million entries.
import { decodeXstring } from './cell-text';
import { EMPTY_TABLE, stringTableBuilder, stringTableOf, type StringTable } from './string-table';
import { parsePart, type ZipParts } from './zip-parts';
import {
  MAX_CELL_CHARS,
  MAX_RAW_CELL_CHARS,
  MAX_SHARED_STRINGS,
  MAX_SHARED_STRING_BYTES,
  MAX_SHARED_STRINGS_PART_BYTES,
  WorkbookOverCap,
} from './workbook-caps';

/** The caps (workbook-caps.ts); a test may set lower ones. */
export interface SharedStringCaps {
  strings: number;
  stringBytes: number;
}

const CAPS: SharedStringCaps = {
  strings: MAX_SHARED_STRINGS,
  stringBytes: MAX_SHARED_STRING_BYTES,
};

export async function readSharedStrings(
  parts: ZipParts,
  part: string,
  signal?: AbortSignal,
  caps: SharedStringCaps = CAPS,
): Promise<StringTable> {
  const stream = await parts.open(part, MAX_SHARED_STRINGS_PART_BYTES);
  if (!stream) return EMPTY_TABLE;
  const table = stringTableBuilder();
  const add = (raw: string) => {
    const text = decodeXstring(raw);
    if (text.length > MAX_CELL_CHARS) throw new WorkbookOverCap('cell', MAX_CELL_CHARS);
    if (table.count >= caps.strings) throw new WorkbookOverCap('strings', caps.strings);
    if (table.bytes + text.length * 2 > caps.stringBytes) {
      throw new WorkbookOverCap('stringBytes', caps.stringBytes);
    }
    table.add(text);
  };
  let value = '';
  let capturing = false;
  let inPhonetic = false;
  await parsePart(
    stream,
    {
      open(name) {
        if (name === 't') capturing = !inPhonetic;
        else if (name === 'si') value = '';
        else if (name === 'rPh') inPhonetic = true;
      },
      text(text) {
        if (!capturing) return;
        value += text;
        // Checked as it grows: one string of gigabytes never gets built.
        if (value.length > MAX_RAW_CELL_CHARS) throw new WorkbookOverCap('cell', MAX_CELL_CHARS);
      },
      close(name) {
        if (name === 't') capturing = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'si') add(value);
      },
    },
    signal,
  );
  return stringTableOf(table.finish());
}
