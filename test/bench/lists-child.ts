// Child process of the lists benchmark: runs one measured step in a fresh
// process, so its peak RSS is the step's own, and reports time and memory.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { importList } from '../../electron/lists/read';
import { exportList } from '../../electron/lists/write';
import type { AddressOutcome, ImportedList } from '../../electron/lists/types';
import { memoryDir, openOutcomeMemory } from '../../electron/memory/outcome-memory';
import { OUTCOMES, addressOf } from './lists-data';
import { importChecked, seedMemory } from './lists-memory';
import { BENCH_ACCOUNT, benchRules, seedSuppression } from './lists-suppressed';
import type { ListsResult, ListsStep } from './protocol';
import { memoryFigures, serveSteps } from './step-child';

/**
 * The baseline: papaparse streaming the file, doing nothing with the rows, in
 * chunk mode (the documented streaming use) or, for comparison, step mode.
 */
function bareParse(path: string, mode: 'chunk' | 'step'): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
    Papa.parse<string[]>(stream as unknown as File, {
      delimiter: ',',
      newline: '\n',
      skipEmptyLines: true,
      ...(mode === 'chunk'
        ? {
            chunk: (results: { data: string[][] }) => {
              rows += results.data.length;
            },
          }
        : {
            step: () => {
              rows += 1;
            },
          }),
      complete: () => resolve(rows),
      error: reject,
    });
  });
}

/** How many outcomes the remember step stores: one per address of the list's million rows. */
const REMEMBERED = 1_000_000;
const PROVIDERS = ['gmail', 'yahoo', 'outlook', 'provider_code_1', 'mail_ru', ''];

/**
 * The answers a finished job hands the memory: its unique addresses with what
 * the service said, produced as they are stored (a job reads them from its
 * address file and outcome table), none held at once.
 */
function* answers(): Generator<[string, AddressOutcome]> {
  for (let i = 0; i < REMEMBERED; i++) {
    const outcome: AddressOutcome =
      i % 7 === 0
        ? { status: 'undeliverable', provider: '' }
        : { status: 'deliverable', provider: PROVIDERS[i % PROVIDERS.length] ?? null };
    yield [addressOf(i), outcome];
  }
}

/** The remember step: a million outcomes into a new memory, timed from the first to the last commit. */
async function remember(workDir: string) {
  const dataDir = await mkdtemp(join(workDir, 'memory-'));
  try {
    const memory = await openOutcomeMemory(dataDir);
    if (!memory.available) throw new Error('the memory could not be opened');
    const started = performance.now();
    const { stored } = await memory.remember('email', answers(), Math.floor(Date.now() / 1000));
    const ms = performance.now() - started;
    await memory.close();
    const fileBytes = (await stat(join(memoryDir(dataDir), 'data.mdb'))).size;
    // What producing the answers costs alone, after the timed run so it warms nothing.
    const source = performance.now();
    let count = 0;
    for (const [address] of answers()) count += address.length > 0 ? 1 : 0;
    const sourceMs = performance.now() - source;
    if (count !== REMEMBERED) throw new Error('the answers changed between runs');
    return { ms, stored, fileBytes, sourceMs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The two steps on the full memory (lists-memory.ts). */
async function onFullMemory(command: ListsStep): Promise<ListsResult> {
  const dataDir = command.memoryDataDir;
  if (!dataDir) throw new Error(`${command.step} needs the memory's data folder`);
  const result = (ms: number, rows: number) =>
    ({ type: 'result', ms, rows, ...memoryFigures() }) as const;
  if (command.step === 'seed-memory') {
    const started = performance.now();
    const seeded = await seedMemory(dataDir);
    return { ...result(performance.now() - started, seeded.stored), seeded };
  }
  if (command.step === 'seed-suppression') {
    const started = performance.now();
    const suppression = await seedSuppression(dataDir);
    return { ...result(performance.now() - started, suppression.entries), suppression };
  }
  const withheld =
    command.step === 'import-suppressed'
      ? { dataDir, account: BENCH_ACCOUNT, rules: benchRules() }
      : undefined;
  const { ms, rows, ...checked } = await importChecked(
    command.path,
    command.workDir,
    dataDir,
    withheld,
  );
  return { ...result(ms, rows), checked };
}

async function run(command: ListsStep): Promise<ListsResult> {
  if (
    command.step === 'seed-memory' ||
    command.step === 'import-checked' ||
    command.step === 'seed-suppression' ||
    command.step === 'import-suppressed'
  ) {
    return onFullMemory(command);
  }
  if (command.step === 'remember') {
    const { ms, stored, fileBytes, sourceMs } = await remember(command.workDir);
    return {
      type: 'result',
      ms,
      rows: stored,
      ...memoryFigures(),
      remember: { stored, fileBytes, sourceMs },
    };
  }
  const started = performance.now();
  let rows = 0;
  let list: ImportedList | undefined;
  if (command.step === 'bare' || command.step === 'bare-step') {
    rows = await bareParse(command.path, command.step === 'bare' ? 'chunk' : 'step');
  } else if (command.step === 'import') {
    list = await importList(command.path, { workDir: command.workDir });
    rows = list.counts.rows;
  } else {
    const source = command.list;
    if (!source) throw new Error('write needs the imported list');
    const outcome = (i: number) => OUTCOMES[i % 7 === 0 ? 1 : i % 31 === 0 ? 2 : 0];
    const result = await exportList(source, outcome, {
      destPath: command.destPath,
      filter: 'all',
      columns: ['email_status', 'email_provider'],
    });
    rows = result.rowsTotal;
  }
  const ms = performance.now() - started;
  return {
    type: 'result',
    ms,
    rows,
    ...memoryFigures(),
    list,
  };
}

serveSteps(run);
