// Importing list files: every fixture's dialect, encoding, column and counts,
// the address file and the row index; preview, choosing a column, progress and
// cancelling. Every worker an import starts must have exited when it is done.
import { createWriteStream } from 'node:fs';
import { readFile, readdir, readlink, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIN_CONFIDENCE } from '../../../../electron/lists/read/column';
import {
  PREVIEW_ROWS,
  importList,
  type ImportProgress,
} from '../../../../electron/lists/read/read';
import { RowClass } from '../../../../electron/lists/types';
import { generatedFixtures } from '../../../fixtures/lists/generate';
import {
  badFileError,
  describeRows,
  expected,
  fixture,
  readAddresses,
  readIndex,
  tempDir,
  writeManyAddresses,
} from './read-support';
import { bytesTakenFrom, expectEveryWorkerExited, workers } from './io-spies';

// Every classify worker, so each test can prove none was left running; every
// file read stream, to see how far an import read before it stopped.
vi.mock('node:worker_threads', async (real) =>
  (await import('./io-spies')).trackWorkers(await real()),
);
vi.mock('node:fs', async (real) => (await import('./io-spies')).trackReadStreams(await real()));
vi.mock('node:fs/promises', async (real) =>
  (await import('./io-spies')).trackFileHandles(await real()),
);

afterEach(expectEveryWorkerExited);

describe.each(expected.map((e) => [e.file, e] as const))('%s', (_, want) => {
  it('matches expected.json (the fixture agrees with itself)', () => {
    const tally = { valid: 0, duplicate: 0, invalid: 0, empty: 0 };
    for (const row of want.rows) tally[row.split(':')[0] as keyof typeof tally] += 1;
    expect(want.rows).toHaveLength(want.counts.rows);
    expect(tally).toEqual({
      valid: want.counts.unique,
      duplicate: want.counts.duplicates,
      invalid: want.counts.invalid,
      empty: want.counts.empty,
    });
    expect(want.rows.filter((r) => r.startsWith('valid:')).map((r) => r.slice(6))).toEqual(
      want.addresses,
    );
  });

  it('is read with the expected encoding, dialect, column and counts', async () => {
    const workDir = await tempDir();
    const list = await importList(fixture(want.file), { workDir });
    expect({
      encoding: list.encoding,
      delimiter: list.delimiter,
      newline: list.newline,
      hasHeader: list.hasHeader,
      columns: list.columns,
      column: { index: list.column.index, name: list.column.name },
      counts: list.counts,
    }).toEqual({
      encoding: want.encoding,
      delimiter: want.delimiter,
      newline: want.newline,
      hasHeader: want.hasHeader,
      columns: want.columns,
      column: want.column,
      counts: want.counts,
    });
    expect(list.sourcePath).toBe(fixture(want.file));
    expect(list.sourceBytes).toBe((await stat(fixture(want.file))).size);
    expect(list.column.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
    expect(list.candidates[0]).toEqual(list.column);
    expect(list.candidates.map((c) => c.index).sort((a, b) => a - b)).toEqual(
      list.columns.map((_c, i) => i),
    );
    const confidences = list.candidates.map((c) => c.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  });

  it('writes the unique addresses in first-seen order and indexes every row', async () => {
    const workDir = await tempDir();
    const list = await importList(fixture(want.file), { workDir });
    expect(list.addressesPath).toBe(join(workDir, 'addresses.txt'));
    expect(list.rowIndexPath).toBe(join(workDir, 'rows.idx'));
    const addresses = await readAddresses(list.addressesPath);
    expect(addresses).toEqual(want.addresses);
    const rows = await readIndex(list.rowIndexPath);
    expect(describeRows(rows, addresses)).toEqual(want.rows);
    // The first sightings number the addresses 0, 1, 2, … in row order.
    const firsts = rows.filter((r) => r.cls === RowClass.valid).map((r) => r.addressIndex);
    expect(firsts).toEqual(addresses.map((_a, i) => i));
  });

  it('previews the first rows as parsed', async () => {
    const list = await importList(fixture(want.file), { workDir: await tempDir() });
    expect(list.preview).toHaveLength(Math.min(PREVIEW_ROWS, want.counts.rows));
    expect(list.preview[0]).toEqual(want.firstRow);
  });
});

describe('fixture details', () => {
  it('has the generated fixtures exactly as generate.ts writes them', async () => {
    for (const [name, bytes] of Object.entries(generatedFixtures())) {
      expect(Buffer.compare(await readFile(fixture(name)), bytes), name).toBe(0);
    }
  });

  it('keeps quoted line breaks, commas and doubled quotes inside their cell', async () => {
    const list = await importList(fixture('multiline-notes.csv'), { workDir: await tempDir() });
    expect(list.preview.map((r) => r[2])).toEqual([
      'Called twice, left a message.\nPrefers email, not phone.',
      'He said "send the brochure" — then "never mind".',
      'Line one\nLine two, with comma\n"Line three" quoted',
      '',
      'Duplicate of row 1,\nbut typed in capitals',
      'The address cell has a line break\ninside it',
      'Trailing note, "quoted" at end"',
    ]);
    expect(list.preview[5]?.[3]).toBe('broken\n@example.com');
    expect(list.preview.every((r) => r.length === 5)).toBe(true);
  });

  it('decodes Windows-1252 bytes into the characters Excel meant', async () => {
    const list = await importList(fixture('windows-1252.csv'), { workDir: await tempDir() });
    expect(list.preview[1]).toEqual([
      'maria.garcia@example.es',
      'María García',
      'Málaga',
      'Pagó 50 €',
    ]);
    expect(list.preview[3]?.[1]).toBe('Seán O’Brien');
    expect(list.preview[3]?.[3]).toBe('Says "hi", often');
  });

  it('keeps a CR inside a quoted cell of a CR-only file', async () => {
    const list = await importList(fixture('old-mac-cr.csv'), { workDir: await tempDir() });
    expect(list.preview[1]).toEqual([
      'woz@example.com',
      'Steve',
      'Wozniak',
      'Two lines\rin one note',
    ]);
  });

  it('keeps formula-like cells exactly as written', async () => {
    const list = await importList(fixture('excel-semicolon-bom-crlf.csv'), {
      workDir: await tempDir(),
    });
    expect(list.columns[0]).toBe('Nom'); // no BOM left on the first header
    expect(list.preview[2]?.[3]).toBe('=SUM(A1)');
    expect(list.preview[2]?.[5]).toBe('Rappeler; après 18h');
    expect(list.preview[3]?.[5]).toBe('@mention');
    expect(list.preview[8]?.[5]).toBe('=HYPERLINK("http://x")');
  });

  it('ranks a header that mentions email below the column that holds addresses', async () => {
    const list = await importList(fixture('hubspot-export.csv'), { workDir: await tempDir() });
    expect(list.column).toMatchObject({ index: 3, headerMatch: true });
    expect(list.column.confidence).toBeGreaterThanOrEqual(0.9);
    const unsubscribed = list.candidates.find((c) => c.name === 'Unsubscribed from all email');
    expect(unsubscribed).toMatchObject({ headerMatch: true, addressShare: 0 });
    expect(unsubscribed?.confidence).toBeLessThan(list.column.confidence);
  });

  it('finds the column by content when the header names nothing', async () => {
    const list = await importList(fixture('unhelpful-header.csv'), { workDir: await tempDir() });
    expect(list.column).toMatchObject({
      index: 1,
      name: 'b',
      headerMatch: false,
      addressShare: 0.8,
    });
  });
});

describe('choosing the column', () => {
  it('takes a column by header name, in any case and with stray spaces', async () => {
    const workDir = await tempDir();
    const list = await importList(fixture('hubspot-export.csv'), {
      workDir,
      column: '  phone NUMBER ',
    });
    expect(list.column).toMatchObject({ index: 4, name: 'Phone Number', confidence: 1 });
    expect(list.counts).toEqual({
      rows: 10,
      unique: 0,
      invalid: 2,
      empty: 8,
      duplicates: 0,
      ragged: 0,
    });
    expect(await readAddresses(list.addressesPath)).toEqual([]);
  });

  it('takes a column by index', async () => {
    const list = await importList(fixture('no-header.csv'), {
      workDir: await tempDir(),
      column: 1,
    });
    expect(list.column).toMatchObject({ index: 1, name: 'Column 2', confidence: 1 });
    expect(list.counts).toMatchObject({ rows: 6, unique: 0, invalid: 6, empty: 0 });
  });

  it('takes the detected column when asked for it by index, at full confidence', async () => {
    const workDir = await tempDir();
    const list = await importList(fixture('mailchimp-export.csv'), { workDir, column: 0 });
    expect(list.column).toMatchObject({ index: 0, name: 'Email Address', confidence: 1 });
    expect(await readAddresses(list.addressesPath)).toHaveLength(8);
  });

  it('names the columns when the chosen one does not exist', async () => {
    const byName = await badFileError(
      importList(fixture('pipe-delimited.txt'), { workDir: await tempDir(), column: 'E-mail' }),
    );
    expect(byName.message).toBe(
      'pipe-delimited.txt has no column "E-mail". Its columns are: customer_id, full_name, email_address, plan, mrr.',
    );
    const byIndex = await badFileError(
      importList(fixture('pipe-delimited.txt'), { workDir: await tempDir(), column: 9 }),
    );
    expect(byIndex.message).toContain('pipe-delimited.txt has no column 9.');
  });
});

/** A marketing CSV of `rows` rows with multi-line notes; returns the expected row descriptions. */
async function writeBigList(path: string, rows: number): Promise<string[]> {
  const out = createWriteStream(path);
  const want: string[] = [];
  const seen = new Set<string>();
  out.write('id,name,email,notes\n');
  for (let i = 0; i < rows; i++) {
    let email = `user${i % 9_000}@example${i % 3}.com`;
    if (i % 97 === 0) email = `broken${i}@`;
    if (i % 101 === 0) email = '';
    if (i % 13 === 0) email = email.toUpperCase();
    const lower = email.toLowerCase();
    if (email === '') want.push('empty');
    else if (lower.endsWith('@')) want.push('invalid');
    else if (seen.has(lower)) want.push(`duplicate:${lower}`);
    else {
      seen.add(lower);
      want.push(`valid:${lower}`);
    }
    const note = i % 5 === 0 ? `"Called on day ${i},\nsaid ""later"""` : `plain note ${i}`;
    if (!out.write(`${i},Person ${i},${email},${note}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return want;
}

describe('a larger list', () => {
  it('indexes rows across parse chunks and index blocks', async () => {
    const dir = await tempDir();
    const path = join(dir, 'big.csv');
    const want = await writeBigList(path, 40_000);
    expect((await stat(path)).size).toBeGreaterThan(2 * 1024 * 1024);
    const list = await importList(path, { workDir: dir });
    const addresses = await readAddresses(list.addressesPath);
    const described = describeRows(await readIndex(list.rowIndexPath), addresses);
    expect(described.length).toBe(want.length);
    // One assertion, but a readable first difference if it fails.
    const firstWrong = described.findIndex((d, i) => d !== want[i]);
    expect(firstWrong === -1 ? null : { row: firstWrong, got: described[firstWrong] }).toBeNull();
    expect(list.counts).toEqual({
      rows: 40_000,
      unique: want.filter((w) => w.startsWith('valid:')).length,
      duplicates: want.filter((w) => w.startsWith('duplicate:')).length,
      invalid: want.filter((w) => w === 'invalid').length,
      empty: want.filter((w) => w === 'empty').length,
      ragged: 0,
    });
    expect(list.preview).toHaveLength(PREVIEW_ROWS);
    expect(list.preview[0]?.[3]).toBe('Called on day 0,\nsaid "later"');
    expect(list.preview[49]?.[0]).toBe('49');
  });

  it('previews only the first 50 data rows', async () => {
    const dir = await tempDir();
    const path = join(dir, 'hundred.csv');
    const lines = ['Email,N'];
    for (let i = 1; i <= 120; i++) lines.push(`p${i}@example.com,${i}`);
    await writeFile(path, lines.join('\n'));
    const list = await importList(path, { workDir: dir });
    expect(list.counts.rows).toBe(120);
    expect(list.preview).toHaveLength(50);
    expect(list.preview[0]).toEqual(['p1@example.com', '1']);
    expect(list.preview[49]).toEqual(['p50@example.com', '50']);
  });

  it('reports progress: bytes read only grow and end at the file size', async () => {
    const dir = await tempDir();
    const path = join(dir, 'big.csv');
    await writeBigList(path, 60_000);
    const size = (await stat(path)).size;
    const events: ImportProgress[] = [];
    const list = await importList(path, { workDir: dir, onProgress: (p) => events.push(p) });
    expect(events.length).toBeGreaterThanOrEqual(2);
    const bytes = events.map((e) => e.bytesRead);
    const rows = events.map((e) => e.rows);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(events.every((e) => e.totalBytes === size && e.bytesRead <= size)).toBe(true);
    expect(events.at(-1)).toEqual({ bytesRead: size, totalBytes: size, rows: list.counts.rows });
  });

  it('reports progress for a small file too, ending at its size', async () => {
    const events: ImportProgress[] = [];
    const size = (await stat(fixture('hubspot-export.csv'))).size;
    await importList(fixture('hubspot-export.csv'), {
      workDir: await tempDir(),
      onProgress: (p) => events.push(p),
    });
    expect(events.at(-1)).toEqual({ bytesRead: size, totalBytes: size, rows: 10 });
  });
});

/** Descriptors of this process still open on `path` (Linux only; [] elsewhere). */
async function openDescriptors(path: string): Promise<string[]> {
  if (process.platform !== 'linux') return [];
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((t) => t === path);
}

describe('cancelling', () => {
  it('rejects with the abort reason, stops the worker and closes the file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'big.csv');
    await writeManyAddresses(path, 1_500_000);
    const controller = new AbortController();
    const events: ImportProgress[] = [];
    const started = Date.now();
    const err = await importList(path, {
      workDir: dir,
      signal: controller.signal,
      onProgress: (p) => {
        events.push(p);
        controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('AbortError');
    expect(workers).toHaveLength(1); // and afterEach waits for it to exit
    const last = events.at(-1);
    expect(last && last.bytesRead < last.totalBytes).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The worker is checked by afterEach. The file is closed without being
    // read to its end (a cancelled 2 GB import must not go on reading).
    expect(await bytesTakenFrom(path)).toBeLessThan((await stat(path)).size);
    expect(await openDescriptors(path)).toEqual([]);
  });

  it('rejects when cancelled halfway, while the parser waits for the worker', async () => {
    const dir = await tempDir();
    const path = join(dir, 'big.csv');
    await writeManyAddresses(path, 1_500_000);
    const controller = new AbortController();
    let waits = 0;
    const err = await importList(path, {
      workDir: dir,
      signal: controller.signal,
      onProgress: (p) => {
        // The first wait comes with the first chunk; later ones come from
        // chunks the parser resumed with after the worker caught up. How many
        // there are depends on the machine's speed, so the one aborted on is
        // the second that is not the end of the file.
        if (p.bytesRead >= p.totalBytes) return;
        waits += 1;
        if (waits === 2) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(waits).toBe(2);
    expect((err as Error).name).toBe('AbortError');
    // Closed (how far it read depends on timing here; the test above checks that).
    await bytesTakenFrom(path);
    expect(await openDescriptors(path)).toEqual([]);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await importList(fixture('mailchimp-export.csv'), {
      workDir: await tempDir(),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
  });
});
