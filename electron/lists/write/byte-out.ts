// Text written to a file through two buffers used in turn: one fills while
// the other is written. A million-row export encodes its lines straight into
// bytes, without a string of a megabyte per chunk nor a fresh buffer for each
// write, so what it allocates is the rows themselves and nothing piles up for
// the garbage collector between its passes.
import { open, type FileHandle } from 'node:fs/promises';

export interface ByteOut {
  /** Appends `text`, encoded. */
  put(text: string): void;
  /** Appends bytes as they are. */
  putBytes(bytes: Uint8Array): void;
  /** Appends bytes[start, end) as they are. */
  putRange(bytes: Buffer, start: number, end: number): void;
  /** Bytes put and not yet being written. */
  readonly held: number;
  /**
   * Starts writing what is held, unless a write is under way (then what is
   * held waits for the next flush); returns the write started, or null.
   */
  flush(): Promise<void> | null;
  /** The write under way, or null: a caller far ahead of the disk waits for it. */
  busy(): Promise<void> | null;
  /** Writes the rest and closes the file. */
  end(): Promise<void>;
  /** Closes the file, written or not. */
  destroy(): Promise<void>;
}

/** Text up to this long is copied a character at a time (see put). */
const SHORT = 16;

export async function openByteOut(
  path: string,
  encoding: 'utf8' | 'latin1',
  firstSize = 1 << 20,
): Promise<ByteOut> {
  const handle: FileHandle = await open(path, 'wx');
  const perChar = encoding === 'latin1' ? 1 : 3;
  // Characters that are their own byte in this encoding.
  const maxCopied = encoding === 'latin1' ? 0xff : 0x7f;
  let filling = Buffer.allocUnsafe(firstSize);
  let spare = Buffer.allocUnsafe(firstSize);
  let held = 0;
  let writing: Promise<void> | null = null;
  let closed = false;
  const room = (bytes: number) => {
    if (held + bytes <= filling.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(filling.length * 2, held + bytes));
    filling.copy(bigger, 0, 0, held);
    filling = bigger;
  };
  const writeAll = async (bytes: Buffer, length: number) => {
    for (let done = 0; done < length;) {
      const { bytesWritten } = await handle.write(bytes, done, length - done);
      done += bytesWritten;
    }
  };
  const flush = (): Promise<void> | null => {
    if (writing || held === 0) return null;
    const full = filling;
    const length = held;
    filling = spare;
    spare = full;
    held = 0;
    writing = writeAll(full, length).finally(() => {
      writing = null;
    });
    return writing;
  };
  return {
    put(text) {
      const n = text.length;
      room(n * perChar);
      // Short pieces (a delimiter, a status) are copied here: for those a
      // copy costs less than Buffer.write's call into C++.
      if (n <= SHORT) {
        let i = 0;
        for (; i < n; i++) {
          const c = text.charCodeAt(i);
          if (c > maxCopied) break;
          filling[held + i] = c;
        }
        if (i === n) {
          held += n;
          return;
        }
      }
      held += filling.write(text, held, encoding);
    },
    putBytes(bytes) {
      room(bytes.length);
      filling.set(bytes, held);
      held += bytes.length;
    },
    putRange(bytes, start, end) {
      const n = end - start;
      room(n);
      if (n <= SHORT) {
        for (let i = 0; i < n; i++) filling[held + i] = bytes[start + i] as number;
      } else bytes.copy(filling, held, start, end);
      held += n;
    },
    get held() {
      return held;
    },
    flush,
    busy: () => writing,
    async end() {
      while (writing) await writing;
      await flush();
      closed = true;
      await handle.close();
    },
    async destroy() {
      if (closed) return;
      closed = true;
      await writing?.catch(() => undefined);
      await handle.close();
    },
  };
}
