// parseRows: the one papaparse set-up the import and the merge share. Rows in
// order across chunks, each with its original text; pausing the text holds
// the file reading; a failure in the caller or the stream ends the parse.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { textStream as fileText } from '../../../../electron/lists/read/encoding';
import { parseRows, type Dialect } from '../../../../electron/lists/read/parse-config';
import { tempDir, writeManyAddresses } from './read-support';
import { handleReads } from './io-spies';

vi.mock('node:fs/promises', async (real) =>
  (await import('./io-spies')).trackFileHandles(await real()),
);

const comma: Dialect = { delimiter: ',', newline: '\n' };
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Text in object-mode chunks, cut where the test says. */
const textStream = (...chunks: string[]) => Readable.from(chunks);

describe('parseRows', () => {
  const chunks = ['id,note\n1,"a, b"\n2,"line', ' one\nline two"\n\n3,', '"say ""hi"""\n   \n4,x'];

  it('gives every row in order, whatever the chunk boundaries', async () => {
    const rows: string[][] = [];
    await parseRows(textStream(...chunks), comma, (row) => void rows.push(row));
    expect(rows).toEqual([
      ['id', 'note'],
      ['1', 'a, b'],
      ['2', 'line one\nline two'],
      ['3', 'say "hi"'],
      ['   '], // not empty: kept, so the merge writes it back
      ['4', 'x'],
    ]);
  });

  it("gives each row's original text, so together they are the whole input", async () => {
    const raws: string[] = [];
    await parseRows(textStream(...chunks), comma, (_row, raw) => void raws.push(raw));
    expect(raws.join('')).toBe(chunks.join(''));
    expect(raws[2]).toBe('2,"line one\nline two"\n');
    // The blank line before row 3 travels with it.
    expect(raws[3]).toBe('\n3,"say ""hi"""\n');
    expect(raws[5]).toBe('4,x');
  });

  it('can leave the text out when only the cells are wanted', async () => {
    const raws: string[] = [];
    await parseRows(textStream('a\nb\n'), comma, (_row, raw) => void raws.push(raw), {
      withText: false,
    });
    expect(raws).toEqual(['', '']);
  });

  it('gives a million-character file the same rows in step with its text', async () => {
    const dir = await tempDir('lc-parse-');
    const path = join(dir, 'list.csv');
    await writeManyAddresses(path, 150_000); // about 3.5 MB: several 1 MiB chunks
    let rows = 0;
    let text = '';
    await parseRows(fileText(path, 'utf-8'), comma, (row, raw) => {
      rows += 1;
      if (rows % 50_000 === 0) text += raw;
      expect(raw.startsWith(row[0] ?? '')).toBe(true);
    });
    expect(rows).toBeGreaterThan(100_000);
    expect(text.split('\n').filter(Boolean)).toHaveLength(Math.floor(rows / 50_000));
  });

  it('holds the file reading while the caller has paused the text', async () => {
    const dir = await tempDir('lc-parse-');
    const path = join(dir, 'big.csv');
    await writeManyAddresses(path, 1_500_000); // about 39 MB
    handleReads.length = 0;
    const text = fileText(path, 'utf-8');
    let readWhileBusy = -1;
    let first = true;
    await parseRows(text, comma, () => {
      if (!first) return;
      first = false;
      text.pause();
      void delay(300).then(() => {
        readWhileBusy = handleReads.find((h) => h.path === path)?.bytesRead ?? -1;
        text.resume();
      });
    });
    // A few chunks of read-ahead, not the 39 MB.
    expect(readWhileBusy).toBeGreaterThan(0);
    expect(readWhileBusy).toBeLessThan(24 * 1024 * 1024);
  });

  it('rejects with the error the caller throws, and stops reading', async () => {
    const boom = new Error('stop');
    let seen = 0;
    await expect(
      parseRows(textStream('a\nb\nc\n'), comma, () => {
        seen += 1;
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(seen).toBe(1);
  });

  it('rejects when the stream fails', async () => {
    const dir = await tempDir('lc-parse-');
    await writeFile(join(dir, 'x.csv'), 'a\n');
    await expect(
      parseRows(fileText(join(dir, 'missing.csv'), 'utf-8'), comma, () => undefined),
    ).rejects.toThrow(/ENOENT/);
  });
});
