// `npm run bench -- xlsx`: a generated 1,000,000-row, 7-column workbook saved
// as Excel saves one (shared strings, a date column under a date style, an
// integer column; xlsx-data.ts) is imported, and the cleaned list written back
// as a workbook, each step in a fresh child process (built as the app ships
// it), best of three rounds in which every step runs once in turn. Each step's
// baseline is measured in the same rounds the same way:
// - the import (survey, the sheet's CSV copy, the classify worker) against a
//   bare streaming read of the same workbook with the same library (the app's
//   sheets/ reader, nothing done per row);
// - the export (the 7 cells and email_status, styled, through write-xlsx.ts)
//   against a bare streaming write of the same rows (xlsx-bare.ts: inline
//   strings through the same zip, nothing else).
//
// Targets (issue 17): import ≤ 1.3× the bare read, export ≤ 1.5× the bare
// write, peak RSS of each ≤ 400 MB.
import { mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { repoRoot, startChild } from './children';
import type { XlsxCommand, XlsxEvent } from './protocol';
import { MB, emit, log } from './report';
import { generateMarketingXlsx } from './xlsx-data';
import type { ImportedList } from '../../electron/lists/types';

const ROWS = 1_000_000;
const RUNS = 3;
const RSS_TARGET_MB = 400;

type Result = Extract<XlsxEvent, { type: 'result' }>;
type Command = Extract<XlsxCommand, { type: 'run' }>;

const BUILT = join(repoRoot, 'out', 'bench-xlsx');

/**
 * The child and the classify worker the import starts, built as the app ships
 * them (bundled JavaScript next to each other), so neither is measured through
 * the TypeScript loader, which costs start-up time and tens of megabytes.
 */
async function buildChild(): Promise<URL> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: BUILT,
      emptyOutDir: true,
      minify: false,
      rollupOptions: {
        input: {
          'xlsx-child': join(repoRoot, 'test/bench/xlsx-child.ts'),
          'classify-worker': join(repoRoot, 'electron/lists/classify-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  });
  await writeFile(join(BUILT, 'package.json'), '{ "type": "module" }\n');
  return pathToFileURL(join(BUILT, 'xlsx-child.js'));
}

let childUrl: URL | null = null;

async function once(command: Command): Promise<Result> {
  childUrl ??= await buildChild();
  const child = startChild<XlsxCommand, XlsxEvent>(childUrl, `xlsx ${command.step}`, {
    built: true,
  });
  try {
    await child.next('ready', 30_000);
    child.send(command);
    return await Promise.race([
      child.next('result', 600_000),
      child.next('failed', 600_000).then((f): never => {
        throw new Error(f.message);
      }),
      child.died(),
    ]);
  } finally {
    await child.stop({ type: 'stop' });
  }
}

interface Measured {
  fastest: Result;
  peakRssBytes: number;
}

/**
 * Runs each command once per round, in turn, for RUNS rounds, and keeps each
 * one's fastest run and its highest peak: a step and its baseline meet the
 * same moments of a busy machine (as lists.bench.ts does).
 */
async function bestInTurn(commands: readonly Command[]): Promise<Measured[]> {
  const measured: (Measured | undefined)[] = commands.map(() => undefined);
  for (let run = 1; run <= RUNS; run++) {
    for (const [i, command] of commands.entries()) {
      const result = await once(command);
      log(
        `${command.step} run ${run}: ${result.ms.toFixed(0)} ms, ${result.rows} rows, peak RSS ${(result.maxRssBytes / MB).toFixed(0)} MB`,
      );
      const was = measured[i];
      measured[i] = {
        fastest: !was || result.ms < was.fastest.ms ? result : was.fastest,
        peakRssBytes: Math.max(was?.peakRssBytes ?? 0, result.maxRssBytes, result.peakRssBytes),
      };
    }
  }
  return measured.map((m) => {
    if (!m) throw new Error('no run finished');
    return m;
  });
}

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-bench-xlsx-'));
  try {
    const path = join(dir, 'marketing.xlsx');
    const started = performance.now();
    const generated = await generateMarketingXlsx(path, ROWS);
    log(
      `generated ${generated.rows} rows, ${generated.sharedStrings} shared strings, ${(generated.bytes / MB).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const base = { path, rows: ROWS };
    // Untimed, once: the list the export writes, in a folder of its own that
    // the timed imports (in another) leave alone.
    const listDir = join(dir, 'list');
    const importDir = join(dir, 'import');
    await mkdir(listDir);
    await mkdir(importDir);
    const first = await once({
      type: 'run',
      step: 'import',
      ...base,
      workDir: listDir,
      destPath: join(dir, 'unused.xlsx'),
    });
    const list: ImportedList | undefined = first.list;
    if (!list) throw new Error('the import returned no list');
    log(`imported once: ${list.counts.rows} rows, column ${list.column.name}`);

    const [bareRead, imported, bareWrite, exported] = (await bestInTurn([
      { type: 'run', step: 'bare-read', ...base, workDir: importDir, destPath: '' },
      { type: 'run', step: 'import', ...base, workDir: importDir, destPath: '' },
      {
        type: 'run',
        step: 'bare-write',
        ...base,
        workDir: importDir,
        destPath: join(dir, 'bare.xlsx'),
      },
      {
        type: 'run',
        step: 'export',
        ...base,
        workDir: listDir,
        destPath: join(dir, 'marketing.cleaned.xlsx'),
        list,
      },
    ])) as [Measured, Measured, Measured, Measured];

    const extra = { rows: generated.rows, fileMb: mb(generated.bytes) };
    const report = (
      step: 'import' | 'export',
      measured: Measured,
      baseline: Measured,
      targetRatio: number,
      more: Record<string, number>,
    ) => {
      const ms = measured.fastest.ms;
      const baseMs = baseline.fastest.ms;
      emit({
        name: `xlsx.${step}.time`,
        value: ms,
        unit: 'ms',
        baseline: baseMs,
        better: 'lower',
        extra: { ...extra, targetRatio, okRatio: ms / baseMs <= targetRatio, ...more },
      });
      emit({
        name: `xlsx.${step}.peak_rss`,
        value: measured.peakRssBytes / MB,
        unit: 'MB',
        baseline: baseline.peakRssBytes / MB,
        target: RSS_TARGET_MB,
        better: 'lower',
        extra,
      });
    };
    report('import', imported, bareRead, 1.3, {
      unique: list.counts.unique,
      duplicates: list.counts.duplicates,
      invalid: list.counts.invalid,
      sharedStrings: generated.sharedStrings,
    });
    report('export', exported, bareWrite, 1.5, {
      outMb: mb(exported.fastest.fileBytes ?? 0),
      bareOutMb: mb(bareWrite.fastest.fileBytes ?? 0),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
