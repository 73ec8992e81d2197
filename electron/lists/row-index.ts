// The row index: one 32-bit integer per data row, in row order, so outcomes
// can be merged back without judging any cell twice. A value v >= 0 names the
// unique address floor(v / 2), with v odd for a duplicate row; -1 is an
// invalid cell and -2 an empty one. Little-endian on disk.
import { readFile } from 'node:fs/promises';
import { RowClass } from './types';

const INVALID = -1;
const EMPTY = -2;

export function encodeRow(cls: RowClass, addressIndex: number): number {
  switch (cls) {
    case RowClass.valid:
      return addressIndex * 2;
    case RowClass.duplicate:
      return addressIndex * 2 + 1;
    case RowClass.invalid:
      return INVALID;
    default:
      return EMPTY;
  }
}

export interface DecodedRow {
  cls: RowClass;
  /** Index into the unique addresses, or -1 for invalid and empty rows. */
  addressIndex: number;
}

export function decodeRow(v: number): DecodedRow {
  if (v === INVALID) return { cls: RowClass.invalid, addressIndex: -1 };
  if (v === EMPTY) return { cls: RowClass.empty, addressIndex: -1 };
  return { cls: v % 2 === 1 ? RowClass.duplicate : RowClass.valid, addressIndex: v >> 1 };
}

/**
 * The whole row index, in one read: 4 bytes a row (4 MB for a million rows),
 * so the merge has each row's class at hand while papaparse steps.
 */
export async function readRowIndex(path: string): Promise<Int32Array> {
  const bytes = await readFile(path);
  // A fresh, aligned copy: a Buffer may start at any byte of its memory.
  const values = new Int32Array(bytes.length >> 2);
  Buffer.from(values.buffer).set(bytes.subarray(0, values.length * 4));
  return values;
}
