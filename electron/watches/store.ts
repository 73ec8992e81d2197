// Where watches are kept without a team store: the data folder, one folder a
// watch (<dataDir>/watches/<id>/) holding its settings (watch.json), its runs
// (runs.json, newest first) and the lock of whoever runs it. The app and the
// command line share them as they share jobs. Every file is checked on every
// read and written by a rename, so a crash leaves the old file or the new.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { writeFileAtomic } from '../lib/files/atomic-file';
import { runSchema, watchSchema, type Watch, type WatchRun } from './model';

/** Runs kept per watch: a run is about 1 kB, so a weekly watch keeps ten years. */
const MAX_RUNS = 500;

const watchFileSchema = z.strictObject({ version: z.literal(1), watch: watchSchema });
const runsFileSchema = z.strictObject({ version: z.literal(1), runs: z.array(runSchema) });

export const watchesDir = (dataDir: string): string => join(dataDir, 'watches');
export const watchDir = (dataDir: string, id: string): string => join(watchesDir(dataDir), id);

const newId = (prefix: 'w' | 'r'): string =>
  `${prefix}-${[...randomBytes(8)].map((b) => '0123456789abcdefghijklmnopqrstuvwxyz'[b % 36]).join('')}`;

export const newWatchId = (): string => newId('w');
export const newRunId = (): string => newId('r');

async function readJson(path: string): Promise<unknown | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw damaged(path);
  }
}

const damaged = (path: string): AppError =>
  new AppError('bad_file', message('error.watch.damaged', { path }));

/** The watch `id`; an error that says so when there is none. */
export async function readWatch(dataDir: string, id: string): Promise<Watch> {
  const found = /^w-[0-9a-z]{8}$/.test(id) ? await findWatch(dataDir, id) : null;
  if (found === null) throw new AppError('invalid_input', message('error.watch.notFound', { id }));
  return found;
}

async function findWatch(dataDir: string, id: string): Promise<Watch | null> {
  const path = join(watchDir(dataDir, id), 'watch.json');
  const json = await readJson(path);
  if (json === null) return null;
  const parsed = watchFileSchema.safeParse(json);
  if (!parsed.success) throw damaged(path);
  return parsed.data.watch;
}

/** Every watch, oldest first. */
export async function listWatches(dataDir: string): Promise<Watch[]> {
  let names: string[];
  try {
    names = await readdir(watchesDir(dataDir));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const watches: Watch[] = [];
  for (const name of names.filter((n) => /^w-[0-9a-z]{8}$/.test(n))) {
    const watch = await findWatch(dataDir, name);
    if (watch !== null) watches.push(watch);
  }
  return watches.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function saveWatch(dataDir: string, watch: Watch): Promise<void> {
  const dir = watchDir(dataDir, watch.id);
  await mkdir(dir, { recursive: true });
  const body = watchFileSchema.parse({ version: 1, watch });
  await writeFileAtomic(join(dir, 'watch.json'), `${JSON.stringify(body, null, 2)}\n`);
}

/**
 * Changes some fields of a watch as it is on disk now, so a pause given while
 * a run goes on is kept when the run records where its schedule stands.
 */
export async function patchWatch(
  dataDir: string,
  id: string,
  patch: Partial<Pick<Watch, 'state' | 'lastSlotDone' | 'retryAt'>>,
): Promise<Watch> {
  const watch = { ...(await readWatch(dataDir, id)), ...patch };
  await saveWatch(dataDir, watch);
  return watch;
}

/** The watch and its runs are gone; nothing on the platform changes. */
export async function removeWatch(dataDir: string, id: string): Promise<void> {
  await readWatch(dataDir, id);
  await rm(watchDir(dataDir, id), { recursive: true, force: true });
}

/** The watch's runs, newest first. */
export async function readRuns(dataDir: string, id: string): Promise<WatchRun[]> {
  const path = join(watchDir(dataDir, id), 'runs.json');
  const json = await readJson(path);
  if (json === null) return [];
  const parsed = runsFileSchema.safeParse(json);
  if (!parsed.success) throw damaged(path);
  return parsed.data.runs;
}

export async function addRun(dataDir: string, run: WatchRun): Promise<void> {
  const runs = [run, ...(await readRuns(dataDir, run.watchId))].slice(0, MAX_RUNS);
  const body = runsFileSchema.parse({ version: 1, runs });
  await writeFileAtomic(
    join(watchDir(dataDir, run.watchId), 'runs.json'),
    `${JSON.stringify(body)}\n`,
  );
}
