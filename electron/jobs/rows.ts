// Reading a job's rows at random, for a table that scrolls through a million
// of them: the row index gives each row's address number and class, and the
// address file (kept as one off-heap buffer with line offsets) gives the
// address. Nothing of the input file is parsed again. A filtered table pages
// through the positions of the rows its filter passes, found once per filter.
import { open } from 'node:fs/promises';
import type { JobRowView, RowFilter } from '../common/views';
import type { ImportedList } from '../lists/types';
import { decodeRow, readRowIndex } from '../lists/row-index';
import { RowClass } from '../lists/types';
import { rowStatus } from '../lists/write';
import type { AddressBook } from './address-book';
import { domainIndex } from './domains';
import { readFlags } from './free-split';
import type { OutcomeTable } from './outcomes';
import { filtersNothing, matchingRows, rowTest } from './row-filter';

/** Filtered tables kept: a few jobs' last filters, 4 bytes per matching row each. */
const KEPT_FILTERS = 4;
const kept = new Map<string, Int32Array>();

function rowView(
  entry: number,
  row: number,
  book: AddressBook,
  outcomes: OutcomeTable,
): JobRowView {
  const { cls, addressIndex } = decodeRow(entry);
  const outcome = addressIndex >= 0 ? outcomes.get(addressIndex) : undefined;
  const pending = cls === RowClass.valid && !outcome;
  return {
    row,
    address: addressIndex >= 0 ? book.at(addressIndex) : null,
    status: pending ? 'pending' : rowStatus(cls, outcome),
    provider: outcome?.provider ?? null,
    avatar: outcome?.avatar ?? null,
    avatarUrl: outcome?.avatarUrl ?? null,
  };
}

export async function readRows(
  list: ImportedList,
  book: AddressBook,
  outcomes: OutcomeTable,
  offset: number,
  limit: number,
  filter?: RowFilter,
): Promise<{ total: number; rows: JobRowView[] }> {
  if (filter && !filtersNothing(filter)) {
    return readFiltered(list, book, outcomes, offset, limit, filter);
  }
  const total = list.counts.rows;
  const count = Math.max(0, Math.min(limit, total - offset));
  const values = new Int32Array(count);
  if (count > 0) {
    const handle = await open(list.rowIndexPath, 'r');
    try {
      await handle.read(Buffer.from(values.buffer), 0, count * 4, offset * 4);
    } finally {
      await handle.close();
    }
  }
  const rows: JobRowView[] = [];
  for (let k = 0; k < count; k++) {
    rows.push(rowView(values[k] as number, offset + k + 1, book, outcomes));
  }
  return { total, rows };
}

async function readFiltered(
  list: ImportedList,
  book: AddressBook,
  outcomes: OutcomeTable,
  offset: number,
  limit: number,
  filter: RowFilter,
): Promise<{ total: number; rows: JobRowView[] }> {
  const index = await readRowIndex(list.rowIndexPath);
  // Outcomes still arriving change which rows pass: their count is part of the key.
  const key = `${list.rowIndexPath}\n${outcomes.counts().done}\n${JSON.stringify(filter)}`;
  let positions = kept.get(key);
  if (!positions) {
    const flags = await readFlags(list.findings?.findingsPath, book.count);
    const test = rowTest(filter, { domains: domainIndex(book), flags });
    positions = matchingRows(index, (i) => outcomes.get(i), test);
    kept.set(key, positions);
    if (kept.size > KEPT_FILTERS) kept.delete(kept.keys().next().value as string);
  }
  const total = positions.length;
  const rows: JobRowView[] = [];
  for (let k = offset; k < Math.min(total, offset + limit); k++) {
    const at = positions[k] as number;
    rows.push(rowView(index[at] as number, at + 1, book, outcomes));
  }
  return { total, rows };
}
