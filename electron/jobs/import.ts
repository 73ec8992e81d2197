// A list becomes a job: the user's file is copied into a folder of its own
// (the job never reads the original again, so moving or editing it changes
// nothing), read, and kept as a draft for the review. A draft may be read
// again with another address column until it starts. Once read, its unique
// addresses go through the free checks (lists/judge/free-checks.ts) and are looked
// up in the memory of paid answers (reuse.ts), so the review shows what they
// found, and what is reused, before anything is paid for.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { basename, extname, join } from 'node:path';
import type { JobView } from '../common/views/views';
import { message, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { freeChecksOf } from '../lists/judge/free-checks';
import type { JudgedFindings } from '../lists/judge/findings-judge';
import { importList, type ImportProgress } from '../lists/read/read';
import type { ImportedList } from '../lists/types';
import type { Spots } from '../lib/addresses/address-hash';
import {
  announce,
  closeBook,
  load,
  now,
  requireDraft,
  save,
  track,
  view,
  type Shared,
} from './live';
import { loadOutcomes } from './storage/outcomes';
import { recognise } from './results/repeat';
import { recallAtImport } from './money/reuse';
import { addReasons, withheldAsked } from './money/withheld';
import { joinCodes, writeWithheld } from '../lists/judge/withheld';
import type { JobRecord, PlatformSource } from './storage/record';

export interface ImportOptions {
  column?: string | number;
  /** For a workbook: the sheet to read, by name or 0-based place. */
  sheet?: string | number;
  onProgress?: (p: ImportProgress) => void;
  signal?: AbortSignal;
  /** The name the job goes by and the place its exports are offered, when not the file's own. */
  named?: { fileName: string; sourcePath: string };
  /** "Check again": the finished job this list is, whatever share of its addresses remains. */
  againOf?: string;
  /** The platform list the file was read from (its source label). */
  source?: PlatformSource;
}

export interface Imported {
  job: JobView;
  list: ImportedList;
}

function newJobId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** A message with `named` applied to every word among its values (the copy's name made the user's). */
function renamed(said: Message, named: (text: string) => string): Message {
  if (!said.values) return said;
  const values: Record<string, NonNullable<Message['values']>[string]> = {};
  for (const [key, value] of Object.entries(said.values)) {
    values[key] =
      typeof value === 'string'
        ? named(value)
        : typeof value === 'number'
          ? value
          : renamed(value, named);
  }
  return message(said.id, values);
}

/** Reads the job's copy and keeps what was read beside it. */
async function readInto(
  s: Shared,
  job: { id: string; inputPath: string; fileName: string },
  choice: Pick<ImportOptions, 'column' | 'sheet'>,
  progress: Omit<ImportOptions, 'column' | 'sheet'> = {},
): Promise<ImportedList> {
  const { column, sheet } = choice;
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
  // The worker decides the rules once the list is read, and the suppression
  // list is read with the memory, so the review says what they leave out (the
  // start reads both again).
  const withheld = await withheldAsked(s);
  let ruled: Promise<Uint32Array> | undefined;
  let list: ImportedList;
  try {
    list = await importList(job.inputPath, {
      workDir: s.store.paths(job.id).dir,
      onAddressSpots: (given: Spots) => (spots = given),
      findings: { onDomains: checks.lookUp, onFindings: (given) => (judged = given) },
      ...(withheld && withheld.rules.length > 0
        ? { withheld: { rules: withheld.rules, onWithheld: (given) => (ruled = given) } }
        : {}),
      ...(column !== undefined ? { column } : {}),
      ...(sheet !== undefined ? { sheet } : {}),
      ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
      ...(progress.signal ? { signal: progress.signal } : {}),
    });
  } catch (err) {
    await checks.abandon();
    // The job reads its own copy ("input.csv"), and the reader's messages name
    // the file it read; the user knows the file by its own name.
    if (err instanceof AppError) {
      const named = (text: string) => text.split(basename(job.inputPath)).join(job.fileName);
      throw new AppError(
        err.code,
        err.said ? renamed(err.said, named) : named(err.message),
        err.serviceCode,
      );
    }
    throw err;
  }
  // When the memory last answered each address (the review counts what is
  // reused), read while the DNS gives its last answers; what colleagues paid
  // for is pulled from the team store into the memory first. The same pass
  // looks the addresses up in the suppression list.
  // The list's reasons go into `codes` as the memory is read; the worker's rules join them after.
  const codes = withheld ? new Uint32Array(list.counts.unique) : null;
  const onSpots = withheld?.list && codes ? addReasons(withheld.list, codes) : undefined;
  const recalled = async () => {
    await (await s.teamMemory())?.pullList(list.addressesPath);
    await recallAtImport(memory, list, s.store.paths(job.id), spots, onSpots);
  };
  const [findings, , rules] = await Promise.all([
    checks.finish(list.addressesPath, judged),
    recalled(),
    ruled,
  ]);
  if (withheld && codes) {
    if (rules) joinCodes(codes, rules);
    const path = s.store.paths(job.id).withheld;
    await writeWithheld(path, codes);
    list.withheld = { withheldPath: path, rules: withheld.rules };
  }
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
  const fileName = options.named?.fileName ?? basename(path);
  try {
    await copyFile(path, inputPath);
  } catch {
    await store.remove(id);
    throw new AppError('bad_file', message('error.file.unopenable', { name: basename(path) }));
  }
  let list: ImportedList;
  try {
    list = await readInto(s, { id, inputPath, fileName }, options, options);
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
    fileName,
    sourcePath: options.named?.sourcePath ?? path,
    product: null,
    state: 'draft',
    column: options.column ?? null,
    unique: list.counts.unique,
    plan: null,
    unitPriceMicros: null,
    charge: null,
    failure: null,
    resumes: 0,
    choices: null,
    limitMicros: null,
    hold: null,
    wait: null,
    sentAgainAfterLoss: 0,
    stoppedMidCheck: { addresses: 0, stops: 0, run: null, busyUntil: null },
    sample: null,
    askAgain: null,
    repeatOf: await recognise(s, id, list, options.againOf),
    remindedAt: null,
    source: options.source ?? null,
  };
  await store.save(record);
  const l = await track(s, record, list);
  announce(s, l);
  return { job: view(s, l), list };
}

/** Reads a draft workbook again from another of its sheets, its address column found anew. */
export async function chooseSheet(s: Shared, id: string, sheet: number): Promise<Imported> {
  const l = await load(s, id);
  requireDraft(l, 'sheet');
  const workbook = l.list.workbook;
  if (!workbook) throw new AppError('invalid_input', message('error.import.noSheets'));
  if (l.record.sample) {
    throw new AppError('invalid_input', message('error.import.sampledSheet'));
  }
  await readAgain(s, l, { sheet });
  l.record.column = null;
  await save(s, l);
  return { job: view(s, l), list: l.list };
}

/** A draft's copy (the workbook itself for a workbook) read again with other choices. */
async function readAgain(
  s: Shared,
  l: Awaited<ReturnType<typeof load>>,
  choice: Pick<ImportOptions, 'column' | 'sheet'>,
): Promise<void> {
  const id = l.record.id;
  const inputPath = l.list.workbook?.path ?? l.list.sourcePath;
  // The address file is written again.
  await closeBook(l);
  l.list = await readInto(s, { id, inputPath, fileName: l.record.fileName }, choice);
  l.record.unique = l.list.counts.unique;
  l.outcomes = await loadOutcomes(s.store.paths(id).outcomes, l.record.unique);
  // Another sheet or column is another set of addresses: known again, or not.
  l.record.repeatOf = await recognise(s, id, l.list);
}

/** Reads a draft's copy again with another address column. */
export async function chooseColumn(
  s: Shared,
  id: string,
  column: string | number,
): Promise<Imported> {
  const l = await load(s, id);
  requireDraft(l, 'column');
  if (l.record.sample) {
    throw new AppError('invalid_input', message('error.import.sampledColumn'));
  }
  // A workbook's draft is read on the sheet it was read from.
  const sheet = l.list.workbook?.sheet;
  await readAgain(s, l, { column, ...(sheet !== undefined ? { sheet } : {}) });
  l.record.column = column;
  await save(s, l);
  return { job: view(s, l), list: l.list };
}

/**
 * Text the user pasted becomes a job as a dropped file would: "Pasted list,
 * <date and time>", its exports offered in the home folder.
 */
export async function importPasted(
  s: Shared,
  text: string,
  options: Omit<ImportOptions, 'named'> = {},
): Promise<Imported> {
  const at = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  // A name every system allows in a file name (no ":"), as the export's is made from it.
  const fileName = `Pasted list, ${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}.${pad(at.getMinutes())}`;
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-paste-'));
  const path = join(dir, 'pasted.txt');
  try {
    await writeFile(path, text, 'utf8');
    return await importFile(s, path, {
      ...options,
      named: { fileName, sourcePath: join(homedir(), `${fileName}.txt`) },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
