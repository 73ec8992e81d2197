// `npm run bench -- suppression`: a suppression list of 1,000,000 addresses
// (issue 34), the first half of what the import will apply.
//
// 1. Add: a 1,000,000-row SendGrid bounces export read and kept
//    (importSuppressionFile). Baseline: the same file only read
//    (readSuppressionFile, batches dropped). The heap's peak growth over the
//    add is its own figure, with a target: the file is read a batch at a
//    time, so it must stay far under what a million entries held would take.
// 2. Look-up: 1,000,000 addresses of a list (half suppressed), given as the
//    spots the import's worker makes, answered by hasMany. Baseline: hashing
//    them (createSpots), which the import does anyway.
// 3. Size: bytes per entry of the store's file.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createSpots } from '../../electron/lib/addresses/address-hash';
import { importSuppressionFile } from '../../electron/suppression/import';
import { readSuppressionFile } from '../../electron/suppression/read';
import { openSuppressionStore, suppressionDir } from '../../electron/suppression/store';
import { MB, emit, log } from './report';

const ENTRIES = Number(process.env.SUPPRESSION_BENCH_ENTRIES ?? 1_000_000);
/** Peak heap growth allowed while a million entries are added: a batch at a time, never the list. */
const HEAP_TARGET_MB = 64;

const address = (i: number): string => `person.${i}@example${i % 97}.com`;

async function writeExport(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('email,created,reason,status\n');
  for (let i = 0; i < ENTRIES; i++) {
    const line = `${address(i)},${1_700_000_000 + i},"550 5.1.1 The email account that you tried to reach does not exist",5.1.1\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs `work`, sampling the heap; its time and the heap's peak above where it started. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; heapMb: number; value: T }> {
  global.gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 20);
  const began = performance.now();
  try {
    const value = await work();
    return { ms: performance.now() - began, heapMb: (peak - start) / MB, value };
  } finally {
    clearInterval(timer);
  }
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-bench-suppression-'));
  try {
    const file = join(dataDir, 'bounces.csv');
    log(`writing a ${ENTRIES.toLocaleString('en')}-row export`);
    await writeExport(file);
    const read = await measured(() => readSuppressionFile(file, { onBatch: () => undefined }));
    const store = await openSuppressionStore(dataDir, { account: 'bench' });
    try {
      const added = await measured(() => importSuppressionFile(store, file));
      if (added.value.added !== ENTRIES) throw new Error(`added ${added.value.added}`);
      emit({
        name: 'suppression.add.time',
        value: added.ms,
        unit: 'ms',
        baseline: read.ms,
        better: 'lower',
        extra: { entries: ENTRIES },
      });
      emit({
        name: 'suppression.add.heap-peak',
        value: Math.max(added.heapMb, 0.01),
        unit: 'MB',
        baseline: Math.max(read.heapMb, 0.01),
        target: HEAP_TARGET_MB,
        better: 'lower',
      });

      // A list of as many addresses, every other one suppressed.
      const list = Array.from({ length: ENTRIES }, (_, i) =>
        address(i % 2 === 0 ? i : i + ENTRIES),
      );
      const hashed = await measured(async () => {
        const spots = createSpots(ENTRIES);
        for (const a of list) spots.addAddress(a);
        return spots.done();
      });
      const looked = await measured(async () => store.hasMany(hashed.value));
      const found = looked.value.reduce((n, x) => n + x, 0);
      if (found !== Math.ceil(ENTRIES / 2)) throw new Error(`found ${found}`);
      emit({
        name: 'suppression.lookup.time',
        value: looked.ms,
        unit: 'ms',
        baseline: hashed.ms,
        better: 'lower',
        extra: { addresses: ENTRIES, found },
      });
      const bytes = await dirBytes(suppressionDir(dataDir));
      emit({
        name: 'suppression.size',
        value: bytes / ENTRIES,
        unit: 'B/entry',
        baseline: Buffer.byteLength(address(ENTRIES / 2)),
        better: 'lower',
        extra: { fileMb: Math.round(bytes / MB) },
      });
    } finally {
      await store.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
