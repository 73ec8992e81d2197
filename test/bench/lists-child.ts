// Child process of the lists benchmark: runs one measured step in a fresh
// process, so its peak RSS is the step's own, and reports time and memory.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { importList } from '../../electron/lists/read/read';
import { exportList } from '../../electron/lists/write/write';
import type { AddressOutcome, ImportedList } from '../../electron/lists/types';
import { memoryDir, openOutcomeMemory } from '../../electron/memory/outcome-memory';
import { createSpots, type AddressSpot } from '../../electron/lib/addresses/address-hash';
import { openSpotFile, writeSpotFile, type SpotFile } from '../../electron/memory/spot-file';
import { OUTCOMES, addressOf } from './lists-data';
import { MEMORY_OUTCOMES, importChecked, seedMemory } from './lists-memory';
import { BENCH_ACCOUNT, SUPPRESSED, benchRules, seedSuppression } from './lists-suppressed';
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

/** How many outcomes the remember step stores at full size: one per address of the list's million rows. */
const REMEMBERED = 1_000_000;
const PROVIDERS = ['gmail', 'yahoo', 'outlook', 'provider_code_1', 'mail_ru', ''];

/** What the service said of the i-th address. */
const outcomeOf = (i: number): AddressOutcome =>
  i % 7 === 0
    ? { status: 'undeliverable', provider: '' }
    : { status: 'deliverable', provider: PROVIDERS[i % PROVIDERS.length] ?? null };

/**
 * The answers a finished job hands the memory, as a job reads them: each
 * unique address by its spot, which the import kept (spots.bin,
 * memory/spot-file.ts), with what the service said; none held at once.
 */
function* answers(spots: SpotFile, count: number): Generator<[AddressSpot, AddressOutcome]> {
  for (let i = 0; i < count; i++) yield [spots.at(i), outcomeOf(i)];
}

/** The spots the import keeps for `count` addresses, untimed: the import hashes them anyway. */
async function keptSpots(path: string, count: number): Promise<SpotFile> {
  const spots = createSpots(count);
  for (let i = 0; i < count; i++) spots.addAddress(addressOf(i));
  const writer = await writeSpotFile(path);
  await writer.part(0, spots.done());
  await writer.done();
  const file = await openSpotFile(path, count);
  if (!file) throw new Error('the spots were not kept');
  return file;
}

/** The remember step: a million outcomes into a new memory, timed from the first to the last commit. */
async function remember(workDir: string, count: number) {
  const dataDir = await mkdtemp(join(workDir, 'memory-'));
  try {
    const spots = await keptSpots(join(dataDir, 'spots.bin'), count);
    const memory = await openOutcomeMemory(dataDir);
    if (!memory.available) throw new Error('the memory could not be opened');
    const started = performance.now();
    const { stored } = await memory.rememberSpots(
      'email',
      answers(spots, count),
      Math.floor(Date.now() / 1000),
      count,
    );
    const ms = performance.now() - started;
    await memory.close();
    const fileBytes = (await stat(join(memoryDir(dataDir), 'data.mdb'))).size;
    // What producing the answers costs alone, after the timed run so it warms nothing.
    const source = performance.now();
    let given = 0;
    for (const [spot] of answers(spots, count)) given += spot.bucket >= 0 ? 1 : 0;
    const sourceMs = performance.now() - source;
    await spots.close();
    if (given !== count) throw new Error('the answers changed between runs');
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
  const scale = command.scale ?? 1;
  if (command.step === 'seed-memory') {
    const started = performance.now();
    const seeded = await seedMemory(dataDir, Math.round(MEMORY_OUTCOMES * scale));
    return { ...result(performance.now() - started, seeded.stored), seeded };
  }
  if (command.step === 'seed-suppression') {
    const started = performance.now();
    const suppression = await seedSuppression(dataDir, Math.round(SUPPRESSED * scale));
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
    const count = Math.round(REMEMBERED * (command.scale ?? 1));
    const { ms, stored, fileBytes, sourceMs } = await remember(command.workDir, count);
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
