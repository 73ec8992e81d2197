// Reading another vendor's result file: read as a suppression export is
// (suppression/read.ts: the list reader's encoding, dialect and papaparse
// set-up, rows in batches while the last batch is kept), each row turned into
// the vendor's verdict in our words (vendors.ts). The vendor the user named
// must fit the file's columns; without one, the columns name it.
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { z } from 'zod';
import { VENDOR_LABEL, type VerdictVendor } from '../common/catalogs/vendors';
import { isValidAddress, normalizeCell } from '../lib/addresses/address';
import { parseDate, squash } from '../suppression/formats';
import { readRowsInBatches, type RowReader } from '../suppression/read';
import {
  VENDOR_FILES,
  columnOf,
  fits,
  recogniseVendor,
  verdictOf,
  type VerdictStatus,
} from './vendors';

/** One row of a vendor's file, as its verdict. */
export interface VerdictRow {
  /** Normalized, a valid address. */
  address: string;
  status: VerdictStatus;
  /** The vendor's word when it is none we map (status is then 'unknown'), else null. */
  unmapped: string | null;
  /** When the vendor gave it (epoch seconds), from the file's date column; null when none. */
  checkedAt: number | null;
}

export interface VerdictReader extends RowReader<VerdictRow> {
  vendor: VerdictVendor;
}

/** Rows handed over at a time: each batch is one write of the memory (some 20 ms a 10,000). */
export const VERDICT_BATCH = 50_000;
/** Cells longer than this are no vendor's word nor address: the row is left out. */
const MAX_CELL = 4_096;
/** An unmapped word is reported at most this long. */
const MAX_WORD = 40;

const cells = z.object({
  address: z.string().max(MAX_CELL),
  word: z.string().max(MAX_CELL),
  date: z.string().max(MAX_CELL),
});

/** The header's names as said to the user: the first few, as the file spells them. */
const headerWords = (header: readonly string[]): string =>
  header
    .slice(0, 8)
    .map((h) => `"${h.trim()}"`)
    .join(', ') + (header.length > 8 ? ', …' : '');

/**
 * The vendor a file's header fits: `named` when given (refused, saying which
 * columns were expected, when its columns are not the vendor's), else the
 * one its columns show.
 */
export function vendorOfHeader(
  header: readonly string[],
  fileName: string,
  named?: VerdictVendor,
): VerdictVendor {
  const names = new Set(header.map(squash).filter((n) => n !== ''));
  const seen = recogniseVendor(names);
  if (!named) {
    if (seen) return seen;
    throw new AppError(
      'bad_file',
      message('error.verdicts.unknownVendor', { fileName, columns: headerWords(header) }),
    );
  }
  const other =
    seen && seen !== named && !VENDOR_FILES[named].signature(names) ? VENDOR_LABEL[seen] : null;
  if (fits(named, names) && !other) return named;
  const label = VENDOR_LABEL[named];
  const values = {
    fileName,
    vendor: label,
    expected: VENDOR_FILES[named].expected,
    columns: headerWords(header),
  };
  throw new AppError(
    'bad_file',
    other
      ? message('error.verdicts.wrongVendorLooksLike', { ...values, other })
      : message('error.verdicts.wrongVendor', values),
  );
}

/** How each row of a file of `vendor`'s is read, by its header. */
export function verdictReader(vendor: VerdictVendor, header: readonly string[]): VerdictReader {
  const file = VENDOR_FILES[vendor];
  const squashed = header.map(squash);
  const a = columnOf(squashed, file.address);
  const s = columnOf(squashed, file.status);
  const d = columnOf(squashed, file.date);
  return {
    vendor,
    hasHeader: true,
    map(row) {
      const parsed = cells.safeParse({
        address: row[a] ?? '',
        word: row[s] ?? '',
        date: d === -1 ? '' : (row[d] ?? ''),
      });
      if (!parsed.success) return null;
      const address = normalizeCell(parsed.data.address);
      if (address === '' || !isValidAddress(address)) return null;
      const word = parsed.data.word.trim();
      const status = verdictOf(file, word);
      const iso = parseDate(parsed.data.date);
      return {
        address,
        status: status ?? 'unknown',
        unmapped: status === null ? word.slice(0, MAX_WORD) || '(empty)' : null,
        checkedAt: iso === null ? null : Math.floor(Date.parse(iso) / 1000),
      };
    },
  };
}

export interface VerdictFileRead {
  vendor: VerdictVendor;
  /** Rows after the header. */
  rows: number;
  /** Rows without a valid address: left out. */
  noAddress: number;
}

/** Reads a vendor's result file in batches of verdicts; throws a bad_file AppError for one it cannot read. */
export async function readVerdictFile(
  path: string,
  options: {
    vendor?: VerdictVendor;
    /** Told the file's vendor once its header is read, before any batch. */
    onVendor?(vendor: VerdictVendor): void;
    onBatch(rows: VerdictRow[]): Promise<void> | void;
    batchSize?: number;
  },
): Promise<VerdictFileRead> {
  const read = await readRowsInBatches<VerdictRow, VerdictReader>(path, {
    recognise(sample, name) {
      const header = sample[0] ?? [];
      const vendor = vendorOfHeader(header, name, options.vendor);
      options.onVendor?.(vendor);
      return verdictReader(vendor, header);
    },
    onBatch: options.onBatch,
    batchSize: options.batchSize ?? VERDICT_BATCH,
  });
  return { vendor: read.reader.vendor, rows: read.rows, noAddress: read.skipped };
}
