// What a test of the list readers watches: every worker thread started, and
// every file read stream and file handle opened. Used from a test file's
// vi.mock factories:
//   vi.mock('node:worker_threads', async (real) => (await import('./io-spies')).trackWorkers(await real()));
//   vi.mock('node:fs', async (real) => (await import('./io-spies')).trackReadStreams(await real()));
//   vi.mock('node:fs/promises', async (real) => (await import('./io-spies')).trackFileHandles(await real()));
import { once } from 'node:events';
import type * as Fs from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';
import { expect } from 'vitest';

/** Resolves with each started worker's exit code. */
export const workers: Promise<number>[] = [];
export const readStreams: ReadStream[] = [];

export function trackWorkers(actual: typeof WorkerThreads): Record<string, unknown> {
  class TrackedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      workers.push(new Promise<number>((resolve) => this.once('exit', resolve)));
    }
  }
  return { ...actual, default: { ...actual, Worker: TrackedWorker }, Worker: TrackedWorker };
}

export function trackReadStreams(actual: typeof Fs): Record<string, unknown> {
  const createReadStream = ((...args: Parameters<typeof actual.createReadStream>) => {
    const stream = actual.createReadStream(...args);
    readStreams.push(stream);
    return stream;
  }) as typeof actual.createReadStream;
  return { ...actual, default: { ...actual, createReadStream }, createReadStream };
}

/** A file handle opened: its path, the bytes read through it, and when it was closed. */
export interface HandleReads {
  path: string;
  bytesRead: number;
  closed: Promise<void>;
}

export const handleReads: HandleReads[] = [];

export function trackFileHandles(actual: typeof FsPromises): Record<string, unknown> {
  const open = (async (...args: Parameters<typeof actual.open>) => {
    const handle = await actual.open(...args);
    let markClosed: () => void = () => undefined;
    const record: HandleReads = {
      path: String(args[0]),
      bytesRead: 0,
      closed: new Promise<void>((resolve) => {
        markClosed = resolve;
      }),
    };
    handleReads.push(record);
    const read = handle.read.bind(handle) as (...a: unknown[]) => Promise<{ bytesRead: number }>;
    Object.assign(handle, {
      read: async (...a: unknown[]) => {
        const result = await read(...a);
        record.bytesRead += result.bytesRead;
        return result;
      },
    });
    const close = handle.close.bind(handle);
    Object.assign(handle, {
      close: async () => {
        try {
          await close();
        } finally {
          markClosed();
        }
      },
    });
    return handle;
  }) as typeof actual.open;
  return { ...actual, default: { ...actual, open }, open };
}

/**
 * How many bytes the import's reader took from the file before it closed:
 * the most any one stream or handle read of it (others read only its head).
 */
export async function bytesTakenFrom(path: string): Promise<number> {
  const streams = readStreams.filter((s) => s.path === path);
  const handles = handleReads.filter((h) => h.path === path);
  if (streams.length + handles.length === 0) throw new Error(`${path} was never read`);
  for (const stream of streams) if (!stream.closed) await once(stream, 'close');
  await Promise.all(handles.map((h) => h.closed));
  return Math.max(...streams.map((s) => s.bytesRead), ...handles.map((h) => h.bytesRead));
}

/** For afterEach: forgets the streams, and fails if a worker started has not exited. */
export async function expectEveryWorkerExited(): Promise<void> {
  readStreams.length = 0;
  handleReads.length = 0;
  const started = workers.splice(0);
  const timeout = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3_000));
  for (const exited of started) expect(await Promise.race([exited, timeout])).not.toBe('hung');
}
