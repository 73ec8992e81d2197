// Reading a job's rows at random, for a table that scrolls through a million
// of them: the row index gives each row's address number and class, and the
// address book (read from the address file, storage/address-book.ts) gives the
// address. Nothing of the input file is parsed again. A filtered table pages
// through the positions of the rows its filter passes, found once per filter.
import { open, stat } from 'node:fs/promises';
import { isFiltered } from '../../common/row-filter';
import type { JobRowView, RowFilter, RowWhy } from '../../common/views/views';
import type { ImportedList } from '../../lists/types';
import { decodeRow } from '../../lists/read/row-index';
import { RowClass } from '../../lists/types';
import { rowStatus } from '../../lists/judge/row-facts';
import { readWithheld, reasonIn, ruleIn } from '../../lists/judge/withheld';
import type { AddressBook } from '../storage/address-book';
import type { OutcomeTable } from '../storage/outcomes';
import { matchingRows, rowTest, rowTestSources } from './row-filter';

/** The rows a filter passes: where each is in the file, and its entry in the row index. */
interface Passing {
  positions: Int32Array;
  entries: Int32Array;
}

/**
 * Filtered tables kept: a few jobs' last filters, 8 bytes per matching row
 * each, so scrolling through one reads neither the row index nor the
 * findings again.
 */
const KEPT_FILTERS = 4;
const kept = new Map<string, Passing>();

/** Why the suppression list or a rule decided each address: the last lists' codes, read whole. */
const keptWithheld = new Map<string, Promise<Uint32Array>>();

async function whyOf(list: ImportedList, unique: number): Promise<(i: number) => RowWhy | null> {
  const kept = list.withheld;
  if (!kept) return () => null;
  // The start writes the file again (jobs/money/withheld.ts): its time is part of the key.
  const written = await stat(kept.withheldPath).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  const key = `${kept.withheldPath}\n${written}`;
  let codes = keptWithheld.get(key);
  if (!codes) {
    codes = readWithheld(kept.withheldPath, unique);
    keptWithheld.set(key, codes);
    if (keptWithheld.size > KEPT_FILTERS) {
      keptWithheld.delete(keptWithheld.keys().next().value as string);
    }
  }
  const read = await codes;
  // The codes, not words: the window says them in its language.
  return (i) => {
    const reason = reasonIn(read[i] ?? 0);
    if (reason) return { reason };
    const rule = kept.rules[ruleIn(read[i] ?? 0)];
    return rule ? { rule: { action: rule.action, value: rule.value } } : null;
  };
}

function rowView(
  entry: number,
  row: number,
  book: AddressBook,
  outcomes: OutcomeTable,
  why: (i: number) => RowWhy | null,
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
    why: cls === RowClass.valid && addressIndex >= 0 ? why(addressIndex) : null,
    ...(outcome?.origin === 'reused'
      ? { reused: { checkedAt: outcome.checkedAt ?? 0, source: outcome.source ?? null } }
      : {}),
  };
}

export async function readRows(
  list: ImportedList,
  book: AddressBook,
  outcomes: OutcomeTable,
  offset: number,
  limit: number,
  filter?: RowFilter,
  checkedOn?: string | null,
): Promise<{ total: number; rows: JobRowView[] }> {
  if (filter && isFiltered(filter)) {
    return readFiltered(list, book, outcomes, offset, limit, filter, checkedOn);
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
  const why = await whyOf(list, list.counts.unique);
  const rows: JobRowView[] = [];
  for (let k = 0; k < count; k++) {
    rows.push(rowView(values[k] as number, offset + k + 1, book, outcomes, why));
  }
  return { total, rows };
}

async function passingRows(
  list: ImportedList,
  book: AddressBook,
  outcomes: OutcomeTable,
  filter: RowFilter,
  checkedOn?: string | null,
): Promise<Passing> {
  // Outcomes still arriving change which rows pass: their count is part of the key.
  const key = `${list.rowIndexPath}\n${outcomes.counts().done}\n${JSON.stringify(filter)}`;
  const known = kept.get(key);
  if (known) return known;
  const test = rowTest(filter, await rowTestSources(list, book, checkedOn));
  const passing = await matchingRows(list.rowIndexPath, (i) => outcomes.get(i), test);
  kept.set(key, passing);
  if (kept.size > KEPT_FILTERS) kept.delete(kept.keys().next().value as string);
  return passing;
}

async function readFiltered(
  list: ImportedList,
  book: AddressBook,
  outcomes: OutcomeTable,
  offset: number,
  limit: number,
  filter: RowFilter,
  checkedOn?: string | null,
): Promise<{ total: number; rows: JobRowView[] }> {
  const { positions, entries } = await passingRows(list, book, outcomes, filter, checkedOn);
  const total = positions.length;
  const why = await whyOf(list, list.counts.unique);
  const rows: JobRowView[] = [];
  for (let k = offset; k < Math.min(total, offset + limit); k++) {
    rows.push(rowView(entries[k] as number, (positions[k] as number) + 1, book, outcomes, why));
  }
  return { total, rows };
}
