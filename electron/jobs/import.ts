// A list becomes a job: the user's file is copied into a folder of its own
// (the job never reads the original again, so moving or editing it changes
// nothing), read, and kept as a draft for the review. A draft may be read
// again with another address column until it starts. Once read, its unique
// addresses go through the free checks (lists/free-checks.ts) and are looked
// up in the memory of paid answers (reuse.ts), so the review shows what they
// found, and what is reused, before anything is paid for.
import { copyFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { JobView } from '../common/views';
import { AppError } from '../lib/app-error';
import { freeChecksOf } from '../lists/free-checks';
import type { JudgedFindings } from '../lists/findings-judge';
import { importList, type ImportProgress } from '../lists/read';
import type { ImportedList } from '../lists/types';
import type { Spots } from '../memory/address-hash';
import { announce, load, now, requireDraft, save, track, view, type Shared } from './live';
import { loadOutcomes } from './outcomes';
import { recallAtImport } from './reuse';
import type { JobRecord } from './record';

export interface ImportOptions {
  column?: string | number;
  onProgress?: (p: ImportProgress) => void;
  signal?: AbortSignal;
}

export interface Imported {
  job: JobView;
  list: ImportedList;
}

function newJobId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Reads the job's copy and keeps what was read beside it. */
async function readInto(
  s: Shared,
  job: { id: string; inputPath: string; fileName: string },
  column: string | number | undefined,
  progress: Omit<ImportOptions, 'column'> = {},
): Promise<ImportedList> {
  const memory = await s.memory();
  const dns = s.options.mailDomains;
  const checks = freeChecksOf({
    dir: s.store.paths(job.id).dir,
    // The day cache of domains is kept with the jobs' data.
    dns: dns === false ? false : { dataDir: s.options.dataDir, ...dns },
    ...(progress.signal ? { signal: progress.signal } : {}),
  });
  // While the file is read, the worker hashes the addresses for the memory
  // and runs the free checks, and the DNS looks up the domains it meets.
  let spots: Spots | undefined;
  let judged: JudgedFindings | undefined;
  let list: ImportedList;
  try {
    list = await importList(job.inputPath, {
      workDir: s.store.paths(job.id).dir,
      ...(memory.available ? { onAddressSpots: (given: Spots) => (spots = given) } : {}),
      findings: { onDomains: checks.lookUp, onFindings: (given) => (judged = given) },
      ...(column !== undefined ? { column } : {}),
      ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
      ...(progress.signal ? { signal: progress.signal } : {}),
    });
  } catch (err) {
    await checks.abandon();
    // The job reads its own copy ("input.csv"), and the reader's messages name
    // the file it read; the user knows the file by its own name.
    if (err instanceof AppError) {
      throw new AppError(
        err.code,
        err.message.split(basename(job.inputPath)).join(job.fileName),
        err.serviceCode,
      );
    }
    throw err;
  }
  // When the memory last answered each address (the review counts what is
  // reused), read while the DNS gives its last answers.
  const [findings] = await Promise.all([
    checks.finish(list.addressesPath, judged),
    recallAtImport(memory, list, s.store.paths(job.id).recalled, spots),
  ]);
  list.findings = findings;
  await s.store.saveList(job.id, list);
  return list;
}

/** Copies the file into a new job and reads it; the job waits as a draft. */
export async function importFile(
  s: Shared,
  path: string,
  options: ImportOptions = {},
): Promise<Imported> {
  const { store } = s;
  const id = newJobId();
  const paths = await store.create(id);
  const inputPath = paths.input(extname(path).toLowerCase() || '.csv');
  try {
    await copyFile(path, inputPath);
  } catch {
    await store.remove(id);
    throw new AppError(
      'bad_file',
      `${basename(path)} could not be opened. Check that the file still exists and you may read it.`,
    );
  }
  let list: ImportedList;
  try {
    list = await readInto(s, { id, inputPath, fileName: basename(path) }, options.column, options);
  } catch (err) {
    await store.remove(id);
    throw err;
  }
  const record: JobRecord = {
    version: 1,
    id,
    createdAt: now(),
    updatedAt: now(),
    startedAt: null,
    finishedAt: null,
    fileName: basename(path),
    sourcePath: path,
    product: null,
    state: 'draft',
    column: options.column ?? null,
    unique: list.counts.unique,
    plan: null,
    unitPriceMicros: null,
    failure: null,
    resumes: 0,
    choices: null,
    limitMicros: null,
    hold: null,
    sample: null,
  };
  await store.save(record);
  const l = await track(s, record, list);
  announce(s, l);
  return { job: view(s, l), list };
}

/** Reads a draft's copy again with another address column. */
export async function chooseColumn(
  s: Shared,
  id: string,
  column: string | number,
): Promise<Imported> {
  const l = await load(s, id);
  requireDraft(l, 'choosing the column');
  if (l.record.sample) {
    throw new AppError(
      'invalid_input',
      'A sample of this list was checked with its current column; to use another column, drop the file again (its sampled answers are reused for free).',
    );
  }
  l.list = await readInto(
    s,
    { id, inputPath: l.list.sourcePath, fileName: l.record.fileName },
    column,
  );
  l.record.column = column;
  l.record.unique = l.list.counts.unique;
  l.outcomes = await loadOutcomes(s.store.paths(id).outcomes, l.record.unique);
  // The address file was written again for the new column.
  l.book = null;
  await save(s, l);
  return { job: view(s, l), list: l.list };
}
