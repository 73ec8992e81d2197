// Child process of the lists benchmark: runs one measured step in a fresh
// process, so its peak RSS is the step's own, and reports time and memory.
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { importList } from '../../electron/lists/read';
import { exportList } from '../../electron/lists/write';
import type { AddressOutcome, ImportedList } from '../../electron/lists/types';
import { memoryDir, openOutcomeMemory } from '../../electron/memory/outcome-memory';
import { addressOf } from './lists-data';
import { importChecked, seedMemory } from './lists-memory';
import type { ListsCommand, ListsEvent } from './protocol';

const send = (event: ListsEvent): void => {
  process.send?.(event);
};

/**
 * Resident memory other than pages of mapped files (Linux's RssAnon), or 0
 * where /proc cannot tell. The outcome memory is read through a map of its
 * file: those pages count in RSS, but are the OS's file cache, shared and
 * given back under pressure, so the steps on it report both.
 */
function anonRss(): number {
  try {
    const status = readFileSync('/proc/self/status', 'latin1');
    const kb = /^RssAnon:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

let peakRss = process.memoryUsage.rss();
let peakAnon = anonRss();
let ticks = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  ticks += 1;
  if (ticks % 5 === 0) peakAnon = Math.max(peakAnon, anonRss());
}, 20);

/** The step's memory figures, taken as it ends. */
function memoryFigures() {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  peakAnon = Math.max(peakAnon, anonRss());
  return {
    peakRssBytes: peakRss,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    peakAnonBytes: peakAnon,
  };
}

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

// Outcomes as a job would hold them: a status per unique address.
const OUTCOMES: AddressOutcome[] = [
  { status: 'deliverable', provider: 'provider_code_1' },
  { status: 'undeliverable', provider: '' },
  { status: 'unknown' },
];

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
async function onFullMemory(command: Extract<ListsCommand, { type: 'run' }>): Promise<ListsEvent> {
  const dataDir = command.memoryDataDir;
  if (!dataDir) throw new Error(`${command.step} needs the memory's data folder`);
  const result = (ms: number, rows: number) =>
    ({ type: 'result', ms, rows, ...memoryFigures() }) as const;
  if (command.step === 'seed-memory') {
    const started = performance.now();
    const seeded = await seedMemory(dataDir);
    return { ...result(performance.now() - started, seeded.stored), seeded };
  }
  const { ms, rows, ...checked } = await importChecked(command.path, command.workDir, dataDir);
  return { ...result(ms, rows), checked };
}

async function run(command: Extract<ListsCommand, { type: 'run' }>): Promise<ListsEvent> {
  if (command.step === 'seed-memory' || command.step === 'import-checked') {
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

process.on('message', (command: ListsCommand) => {
  if (command.type === 'stop') {
    clearInterval(sampler);
    process.exit(0);
  }
  run(command).then(send, (err: unknown) => {
    send({
      type: 'failed',
      message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
  });
});
send({ type: 'ready' });
