// `npm run bench -- lists`: a 1,000,000-row (~85 MB) marketing CSV is
// imported, and the cleaned list merged and written, each step in a fresh
// child process (built as the app ships it), best of three rounds in which
// every step runs once in turn; the baseline is a bare papaparse streaming
// parse of the same file, measured in the same rounds the same way.
//
// Targets (issue 42, tighter than issues 5 and 16 set): import ≤ 1.0× the bare
// parse, merge-and-write ≤ 1.3×, peak RSS of the import ≤ 300 MB; remember,
// storing 1,000,000 outcomes in a new outcome memory (electron/memory/), ≤ 0.5×;
// and import-checked, the import with every local check (the free checks
// without the DNS) and then the dates of each address (hashed by the import's
// worker, or from the address file past the worker's in-memory part, as the
// app does) from a memory already holding 5,000,000 outcomes (lists-memory.ts;
// seeded once, untimed), ≤ 1.3×; peak RSS of each ≤ 350 MB.
// Most of the memory's time is LMDB's own inserts and look-ups, and lmdb
// 3.5.6's published binaries are compiled without optimization (-O0, see their
// DW_AT_producer): a local -O3 build of the same source took about 30% less time.
import { mkdtemp, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bestInTurn, emitStep, stepRunner, type Measured as MeasuredOf } from './child-steps';
import { generateMarketingCsv } from './lists-data';
import type { ListsResult, ListsStep } from './protocol';
import { MB, log } from './report';
import type { ImportedList } from '../../electron/lists/types';
import { RULES } from './lists-suppressed';

const ROWS = 1_000_000;
const RUNS = 3;

type Measured = MeasuredOf<ListsResult>;

const once = stepRunner<ListsStep, ListsResult>('lists', 300_000);

export interface ListsOptions {
  /**
   * Rows of the list (1,000,000 unless given); the memory, the suppression
   * list and the answers remembered are scaled with it, so the ratios compare
   * the same work. `npm run bench:check` runs 200,000.
   */
  rows?: number;
  /** Rounds, each step's best kept (RUNS unless given). */
  runs?: number;
}

export async function run(options: ListsOptions = {}): Promise<void> {
  const rows = options.rows ?? ROWS;
  const scale = rows / ROWS;
  const dir = await mkdtemp(join(tmpdir(), 'lc-bench-lists-'));
  try {
    const path = join(dir, 'marketing.csv');
    const generated = await generateMarketingCsv(path, rows);
    log(`generated ${generated.rows} rows, ${(generated.bytes / MB).toFixed(1)} MB`);
    const workDir = join(dir, 'work');
    await mkdir(workDir);
    const base = { path, workDir, destPath: join(dir, 'marketing.cleaned.csv'), scale };
    // Untimed, once: the list the write step writes, and the full memory.
    const first = await once({ type: 'run', step: 'import', ...base });
    const list: ImportedList | undefined = first.list;
    if (!list) throw new Error('the import returned no list');
    const memoryDataDir = join(dir, 'full-memory');
    await mkdir(memoryDataDir);
    const seeded = await once({ type: 'run', step: 'seed-memory', ...base, memoryDataDir });
    log(
      `seeded a memory of ${seeded.rows} outcomes in ${(seeded.ms / 1000).toFixed(1)} s, ${((seeded.seeded?.fileBytes ?? 0) / MB).toFixed(0)} MB`,
    );
    const listed = await once({ type: 'run', step: 'seed-suppression', ...base, memoryDataDir });
    log(
      `seeded a suppression list of ${listed.rows} addresses in ${(listed.ms / 1000).toFixed(1)} s`,
    );

    const [bare, bareStep, imported, written, remembered, checked, suppressed] = (await bestInTurn(
      [
        { type: 'run', step: 'bare', ...base },
        // Shown next to the figures: papaparse's step mode, which the app uses, parses faster.
        { type: 'run', step: 'bare-step', ...base },
        { type: 'run', step: 'import', ...base },
        { type: 'run', step: 'write', ...base, list },
        { type: 'run', step: 'remember', ...base },
        { type: 'run', step: 'import-checked', ...base, memoryDataDir },
        { type: 'run', step: 'import-suppressed', ...base, memoryDataDir },
      ],
      options.runs ?? RUNS,
      once,
    )) as [Measured, Measured, Measured, Measured, Measured, Measured, Measured];
    const stepRatio = (ms: number) => Math.round((ms / bareStep.fastest.ms) * 1000) / 1000;

    const extra = { rows: generated.rows, fileMb: Math.round((generated.bytes / MB) * 10) / 10 };
    // Each step: its best time against the bare parse (with its ratio target),
    // and its peak RSS against the bare parse's, under its target (300 MB unless given).
    const report = (
      step: 'import' | 'write' | 'remember' | 'import-checked',
      measured: Measured,
      targetRatio: number,
      more: Record<string, number> = {},
      rssTarget = 300,
    ) =>
      emitStep(
        `lists.${step}`,
        measured,
        bare,
        { ratio: targetRatio, rssMb: rssTarget },
        {
          common: extra,
          time: {
            bareStepMs: Math.round(bareStep.fastest.ms),
            ratioToBareStep: stepRatio(measured.fastest.ms),
            ...more,
          },
          // Without the pages of mapped files (the outcome memory's): Linux only, else 0.
          rss: { anonPeakMb: Math.round(measured.peakAnonBytes / MB) },
        },
      );
    report('import', imported, 1.0, {
      unique: list.counts.unique,
      duplicates: list.counts.duplicates,
      invalid: list.counts.invalid,
    });
    report('write', written, 1.3);
    const memory = remembered.fastest.remember;
    if (!memory) throw new Error('the remember step reported nothing');
    report(
      'remember',
      remembered,
      0.5,
      {
        stored: memory.stored,
        // The answers' own production (as a job reads them), included in the time.
        sourceMs: Math.round(memory.sourceMs),
        memoryMb: Math.round((memory.fileBytes / MB) * 10) / 10,
        bytesPerOutcome: Math.round(memory.fileBytes / memory.stored),
      },
      350,
    );
    const parts = checked.fastest.checked;
    if (!parts) throw new Error('the import-checked step reported nothing');
    report(
      'import-checked',
      checked,
      1.3,
      {
        importMs: Math.round(parts.importMs),
        freeChecksMs: Math.round(parts.freeChecksMs),
        recallMs: Math.round(parts.recallMs),
        unique: parts.unique,
        knownEmail: parts.knownEmail,
        knownAvatar: parts.knownAvatar,
        memoryOutcomes: seeded.rows,
        memoryMb: Math.round(((seeded.seeded?.fileBytes ?? 0) / MB) * 10) / 10,
      },
      350,
    );
    // Issue 34: the same import with a suppression list of 1,000,000 and
    // 1,000 rules, against import-checked of the same rounds (target 1.1x).
    const withheld = suppressed.fastest.checked;
    if (!withheld?.withheld) throw new Error('the import-suppressed step reported nothing');
    emitStep(
      'lists.import-suppressed',
      suppressed,
      checked,
      { ratio: 1.1, rssMb: 350 },
      {
        common: extra,
        time: {
          importCheckedMs: Math.round(checked.fastest.ms),
          ratioToBare: Math.round((suppressed.fastest.ms / bare.fastest.ms) * 1000) / 1000,
          suppressionEntries: listed.rows,
          rules: RULES,
          suppressed: withheld.withheld.suppressed,
          decidedByRule: withheld.withheld.ruled,
        },
        rss: { anonPeakMb: Math.round(suppressed.peakAnonBytes / MB) },
      },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
