// Which encoding a list file is in, and a text stream of it. UTF-8 (with or
// without BOM) and UTF-16 with BOM are recognised by their bytes; a file that
// is not valid UTF-8 all the way through is read as Windows-1252, as Excel
// writes it on Western systems.
import { open, type FileHandle } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import type { Encoding } from '../types';

const decoderLabel: Record<Encoding, string> = {
  'utf-8': 'utf-8',
  'utf-8-bom': 'utf-8',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'windows-1252': 'windows-1252',
};

export const encodingNames: Record<Encoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with BOM',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};

export function bomLength(encoding: Encoding): number {
  return encoding === 'utf-8-bom' ? 3 : encoding === 'utf-16le' || encoding === 'utf-16be' ? 2 : 0;
}

/**
 * Where an incomplete UTF-8 sequence starts at the end of `data` (its length
 * when the last sequence is complete): the bytes from there belong with the
 * next block.
 */
function completeUpTo(data: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= data.length; back++) {
    const byte = data[data.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? data.length - back : data.length;
  }
  return data.length;
}

/**
 * Checks UTF-8 block by block: a sequence cut at a block's end is held back
 * and judged with the next block.
 */
function utf8Checker() {
  let carry: Buffer = Buffer.alloc(0);
  return {
    /** Whether the bytes so far can still be UTF-8. */
    next(block: Buffer): boolean {
      const data = carry.length ? Buffer.concat([carry, block]) : block;
      const cut = completeUpTo(data);
      carry = Buffer.from(data.subarray(cut));
      return isUtf8(data.subarray(0, cut));
    },
    /** Whether the file ended on a complete sequence. */
    end(): boolean {
      return carry.length === 0;
    },
  };
}

/** Whether the file (or its first `limit` bytes) is valid UTF-8. */
async function isUtf8File(path: string, from: number, limit = Infinity): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const block = Buffer.alloc(1 << 20);
    const check = utf8Checker();
    let position = from;
    for (;;) {
      const { bytesRead } = await handle.read(block, 0, block.length, position);
      if (bytesRead === 0) return check.end();
      position += bytesRead;
      if (!check.next(block.subarray(0, bytesRead))) return false;
      // A sequence cut at the limit is judged with the rest of the file, later.
      if (position - from >= limit) return true;
    }
  } finally {
    await handle.close();
  }
}

/**
 * With `prefixOnly`, only the first megabyte decides between UTF-8 and
 * Windows-1252; the rest is checked while the file is read (decodedStream
 * with `fatal`), so a valid file is not read twice.
 */
export async function detectEncoding(
  path: string,
  options: { prefixOnly?: boolean } = {},
): Promise<Encoding> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(4);
  let bytesRead: number;
  try {
    ({ bytesRead } = await handle.read(head, 0, 4, 0));
  } finally {
    await handle.close();
  }
  if (bytesRead >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return 'utf-8-bom';
  if (bytesRead >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (bytesRead >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const limit = options.prefixOnly ? 1 << 20 : Infinity;
  return (await isUtf8File(path, 0, limit)) ? 'utf-8' : 'windows-1252';
}

/** A file read as UTF-8 held a byte sequence that is not UTF-8. */
export class NotUtf8Error extends Error {
  constructor() {
    super('the file is not valid UTF-8 after all');
    this.name = 'NotUtf8Error';
  }
}

/**
 * Whether a list in this encoding is parsed as byte text: a string with one
 * character per byte (Latin-1), the file's bytes exactly. For UTF-8 that is
 * safe, because every byte of a multi-byte character is 0x80 or above and so
 * never a delimiter, quote or line break: papaparse finds the same rows and
 * cells, each cell holding its UTF-8 bytes. It spares decoding the file, and
 * gives the classify worker and the cleaned file the bytes they want anyway.
 * Cells meant for people are turned into text with fromByteText.
 */
export function parsesAsBytes(encoding: Encoding): boolean {
  return encoding === 'utf-8' || encoding === 'utf-8-bom';
}

/** A cell of byte text (see parsesAsBytes) as the text it encodes. */
export function fromByteText(bytes: string): string {
  // Most cells are ASCII, their own text: a workbook export decodes every cell.
  for (let i = 0; i < bytes.length; i++) {
    if (bytes.charCodeAt(i) >= 0x80) return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return bytes;
}

/** Text as byte text (see parsesAsBytes): its UTF-8 bytes, one character each. */
export function toByteText(text: string): string {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x80) return Buffer.from(text, 'utf8').toString('latin1');
  }
  return text; // ASCII is its own byte text
}

/**
 * Text handed on at a time. Each chunk becomes a string, and a string under
 * 128 KB is an ordinary young object that the next scavenge frees once its
 * rows are parsed; a larger one is a "large object", freed only by a full
 * collection, and a long file left tens of megabytes of them waiting.
 */
const TEXT_CHUNK = 64 * 1024;
/**
 * Bytes read from the file at a time, handed on a TEXT_CHUNK at a time: each
 * read is a trip to libuv's thread pool and back, which on a busy machine
 * costs the reading thread more than the copy.
 */
const READ_BYTES = 16 * TEXT_CHUNK;

/**
 * The file as a stream of text, BOM removed: byte text for UTF-8 (see
 * parsesAsBytes), decoded text otherwise. `onBytes` reports raw bytes read,
 * for progress. With `fatal`, a file read as UTF-8 that is not fails the
 * stream with NotUtf8Error. The file is read into two buffers in turn (each
 * chunk is copied into its string first), so a file of gigabytes leaves no
 * trail of buffers for the garbage collector; the next part of the file is
 * already being read while the parser works on this one, so the reader never
 * waits for the disk between two parts.
 */
export function textStream(
  path: string,
  encoding: Encoding,
  onBytes?: (bytes: number) => void,
  options: { fatal?: boolean } = {},
): Readable {
  const asBytes = parsesAsBytes(encoding);
  const check = options.fatal && asBytes ? utf8Checker() : null;
  const decoder = asBytes ? null : new TextDecoder(decoderLabel[encoding], { ignoreBOM: false });
  const buffers = [Buffer.allocUnsafe(READ_BYTES), Buffer.allocUnsafe(READ_BYTES)] as const;
  let turn = 0;
  // Byte text starts after the BOM; a decoder removes it itself.
  let position = asBytes ? bomLength(encoding) : 0;
  let opening: Promise<FileHandle> | null = null;
  type Read = { bytes: Buffer; bytesRead: number };
  let ahead: Promise<Read> | null = null;
  // The part read last, handed on a TEXT_CHUNK at a time from `used`.
  let part: Read | null = null;
  let used = 0;
  const readAt = (handle: FileHandle, at: number): Promise<Read> => {
    const bytes = buffers[turn] as Buffer;
    turn ^= 1;
    return handle.read(bytes, 0, bytes.length, at).then(({ bytesRead }) => ({ bytes, bytesRead }));
  };
  /** The next text of the file: '' for a chunk that decodes to nothing yet, null at the end. */
  const next = async (): Promise<string | null> => {
    if (!part || used === part.bytesRead) {
      opening ??= open(path, 'r');
      const handle = await opening;
      part = await (ahead ?? readAt(handle, position));
      used = 0;
      ahead = null;
      if (part.bytesRead === 0) {
        if (check && !check.end()) throw new NotUtf8Error();
        const rest = decoder ? decoder.decode() : '';
        return rest.length > 0 ? rest : null;
      }
      position += part.bytesRead;
      if (check && !check.next(part.bytes.subarray(0, part.bytesRead))) throw new NotUtf8Error();
      // Into the other buffer, while this part is turned into text and parsed.
      ahead = readAt(handle, position);
      // Settled by a later call, or never looked at once the stream is destroyed.
      ahead.catch(() => undefined);
      onBytes?.(position);
    }
    const from = used;
    used = Math.min(part.bytesRead, used + TEXT_CHUNK);
    const chunk = part.bytes.subarray(from, used);
    return decoder ? decoder.decode(chunk, { stream: true }) : chunk.toString('latin1');
  };
  let done = false;
  return new Readable({
    objectMode: true,
    highWaterMark: 1,
    read() {
      if (done) {
        this.push(null);
        return;
      }
      const pushNext = (): void => {
        next().then(
          (text) => {
            if (text === null) {
              done = true;
              this.push(null);
            } else if (text === '') pushNext();
            else this.push(text);
          },
          (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      };
      pushNext();
    },
    destroy(err, callback) {
      // Closed with the stream, also when it is closed early (a cancelled
      // import), once the read ahead is over.
      const reading = ahead?.catch(() => undefined);
      const closing =
        opening?.then(async (handle) => {
          await reading;
          await handle.close();
        }) ?? Promise.resolve();
      closing.then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
}
