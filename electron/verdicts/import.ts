// Another vendor's verdicts into the account's memory of answers, so a list
// holding those addresses reuses them within the reuse window instead of
// paying again, each marked with its vendor ("Reused (ZeroBounce, Oct 3)").
// Each verdict is an Email answer dated when the vendor gave it: the file's
// date column where the vendor writes one, else the date the user gives
// (`--date`), else the file's modification time. It never replaces an answer
// kept for the address that is as new or newer (OutcomeMemory.rememberDated),
// and goes to this computer's memory only: the team store's shared memory
// holds answers paid for through the service, whose price a colleague's
// reuse saves; a vendor's verdict is the user's own evidence.
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { VerdictVendor } from '../common/catalogs/vendors';
import type { AddressOutcome } from '../lists/types';
import { spotOfAddress } from '../lib/addresses/address-hash';
import type { DatedAnswer, OutcomeMemory } from '../memory/outcome-memory';
import { readVerdictFile, type VerdictRow } from './read';

/** Distinct unmapped words reported; more are counted under OTHER_WORDS. */
const MAX_WORDS = 20;
const OTHER_WORDS = '(other words)';
/** A date ahead of now by more than this is no vendor's: the file's is taken. */
const SKEW_SECONDS = 86_400;

export interface VerdictImport {
  vendor: VerdictVendor;
  file: string;
  /** Rows read after the header. */
  rows: number;
  /** Verdicts kept in the memory, by our status. */
  remembered: { deliverable: number; undeliverable: number };
  /** Verdicts that say nothing of the mailbox (catch-all, risky, unknown, …): not kept. */
  unknown: number;
  /** Words the vendor used that List Cleaner does not map, with how many rows each: not kept. */
  unmapped: Record<string, number>;
  /** Rows not kept: no valid address, or an answer as new or newer already kept for it. */
  skipped: { noAddress: number; older: number };
  /** The date of the verdicts without their own (epoch seconds). */
  fileDate: number;
  /** The memory could not be used: nothing was kept. */
  memoryUnavailable: boolean;
}

export interface VerdictImportOptions {
  /** The vendor the user named; without it, the file's columns name it. */
  vendor?: VerdictVendor;
  /** When the vendor gave the verdicts (epoch seconds); the file's modification time unless given. */
  date?: number;
  /** Epoch milliseconds (tests move it). */
  now?: () => number;
  batchSize?: number;
}

const outcomes: Record<'deliverable' | 'undeliverable', AddressOutcome> = {
  deliverable: { status: 'deliverable', provider: null, avatar: null, avatarUrl: null },
  undeliverable: { status: 'undeliverable', provider: null, avatar: null, avatarUrl: null },
};

export async function importVerdicts(
  memory: OutcomeMemory,
  path: string,
  options: VerdictImportOptions = {},
): Promise<VerdictImport> {
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  const file = basename(path);
  const info = await stat(path).catch(() => {
    throw new AppError('bad_file', message('error.verdicts.notOpened', { fileName: file }));
  });
  // A modification time ahead of this clock (another machine's) is taken as now.
  const fileDate = options.date ?? Math.min(Math.floor(info.mtimeMs / 1000), now);
  if (fileDate > now + SKEW_SECONDS) {
    throw new AppError('bad_file', message('error.verdicts.dateAhead', { fileName: file }));
  }
  const result: VerdictImport = {
    // Told by the file's columns before its first row when not named (onVendor).
    vendor: options.vendor ?? 'zerobounce',
    file,
    rows: 0,
    remembered: { deliverable: 0, undeliverable: 0 },
    unknown: 0,
    unmapped: {},
    skipped: { noAddress: 0, older: 0 },
    fileDate,
    memoryUnavailable: !memory.available,
  };
  let words = 0;
  const countWord = (word: string) => {
    const key = Object.hasOwn(result.unmapped, word) || words < MAX_WORDS ? word : OTHER_WORDS;
    if (!Object.hasOwn(result.unmapped, key)) words += 1;
    result.unmapped[key] = (result.unmapped[key] ?? 0) + 1;
  };
  const dateOf = (row: VerdictRow): number =>
    row.checkedAt !== null && row.checkedAt <= now + SKEW_SECONDS
      ? Math.min(row.checkedAt, now)
      : fileDate;
  /** Keeps one status's answers of a batch; each status apart, so the counts say which were kept. */
  const keep = async (status: 'deliverable' | 'undeliverable', answers: DatedAnswer[]) => {
    if (answers.length === 0) return;
    const kept = await memory.rememberDated('email', answers, answers.length);
    result.remembered[status] += kept.stored;
    result.skipped.older += kept.older ?? 0;
  };

  const read = await readVerdictFile(path, {
    ...(options.vendor ? { vendor: options.vendor } : {}),
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    onVendor(vendor) {
      result.vendor = vendor;
    },
    async onBatch(rows) {
      const answers = { deliverable: [] as DatedAnswer[], undeliverable: [] as DatedAnswer[] };
      for (const row of rows) {
        if (row.unmapped !== null) countWord(row.unmapped);
        else if (row.status === 'unknown') result.unknown += 1;
        if (row.status === 'unknown') continue;
        const answer: DatedAnswer = [
          spotOfAddress(row.address),
          outcomes[row.status],
          dateOf(row),
          result.vendor,
        ];
        answers[row.status].push(answer);
      }
      if (!memory.available) return;
      await keep('deliverable', answers.deliverable);
      await keep('undeliverable', answers.undeliverable);
    },
  });
  result.rows = read.rows;
  result.skipped.noAddress = read.noAddress;
  return result;
}
