// Result archives (the older kind of result file): told apart by content (a
// zip starts with "PK\3\4", whatever the name or headers say) and unpacked
// with fflate under the same ceiling as the download, counted as it inflates:
// a small archive may hold a huge file, and none of it past the ceiling is
// kept in memory or written.
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import type { BodyLimit } from './bounded-body';

/**
 * The archive is fed to the inflater in pieces this small: deflate grows a
 * piece about a thousandfold at most, so one piece never inflates past a few
 * megabytes before it is counted.
 */
const FEED_BYTES = 4_096;

export async function isZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

async function write(out: Writable, chunk: Uint8Array): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * Unpacks the file an archive holds (its first file entry) to dest, never
 * more than `bound.limit` bytes of it: past that, inflating stops and
 * `bound.tooLarge()` is thrown (dest holds at most the limit; the caller removes it).
 */
export async function unzipTo(archive: string, dest: string, bound: BodyLimit): Promise<void> {
  const out = createWriteStream(dest);
  const pending: Uint8Array[] = [];
  let chosen: UnzipFile | null = null;
  let complete = false;
  let failure: Error | null = null;
  let inflated = 0;
  const unzip = new Unzip((file) => {
    if (chosen !== null || file.name.endsWith('/')) return;
    chosen = file;
    // A size the archive declares is refused before any of it is inflated.
    if ((file.originalSize ?? 0) > bound.limit) {
      failure = bound.tooLarge();
      return;
    }
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) {
        failure = err;
        return;
      }
      inflated += data.byteLength;
      if (inflated > bound.limit) {
        failure = bound.tooLarge();
        file.terminate();
        return;
      }
      pending.push(data);
      if (final) complete = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const flush = async () => {
    if (failure) throw failure;
    while (pending.length) await write(out, pending.shift() as Uint8Array);
  };
  try {
    for await (const chunk of createReadStream(archive) as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length; at += FEED_BYTES) {
        unzip.push(chunk.subarray(at, at + FEED_BYTES));
        await flush();
      }
    }
    unzip.push(new Uint8Array(0), true);
    await flush();
    if (!complete) throw new Error('the archive holds no complete file');
    out.end();
    await once(out, 'finish');
  } catch (err) {
    // Closed before the caller removes it: Windows keeps an open file from being deleted.
    if (!out.closed) {
      const closed = once(out, 'close').catch(() => undefined);
      out.destroy();
      await closed;
    }
    throw err;
  }
}
