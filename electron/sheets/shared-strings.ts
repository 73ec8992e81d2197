// The workbook's table of shared strings: every text cell of a sheet Excel
// wrote points into it, so it is read before any sheet. Rich text (runs of
// several fonts) is flattened to what the cell shows; phonetic guides are not
// shown by Excel and are left out. The table is kept packed (string-table.ts):
// a sheet of a million addresses has a million entries.
import { decodeXstring } from './cell-text';
import { EMPTY_TABLE, stringTableBuilder, stringTableOf, type StringTable } from './string-table';
import { parsePart, type ZipParts } from './zip-parts';

export async function readSharedStrings(
  parts: ZipParts,
  part: string,
  signal?: AbortSignal,
): Promise<StringTable> {
  const stream = await parts.open(part);
  if (!stream) return EMPTY_TABLE;
  const table = stringTableBuilder();
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
        if (capturing) value += text;
      },
      close(name) {
        if (name === 't') capturing = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'si') table.add(decodeXstring(value));
      },
    },
    signal,
  );
  return stringTableOf(table.finish());
}
