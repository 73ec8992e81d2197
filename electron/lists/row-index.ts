// The row index: one 32-bit integer per data row, in row order, so outcomes
// can be merged back without judging any cell twice. A value v >= 0 names the
// unique address floor(v / 2), with v odd for a duplicate row; -1 is an
// invalid cell and -2 an empty one. Little-endian on disk.
import { createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
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

/** Reads the row index in blocks, in order. */
export async function* readRowIndex(path: string): AsyncGenerator<Int32Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(65_536 * 4);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      // Copy out: the caller may hold a block while the next read reuses the buffer.
      const copy = new Int32Array(bytesRead / 4);
      Buffer.from(copy.buffer).set(buffer.subarray(0, bytesRead));
      yield copy;
    }
  } finally {
    await handle.close();
  }
}
