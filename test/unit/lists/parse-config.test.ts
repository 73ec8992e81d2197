// parseRows: the one papaparse set-up the import and the merge share. Rows in
// order across chunks; a handler's promise holds the parse and the file
// reading; a handler's failure ends it, however the chunk arrived.
import type * as Fs from 'node:fs';
import type { ReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { decodedStream } from '../../../electron/lists/encoding';
import { parseRows, type Dialect } from '../../../electron/lists/parse-config';
import { tempDir, writeManyAddresses } from './read-support';

const readStreams = vi.hoisted(() => [] as ReadStream[]);
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof Fs>();
  const createReadStream = ((...args: Parameters<typeof actual.createReadStream>) => {
    const stream = actual.createReadStream(...args);
    readStreams.push(stream);
    return stream;
  }) as typeof actual.createReadStream;
  return { ...actual, default: { ...actual, createReadStream }, createReadStream };
});

const comma: Dialect = { delimiter: ',', newline: '\n' };
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Text in object-mode chunks, cut where the test says. */
const textStream = (...chunks: string[]) => Readable.from(chunks);

describe('parseRows', () => {
  it('gives every row in order, whatever the chunk boundaries', async () => {
    const rows: string[][] = [];
    await parseRows(
      textStream('id,note\n1,"a, b"\n2,"line', ' one\nline two"\n\n3,', '"say ""hi"""\n   \n4,x'),
      comma,
      { rows: (chunk) => void rows.push(...chunk) },
    );
    expect(rows).toEqual([
      ['id', 'note'],
      ['1', 'a, b'],
      ['2', 'line one\nline two'],
      ['3', 'say "hi"'],
      ['   '], // not empty: kept, so the merge writes it back
      ['4', 'x'],
    ]);
  });

  it('waits for a handler promise before the next chunk', async () => {
    const dir = await tempDir('lc-parse-');
    const path = join(dir, 'list.csv');
    await writeManyAddresses(path, 150_000); // about 3.5 MB: several 1 MiB chunks
    const order: string[] = [];
    let chunks = 0;
    await parseRows(decodedStream(path, 'utf-8'), comma, {
      rows: async () => {
        const n = (chunks += 1);
        order.push(`start ${n}`);
        await delay(5);
        order.push(`end ${n}`);
      },
    });
    expect(chunks).toBeGreaterThan(2);
    expect(order).toEqual(
      Array.from({ length: chunks }, (_, i) => [`start ${i + 1}`, `end ${i + 1}`]).flat(),
    );
  });

  it('holds the file reading while a handler is busy, instead of queueing the file', async () => {
    const dir = await tempDir('lc-parse-');
    const path = join(dir, 'big.csv');
    await writeManyAddresses(path, 1_500_000); // about 39 MB
    readStreams.length = 0;
    let readWhileBusy = -1;
    let first = true;
    await parseRows(decodedStream(path, 'utf-8'), comma, {
      rows: async () => {
        if (!first) return;
        first = false;
        await delay(300);
        readWhileBusy = readStreams[0]?.bytesRead ?? -1;
      },
    });
    // A few chunks of read-ahead, not the 39 MB.
    expect(readWhileBusy).toBeGreaterThan(0);
    expect(readWhileBusy).toBeLessThan(24 * 1024 * 1024);
  });

  it('rejects with the error a handler throws on the first chunk', async () => {
    const boom = new Error('stop');
    await expect(
      parseRows(textStream('a\nb\n'), comma, {
        rows: () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
  });

  it('rejects with the error a handler throws after the parse resumed', async () => {
    const dir = await tempDir('lc-parse-');
    const path = join(dir, 'list.csv');
    await writeManyAddresses(path, 150_000);
    let chunks = 0;
    const boom = new Error('cancelled');
    const settled = parseRows(decodedStream(path, 'utf-8'), comma, {
      rows: () => {
        chunks += 1;
        if (chunks === 1) return delay(5); // paused, then resumed by the promise
        throw boom;
      },
    });
    await expect(settled).rejects.toBe(boom);
    expect(chunks).toBe(2);
  });

  it('rejects when a handler promise rejects', async () => {
    const boom = new Error('worker died');
    await expect(
      parseRows(textStream('a\n', 'b\n'), comma, { rows: () => Promise.reject(boom) }),
    ).rejects.toBe(boom);
  });

  it('rejects when the stream fails', async () => {
    const dir = await tempDir('lc-parse-');
    await writeFile(join(dir, 'x.csv'), 'a\n');
    await expect(
      parseRows(decodedStream(join(dir, 'missing.csv'), 'utf-8'), comma, { rows: () => {} }),
    ).rejects.toThrow(/ENOENT/);
  });
});
