// A file read a chunk of whole lines at a time: what every reader of a job's
// line files (addresses, outcomes) needs so that no list, however long, is
// held whole, and no line (nor a UTF-8 character) is cut in two. The same for
// files of records of other shapes (the team outbox's), given where their
// last whole record ends.
import type { FileHandle } from 'node:fs/promises';

/**
 * Yields `bytes` with the whole lines read so far in bytes[0, end), in file
 * order. The buffer is the generator's own, reused once the next chunk is
 * asked for; a line longer than it makes it grow. A last line without its
 * line end is never yielded: a torn append, or not a line of the file.
 */
export const wholeLineChunks = (
  handle: FileHandle,
  chunkBytes: number,
): AsyncGenerator<{ bytes: Buffer; end: number }> =>
  wholeChunks(handle, chunkBytes, (bytes, held) => bytes.lastIndexOf(0x0a, held - 1) + 1);

/**
 * As wholeLineChunks, for records whose last whole one in bytes[0, held)
 * ends where `wholeEnd` says (0: none whole yet).
 */
export async function* wholeChunks(
  handle: FileHandle,
  chunkBytes: number,
  wholeEnd: (bytes: Buffer, held: number) => number,
): AsyncGenerator<{ bytes: Buffer; end: number }> {
  let bytes = Buffer.allocUnsafe(chunkBytes);
  // bytes[0, held) are read and not handed over yet: at most one unfinished line.
  let held = 0;
  for (;;) {
    if (held === bytes.length) {
      const longer = Buffer.allocUnsafe(bytes.length * 2);
      bytes.copy(longer, 0, 0, held);
      bytes = longer;
    }
    const { bytesRead } = await handle.read(bytes, held, bytes.length - held, null);
    if (bytesRead === 0) return;
    held += bytesRead;
    const end = wholeEnd(bytes, held);
    if (end === 0) continue;
    yield { bytes, end };
    held = bytes.copy(bytes, 0, end, held);
  }
}
