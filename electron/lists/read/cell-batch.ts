// The address cells of an import, gathered for the classify worker as they are
// parsed: written straight into a byte buffer as UTF-8, an LF after each (see
// classify-protocol.ts). Cells of byte text (encoding.ts, parsesAsBytes) are
// their UTF-8 bytes already and are copied as they are. Cells held as strings
// until a batch is full would keep thousands of them, and the chunks they were
// cut from, alive through every young-generation collection, and joining them
// would cost as much again. The worker hands each batch's buffer back once it
// has judged it, and the next batches travel in those: a few buffers go back
// and forth, not a new one every 200 KB of the file.

export interface CellBatch {
  /** Adds one cell; a line break inside it becomes a space. */
  add(cell: string): void;
  readonly cells: number;
  readonly bytes: number;
  /** The batch so far, ready to transfer (its memory is handed over), and a fresh one begun. */
  take(): { bytes: Uint8Array<ArrayBuffer>; cells: number };
  /** A buffer handed back (see take) to carry a later batch instead of a new one. */
  reuse(bytes: Uint8Array<ArrayBuffer>): void;
}

const LF = 0x0a;

export function createCellBatch(options: { byteText: boolean; capacity?: number }): CellBatch {
  const { byteText, capacity = 256 * 1024 } = options;
  // allocUnsafeSlow: a buffer of its own, never a slice of Node's shared pool,
  // so it can be transferred to the worker.
  let buffer = Buffer.allocUnsafeSlow(capacity);
  // Whole buffers handed back by the worker, each as large as a batch was.
  const spare: ArrayBuffer[] = [];
  let used = 0;
  let cells = 0;

  return {
    add(cell) {
      // A UTF-16 code unit is at most 3 bytes of UTF-8.
      const room = cell.length * 3 + 1;
      if (used + room > buffer.length) {
        const bigger = Buffer.allocUnsafeSlow(Math.max(buffer.length * 2, used + room));
        buffer.copy(bigger, 0, 0, used);
        buffer = bigger;
      }
      // Cells are separated by LF, so a line break inside one becomes a space
      // (whitespace inside an address makes it invalid either way). Byte text
      // and ASCII, nearly every cell, are copied here: buffer.write costs more
      // per call than the copy itself.
      const n = cell.length;
      let i = 0;
      for (; i < n; i++) {
        const c = cell.charCodeAt(i);
        if (c >= 0x80 && !byteText) break;
        buffer[used + i] = c === 0x0a || c === 0x0d ? 0x20 : c;
      }
      if (i === n) used += n;
      else used += buffer.write(cell.replace(/[\r\n]/g, ' '), used, 'utf8');
      buffer[used++] = LF;
      cells += 1;
    },
    get cells() {
      return cells;
    },
    get bytes() {
      return used;
    },
    take() {
      const batch = { bytes: new Uint8Array(buffer.buffer, 0, used), cells };
      const again = spare.pop();
      buffer = again ? Buffer.from(again) : Buffer.allocUnsafeSlow(capacity);
      used = 0;
      cells = 0;
      return batch;
    },
    reuse(bytes) {
      // A few are enough: that many batches are in flight at most.
      if (spare.length < 8) spare.push(bytes.buffer);
    },
  };
}
