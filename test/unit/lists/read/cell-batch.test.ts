// Gathering address cells as UTF-8 bytes for the classify worker.
import { describe, expect, it } from 'vitest';
import { createCellBatch } from '../../../../electron/lists/read/cell-batch';
import { toByteText } from '../../../../electron/lists/read/encoding';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('createCellBatch', () => {
  it('writes each cell as UTF-8 with an LF after it, line breaks inside made spaces', () => {
    const batch = createCellBatch({ byteText: false });
    for (const cell of ['a@x.com', '', 'jürgen@bücher.de', 'two\r\nlines', '🎉']) batch.add(cell);
    expect(batch.cells).toBe(5);
    const { bytes, cells } = batch.take();
    expect(cells).toBe(5);
    expect(text(bytes)).toBe('a@x.com\n\njürgen@bücher.de\ntwo  lines\n🎉\n');
    expect(batch.bytes).toBe(batch.cells); // a fresh batch: both 0
  });

  it('copies byte text as the bytes it is', () => {
    const batch = createCellBatch({ byteText: true });
    for (const cell of ['jürgen@bücher.de', 'line\nbreak', '中文']) batch.add(toByteText(cell));
    expect(text(batch.take().bytes)).toBe('jürgen@bücher.de\nline break\n中文\n');
  });

  it('grows for a cell larger than its buffer, keeping what it holds', () => {
    const batch = createCellBatch({ byteText: false, capacity: 16 });
    const big = `${'x'.repeat(100_000)}é`;
    batch.add('a@x.com');
    batch.add(big);
    batch.add('b@x.com');
    expect(text(batch.take().bytes)).toBe(`a@x.com\n${big}\nb@x.com\n`);
  });

  it('hands over memory of its own, which can be transferred to a worker', () => {
    const batch = createCellBatch({ byteText: false });
    batch.add('a@x.com');
    const { bytes } = batch.take();
    const moved = structuredClone(bytes, { transfer: [bytes.buffer] });
    expect(text(moved)).toBe('a@x.com\n');
    expect(bytes.buffer.byteLength).toBe(0); // detached: it went with the message
    batch.add('b@x.com');
    expect(text(batch.take().bytes)).toBe('b@x.com\n');
  });
});
