// What a test of the list readers watches: every worker thread started and
// every file read stream opened. Used from a test file's vi.mock factories:
//   vi.mock('node:worker_threads', async (real) => (await import('./io-spies')).trackWorkers(await real()));
//   vi.mock('node:fs', async (real) => (await import('./io-spies')).trackReadStreams(await real()));
import { once } from 'node:events';
import type * as Fs from 'node:fs';
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

/** How many bytes the import's reader took from the file before it closed. */
export async function bytesTakenFrom(path: string): Promise<number> {
  const stream = readStreams.find((s) => s.path === path);
  if (!stream) throw new Error(`${path} was never read`);
  if (!stream.closed) await once(stream, 'close');
  return stream.bytesRead;
}

/** For afterEach: forgets the streams, and fails if a worker started has not exited. */
export async function expectEveryWorkerExited(): Promise<void> {
  readStreams.length = 0;
  const started = workers.splice(0);
  const timeout = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3_000));
  for (const exited of started) expect(await Promise.race([exited, timeout])).not.toBe('hung');
}
