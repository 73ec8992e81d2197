// What a list's rows go through once its shape is known, whatever file they
// came from (a text list, a workbook's sheet): the header is passed over,
// every row is counted and its address cell goes to the classify worker in
// batches, which judges it (valid, invalid, empty, duplicate), writes the
// unique addresses and the row index, hashes them for the memory and runs the
// free checks. While the worker is behind, the reader is held.
import { dirname, join } from 'node:path';
import type { Message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { createCellBatch } from '../read/cell-batch';
import { startClassifier } from './classifier';
import { fromByteText } from '../read/encoding';
import type { ImportOptions } from '../read/read';
import type { ListCounts } from '../types';

export const PREVIEW_ROWS = 50;
// Cells go to the classify worker about 200 KB at a time (some 8,000 addresses).
const BATCH_BYTES = 200 * 1024;
/**
 * Addresses numbered in the worker's table (dedupe.ts: 32 MB for these);
 * repeats among any more are found on disk (repeats/spill.ts), so a list's
 * size does not decide the memory its import takes.
 */
export const IN_MEMORY_UNIQUE = 1 << 20;

export const badFile = (what: string | Message) => new AppError('bad_file', what);

export interface RowJudgeSetup {
  /** The file's name, for messages. */
  name: string | Message;
  addressesPath: string;
  rowIndexPath: string;
  /** 0-based index of the address column. */
  column: number;
  /** A row narrower or wider than this is counted as ragged. */
  expectedWidth: number;
  /** The first row given is the header: not a data row. */
  hasHeader: boolean;
  /** Rows are byte text (encoding.ts): the preview decodes them. */
  byteText: boolean;
  /** An estimate, so the worker sizes its table once. */
  expectedRows: number;
  options: ImportOptions;
}

export interface RowJudge {
  /** One row as read; a promise returned means "hold the reading until it settles". */
  row(row: string[]): Promise<void> | null;
  /** Every row given: waits for the worker and hands over its findings. */
  finish(): Promise<{ counts: ListCounts; preview: string[][] }>;
  kill(): void;
  readonly rows: number;
}

export function startRowJudge(setup: RowJudgeSetup): RowJudge {
  const { options } = setup;
  const counts: ListCounts = { rows: 0, unique: 0, invalid: 0, empty: 0, duplicates: 0, ragged: 0 };
  const preview: string[][] = [];
  const classifier = startClassifier(
    {
      addressesPath: setup.addressesPath,
      rowIndexPath: setup.rowIndexPath,
      inMemory: Math.max(1, options.uniqueInMemory ?? IN_MEMORY_UNIQUE),
      spillDir: join(dirname(setup.rowIndexPath), 'repeats'),
      expectedRows: setup.expectedRows,
      spots: options.onAddressSpots !== undefined,
      findings: options.findings !== undefined,
      rules: options.withheld ? options.withheld.rules : null,
    },
    options.findings?.onDomains,
    (bytes) => cells.reuse(bytes),
  );
  const cells = createCellBatch({ byteText: setup.byteText });
  let holding: Promise<void> | null = null;
  let skipHeader = setup.hasHeader;

  const send = (): Promise<void> | null => {
    if (holding || cells.cells === 0) return holding;
    const batch = cells.take();
    const wait = classifier.send(batch.bytes, batch.cells);
    if (!wait) return null;
    holding = wait.then(() => {
      holding = null;
    });
    return holding;
  };

  return {
    get rows() {
      return counts.rows;
    },
    row(row) {
      if (skipHeader) {
        skipHeader = false;
        return null;
      }
      counts.rows += 1;
      if (preview.length < PREVIEW_ROWS) {
        preview.push(setup.byteText ? row.map(fromByteText) : row);
      }
      if (row.length !== setup.expectedWidth) counts.ragged += 1;
      cells.add(row[setup.column] ?? '');
      if (cells.bytes < BATCH_BYTES) return null;
      if (options.signal?.aborted) throw options.signal.reason;
      return send();
    },
    async finish() {
      if (options.signal?.aborted) throw options.signal.reason;
      while (holding) await holding;
      send();
      const judged = await classifier.finish();
      Object.assign(counts, judged.counts);
      if (judged.spots) options.onAddressSpots?.(judged.spots);
      if (judged.findings) options.findings?.onFindings(judged.findings);
      if (judged.withheld) options.withheld?.onWithheld(judged.withheld);
      return { counts, preview };
    },
    kill: () => classifier.kill(),
  };
}
