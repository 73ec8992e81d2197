// A job's unique addresses (the import's address file, one per line), read
// from the file as they are asked for. In memory stay only each line's length
// (a byte an address; the rare longer line in a map), where every 64th line
// starts, and a few windows of the file read last: ten million addresses cost
// some 11 MB, not the gigabyte of their text and offsets. Reading in order (a
// task file, the memory's answers, the domains) goes a window at a time; the
// rows table's jumps read a window each.
//
// The file stays open while the book is: a job folder deleted under a running
// job still reads (the run notices at its next write, outcomes.ts), and an
// address file replaced by a new reading of the list (a new column) does not
// change a book opened before. close() lets it go; a book dropped without it
// is closed when collected.
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { grown } from '../../lib/grown';

export interface AddressBook {
  count: number;
  at(index: number): string;
  /** Bytes of address `index`'s line in a task file, its line end included. */
  lineBytes(index: number): number;
  /** Addresses start..end as one newline-terminated block, as a task file holds them. */
  lines(start: number, end: number): Buffer;
  /** Lets the file go; the book may not be read afterwards. */
  close(): void;
}

/** Lines between two kept starts. */
const STRIDE = 64;
/** Bytes read at a time, and windows kept. */
const WINDOW = 64 * 1024;
const WINDOWS = 4;
/** Bytes [start, end) of the address file, read into `room` (a window's own buffer). */
interface Window {
  start: number;
  end: number;
  bytes: Buffer;
  room: Buffer;
}

/** A line's length stored as this (or more) is in the map of long lines. */
const LONG = 255;

const closer = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Closed already.
  }
});

/**
 * Reads `length` bytes at `position` into `into` (a new buffer if not
 * given); short only at the file's end.
 */
function readAt(fd: number, position: number, length: number, into?: Buffer): Buffer {
  const bytes = into && into.length >= length ? into : Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, bytes, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === bytes.length ? bytes : bytes.subarray(0, got);
}

/** One pass over the file: each line's length and every STRIDE-th line's start. */
async function measure(path: string) {
  let lengths = new Uint8Array(1024);
  const long = new Map<number, number>();
  let starts = new Float64Array(64);
  let count = 0;
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    let position = 0;
    let lineStart = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      for (let lf = chunk.indexOf(0x0a); lf !== -1 && lf < bytesRead;) {
        const end = position + lf + 1;
        if (count === lengths.length) lengths = grown(lengths);
        if (count % STRIDE === 0) {
          if (count / STRIDE === starts.length) starts = grown(starts);
          starts[count / STRIDE] = lineStart;
        }
        const length = end - lineStart;
        lengths[count] = Math.min(length, LONG);
        if (length >= LONG) long.set(count, length);
        count += 1;
        lineStart = end;
        lf = chunk.indexOf(0x0a, lf + 1);
      }
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return { count, lengths, long, starts };
}

export async function openAddressBook(path: string): Promise<AddressBook> {
  const { count, lengths, long, starts } = await measure(path);
  // Opened after the measuring: a file replaced between the two is told by its lines.
  const fd = openSync(path, 'r');
  let closed = false;
  const lineBytes = (index: number): number => {
    const length = lengths[index] as number;
    return length === LONG ? (long.get(index) as number) : length;
  };
  // The last line asked for: reading in order finds the next one's start at once.
  let lastIndex = -2;
  let lastStart = 0;
  const startOf = (index: number): number => {
    let start: number;
    if (index === lastIndex + 1) start = lastStart + lineBytes(lastIndex);
    else if (index === lastIndex) start = lastStart;
    else {
      const from = index - (index % STRIDE);
      start = starts[from / STRIDE] as number;
      for (let i = from; i < index; i++) start += lineBytes(i);
    }
    lastIndex = index;
    lastStart = start;
    return start;
  };
  const windows: Window[] = [];
  let next = 0;
  // The window read from last: reading in order stays in it for a thousand lines or so.
  let current: Window = { start: 0, end: 0, bytes: Buffer.alloc(0), room: Buffer.alloc(0) };
  /** The window holding bytes [start, end) of the file, read if none does. */
  const windowOver = (start: number, end: number): Window => {
    if (current.start <= start && end <= current.end) return current;
    for (let k = 0; k < windows.length; k++) {
      const w = windows[k] as Window;
      if (w.start <= start && end <= w.end) return (current = w);
    }
    if (closed) throw new Error('the address book was closed');
    // The oldest window's buffer is read into again: reading a whole book in
    // order allocates nothing after the first few windows.
    const old = windows[next];
    const bytes = readAt(fd, start, Math.max(WINDOW, end - start), old?.room);
    if (bytes.length < end - start) throw new Error('the address file was cut short');
    current = { start, end: start + bytes.length, bytes, room: old?.room ?? bytes };
    if (bytes.length > WINDOW) current.room = old?.room ?? Buffer.allocUnsafe(WINDOW);
    windows[next] = current;
    next = (next + 1) % WINDOWS;
    return current;
  };
  const range = (from: number, to: number): [number, number] => {
    if (from < 0 || to > count || from > to)
      throw new RangeError(`addresses ${from}..${to} of ${count}`);
    const start = from === count ? 0 : startOf(from);
    let end = start;
    if (to > from) end = to === count ? startOf(to - 1) + lineBytes(to - 1) : startOf(to);
    return [start, end];
  };
  const book: AddressBook = {
    count,
    at(index) {
      if (index < 0 || index >= count) throw new RangeError(`address ${index} of ${count}`);
      const start = startOf(index);
      let length = lengths[index] as number;
      if (length === LONG) length = long.get(index) as number;
      const end = start + length - 1;
      const w = current.start <= start && end <= current.end ? current : windowOver(start, end);
      return w.bytes.toString('utf8', start - w.start, end - w.start);
    },
    lineBytes,
    lines(from, to) {
      const [start, end] = range(from, to);
      if (closed) throw new Error('the address book was closed');
      const bytes = readAt(fd, start, end - start);
      if (bytes.length < end - start) throw new Error('the address file was cut short');
      return bytes;
    },
    close() {
      if (closed) return;
      closed = true;
      closer.unregister(book);
      windows.length = 0;
      current = { start: 0, end: 0, bytes: Buffer.alloc(0), room: Buffer.alloc(0) };
      closeSync(fd);
    },
  };
  closer.register(book, fd, book);
  return book;
}
