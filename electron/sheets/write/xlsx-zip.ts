// The zip under a workbook, written as it goes. yazl writes its entries one
// after the other: an entry's stream is read only once the entry before it has
// ended, so text written to a later sheet waits in that sheet's stream. Memory
// stays bounded because every write respects the stream's answer: when write()
// says the buffer is full, the writer waits for 'drain' before building more.
import { createWriteStream, type WriteStream } from 'node:fs';
import { lstat, rm } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';

/** What one entry's stream may hold before the writer waits: a few chunks of XML. */
const ENTRY_BUFFER_BYTES = 4 * 1024 * 1024;

function abortedError(): Error {
  const error = new Error('The workbook was not finished: its writing was stopped.');
  error.name = 'AbortError';
  return error;
}

export class ZipSink {
  private readonly zip = new yazl.ZipFile();
  private readonly file: WriteStream;
  private readonly closed: Promise<void>;
  private entry: PassThrough | null = null;
  private failure: Error | null = null;
  private rejectWait: ((error: Error) => void) | null = null;
  private aborted = false;
  private ended = false;

  constructor(private readonly path: string) {
    this.file = createWriteStream(path);
    this.closed = new Promise((resolve) => this.file.once('close', resolve));
    this.file.on('error', (error) => this.fail(error));
    this.zip.on('error', (error: Error) => this.fail(error));
    this.zip.outputStream.pipe(this.file);
  }

  /** The first error met (writing the file, zipping), or the abort. */
  get error(): Error | null {
    return this.failure;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.rejectWait?.(this.failure);
    this.rejectWait = null;
    // Nothing more can be written: close the file, so finish() and abort() see it closed.
    this.file.destroy();
  }

  /** Starts the next entry, which receives what write() is given until closeEntry(). */
  openEntry(name: string): void {
    const entry = new PassThrough({ highWaterMark: ENTRY_BUFFER_BYTES });
    entry.on('error', (error) => this.fail(error));
    this.zip.addReadStream(entry, name, { compress: true });
    this.entry = entry;
  }

  /** Writes to the open entry; a promise means wait for it before writing more. */
  write(chunk: string): Promise<void> | void {
    if (this.failure) return Promise.reject(this.failure);
    const entry = this.entry;
    if (entry === null) throw new Error('No open zip entry');
    if (entry.write(chunk)) return;
    return new Promise<void>((resolve, reject) => {
      const onDrain = (): void => {
        this.rejectWait = null;
        resolve();
      };
      entry.once('drain', onDrain);
      this.rejectWait = (error) => {
        entry.off('drain', onDrain);
        reject(error);
      };
    });
  }

  /** Ends the open entry with its last text. */
  closeEntry(lastChunk: string): void {
    if (this.failure) return;
    this.entry?.end(lastChunk);
    this.entry = null;
  }

  addText(name: string, text: string): void {
    if (this.failure) return;
    this.zip.addBuffer(Buffer.from(text, 'utf8'), name, { compress: true });
  }

  /** Ends the zip; resolves once the file is written and closed. */
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.ended) throw new Error('The workbook is already finished');
    this.ended = true;
    this.zip.end();
    await this.closed;
    if (this.failure) throw this.failure;
  }

  /** Stops writing, closes the file and deletes it. Never throws. */
  async abort(): Promise<void> {
    if (this.aborted) return;
    this.aborted = true;
    try {
      this.fail(abortedError());
      this.entry?.destroy();
      this.zip.outputStream.unpipe(this.file);
      await this.closed;
      // Only a file this wrote: never a device or link the path happened to name.
      if ((await lstat(this.path)).isFile()) await rm(this.path, { force: true });
    } catch {
      // Best effort, and a path that never came to exist lands here too.
    }
  }
}
