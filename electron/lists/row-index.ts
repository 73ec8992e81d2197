// The row index: one 32-bit integer per data row, in row order, so outcomes
// can be merged back without judging any cell twice. A value v >= 0 names the
// unique address floor(v / 2), with v odd for a duplicate row; -1 is an
// invalid cell and -2 an empty one. Little-endian on disk.
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
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

/** Appends rows in blocks, so a million rows cost a few writes, not a million. */
export class RowIndexWriter {
  private block = new Int32Array(16_384);
  private used = 0;
  private readonly out: WriteStream;
  rows = 0;

  constructor(path: string) {
    this.out = createWriteStream(path);
  }

  /** Returns a promise only when a block was written out: await it to respect backpressure. */
  push(value: number): Promise<void> | null {
    this.block[this.used++] = value;
    this.rows += 1;
    return this.used === this.block.length ? this.flush() : null;
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    const bytes = Buffer.from(this.block.buffer, 0, this.used * 4);
    this.block = new Int32Array(this.block.length);
    this.used = 0;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await once(this.out, 'finish');
  }

  destroy(): void {
    this.out.destroy();
  }
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
