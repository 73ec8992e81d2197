// Reading a job's rows at random, for a table that scrolls through a million
// of them: the row index gives each row's address number and class, and the
// address file (kept as one off-heap buffer with line offsets) gives the
// address. Nothing of the input file is parsed again.
import { open } from 'node:fs/promises';
import type { JobRowView } from '../common/views';
import type { ImportedList } from '../lists/types';
import { decodeRow } from '../lists/row-index';
import { RowClass } from '../lists/types';
import { rowStatus } from '../lists/write';
import type { AddressBook } from './address-book';
import type { OutcomeTable } from './outcomes';

export async function readRows(
  list: ImportedList,
  book: AddressBook,
  outcomes: OutcomeTable,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: JobRowView[] }> {
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
    const { cls, addressIndex } = decodeRow(values[k] as number);
    const outcome = addressIndex >= 0 ? outcomes.get(addressIndex) : undefined;
    const pending = cls === RowClass.valid && !outcome;
    rows.push({
      row: offset + k + 1,
      address: addressIndex >= 0 ? book.at(addressIndex) : null,
      status: pending ? 'pending' : rowStatus(cls, outcome),
      provider: outcome?.provider ?? null,
      avatar: outcome?.avatar ?? null,
      avatarUrl: outcome?.avatarUrl ?? null,
    });
  }
  return { total, rows };
}
