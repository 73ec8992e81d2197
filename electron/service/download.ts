// Downloading a result file: streamed to disk, told apart by content (a zip
// archive starts with "PK\3\4", whatever the name or headers say), unpacked
// with fflate, and renamed into place only when whole.
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import {
  ServiceError,
  badResponseError,
  linkExpiredError,
  networkError,
  timeoutError,
} from './errors';

export interface DownloadedResult {
  format: 'csv' | 'zip';
  path: string;
  bytes: number;
}

const ENDPOINT = 'GET result_url';

async function isZip(path: string): Promise<boolean> {
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

/** Unpacks the file an archive holds (its first file entry) to dest. */
async function unzipTo(archive: string, dest: string): Promise<void> {
  const out = createWriteStream(dest);
  const pending: Uint8Array[] = [];
  let chosen: UnzipFile | null = null;
  let complete = false;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (chosen !== null || file.name.endsWith('/')) return;
    chosen = file;
    file.ondata = (err, data, final) => {
      if (err) failure = err;
      else {
        pending.push(data);
        if (final) complete = true;
      }
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
      unzip.push(chunk);
      await flush();
    }
    unzip.push(new Uint8Array(0), true);
    await flush();
    if (!complete) throw new Error('the archive holds no complete file');
    out.end();
    await once(out, 'finish');
  } catch (err) {
    out.destroy();
    throw err;
  }
}

export async function downloadResultFile(
  url: string,
  destPath: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<DownloadedResult> {
  const host = new URL(url).host;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const part = `${destPath}.part`;
  const unpacked = `${destPath}.unzip`;
  const fail = (err: unknown): never => {
    if (options.signal?.aborted) throw options.signal.reason;
    if (err instanceof ServiceError) throw err;
    if (timeout.aborted) throw timeoutError(host, Math.round(options.timeoutMs / 1000));
    throw networkError(host, err);
  };
  try {
    // The link is signed by the service: it gets no API key, which must never
    // go to whatever host a link points at.
    let res: Response;
    try {
      res = await fetch(url, { signal });
    } catch (err) {
      return fail(err);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      if ([403, 404, 410].includes(res.status)) throw linkExpiredError(res.status);
      throw badResponseError(ENDPOINT, text.slice(0, 80) || res.statusText, res.status);
    }
    if (!res.body) throw badResponseError(ENDPOINT, 'no body', res.status);
    try {
      await pipeline(
        Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        createWriteStream(part),
      );
    } catch (err) {
      return fail(err);
    }
    const zip = await isZip(part);
    if (zip) {
      try {
        await unzipTo(part, unpacked);
      } catch (err) {
        throw badResponseError(
          ENDPOINT,
          `the archive could not be unpacked (${String(err)})`,
          res.status,
        );
      }
      await rename(unpacked, destPath);
    } else {
      await rename(part, destPath);
    }
    const handle = await open(destPath, 'r');
    const { size } = await handle.stat();
    await handle.close();
    return { format: zip ? 'zip' : 'csv', path: destPath, bytes: size };
  } finally {
    await rm(part, { force: true });
    await rm(unpacked, { force: true });
  }
}
