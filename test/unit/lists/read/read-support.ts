// Helpers for the read-side list suites: fixture paths, a temporary folder per
// test, and the row index read back in the notation of expected.json.
import { readFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect } from 'vitest';
import { AppError } from '../../../../electron/lib/app-error';
import {
  decodeRow,
  readRowIndex,
  type DecodedRow,
} from '../../../../electron/lists/read/row-index';
import {
  RowClass,
  type Delimiter,
  type Encoding,
  type ListCounts,
} from '../../../../electron/lists/types';

export const fixturesDir = fileURLToPath(new URL('../../../fixtures/lists', import.meta.url));
export const fixture = (name: string) => join(fixturesDir, name);

/** One entry of test/fixtures/lists/expected.json. */
export interface ExpectedList {
  file: string;
  description: string;
  encoding: Encoding;
  delimiter: Delimiter;
  newline: '\r\n' | '\n' | '\r';
  hasHeader: boolean;
  columns: string[];
  column: { index: number; name: string };
  counts: ListCounts;
  firstRow: string[];
  /** The unique valid addresses, normalized, in first-seen order. */
  addresses: string[];
  /** Per data row: 'valid:<address>', 'duplicate:<address>', 'invalid' or 'empty'. */
  rows: string[];
}

export const expected = (
  JSON.parse(readFileSync(fixture('expected.json'), 'utf8')) as { files: ExpectedList[] }
).files;

const made: string[] = [];

/** A fresh folder, removed after the test. */
export async function tempDir(prefix = 'lc-read-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * A plain one-column list of `rows` different addresses, written in batches.
 * 1.5 million rows make about 39 MB: far more than the reader buffers ahead.
 */
export async function writeManyAddresses(path: string, rows: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.write('email\n');
    for (let start = 0; start < rows; start += 50_000) {
      let batch = '';
      for (let i = start; i < Math.min(rows, start + 50_000); i++)
        batch += `someone${i}@example.com\n`;
      await handle.write(batch);
    }
  } finally {
    await handle.close();
  }
}

export async function readIndex(path: string): Promise<DecodedRow[]> {
  const rows: DecodedRow[] = [];
  for (const v of await readRowIndex(path)) rows.push(decodeRow(v));
  return rows;
}

/** The address file as a list (it ends with a newline when not empty). */
export async function readAddresses(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8');
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

/** Rows as expected.json writes them: 'valid:<address>', 'duplicate:<address>', 'invalid', 'empty'. */
export function describeRows(rows: DecodedRow[], addresses: string[]): string[] {
  return rows.map(({ cls, addressIndex }) => {
    switch (cls) {
      case RowClass.valid:
        return `valid:${addresses[addressIndex] ?? `<missing ${addressIndex}>`}`;
      case RowClass.duplicate:
        return `duplicate:${addresses[addressIndex] ?? `<missing ${addressIndex}>`}`;
      case RowClass.invalid:
        return 'invalid';
      default:
        return 'empty';
    }
  });
}

/** The error a promise rejected with, asserted to be a bad_file AppError. */
export async function badFileError(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the import to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('bad_file');
  return err as AppError;
}
