// Which encoding a list file is in, and a text stream of it. UTF-8 (with or
// without BOM) and UTF-16 with BOM are recognised by their bytes; a file that
// is not valid UTF-8 all the way through is read as Windows-1252, as Excel
// writes it on Western systems.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { Transform, type Readable } from 'node:stream';
import type { Encoding } from './types';

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

/** Whether the whole file is valid UTF-8, checked in blocks without holding it. */
/** Whether the file (or its first `limit` bytes) is valid UTF-8. */
async function isUtf8File(path: string, from: number, limit = Infinity): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const block = Buffer.alloc(1 << 20);
    let carry = Buffer.alloc(0);
    let position = from;
    for (;;) {
      const { bytesRead } = await handle.read(block, 0, block.length, position);
      if (bytesRead === 0) return carry.length === 0 || isUtf8(carry);
      position += bytesRead;
      const data = carry.length
        ? Buffer.concat([carry, block.subarray(0, bytesRead)])
        : block.subarray(0, bytesRead);
      // Hold back an incomplete sequence at the end of the block for the next one.
      let cut = data.length;
      for (let back = 1; back <= 3 && back <= data.length; back++) {
        const byte = data[data.length - back] as number;
        if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking back
        const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
        if (need > back) cut = data.length - back;
        break;
      }
      if (!isUtf8(data.subarray(0, cut))) return false;
      // A sequence cut at the limit is judged with the rest of the file, later.
      if (position - from >= limit) return true;
      carry = Buffer.from(data.subarray(cut));
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

/**
 * The file as a stream of text, BOM removed. `onBytes` reports raw bytes read,
 * for progress. highWaterMark is large: fewer, bigger chunks parse faster.
 */
/** A file read as UTF-8 held a byte sequence that is not UTF-8. */
export class NotUtf8Error extends Error {
  constructor() {
    super('the file is not valid UTF-8 after all');
    this.name = 'NotUtf8Error';
  }
}

export function decodedStream(
  path: string,
  encoding: Encoding,
  onBytes?: (bytes: number) => void,
  options: { fatal?: boolean } = {},
): Readable {
  const fatal = options.fatal === true && (encoding === 'utf-8' || encoding === 'utf-8-bom');
  const decoder = new TextDecoder(decoderLabel[encoding], { ignoreBOM: false, fatal });
  const decodeOrFail = (chunk?: Buffer): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch (err) {
      if (fatal) throw new NotUtf8Error();
      throw err;
    }
  };
  const source = createReadStream(path, { start: 0, highWaterMark: 1 << 20 });
  let read = 0;
  // Strings travel as objects: no round trip through Buffer for each chunk.
  const decode = new Transform({
    writableObjectMode: false,
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done) {
      read += chunk.length;
      onBytes?.(read);
      let text: string;
      try {
        text = decodeOrFail(chunk);
      } catch (err) {
        done(err as Error);
        return;
      }
      done(null, text.length > 0 ? text : undefined);
    },
    flush(done) {
      let rest: string;
      try {
        rest = decodeOrFail();
      } catch (err) {
        done(err as Error);
        return;
      }
      done(null, rest.length > 0 ? rest : undefined);
    },
  });
  source.on('error', (err) => decode.destroy(err));
  // pipe() does not destroy its source when the destination goes: closing the
  // text stream early (a cancelled import) must close the file too.
  decode.once('close', () => source.destroy());
  return source.pipe(decode);
}
