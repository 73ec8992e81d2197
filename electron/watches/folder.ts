// A hot folder: every list file that lands in the watched folder is cleaned
// into the output folder, under a name that says so; the original then moves
// to done/, and a file that cannot be read moves to failed/ beside a .txt
// that says why. A file is taken only once complete (its size and time
// unchanged for a while), and never cleaned twice, across restarts: each
// file is known by its content's hash, kept in seen.json with the job that
// cleans it, so a pass stopped mid-file carries that job on instead of
// paying again.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, parse } from 'node:path';
import { z } from 'zod';
import { english } from '../common/i18n/message';
import type { Jobs } from '../jobs/jobs';
import { sayError } from '../lib/app-error';
import { writeFileAtomic } from '../lib/files/atomic-file';
import type { Watch, WatchRun } from './model';
import { watchDir } from './store';

/** A file changed more recently than this may still be being written: left for the next pass. */
export const SETTLE_MS = 30_000;
const LISTS = new Set(['.csv', '.txt', '.tsv', '.xlsx', '.xls']);

const seenSchema = z.strictObject({
  version: z.literal(1),
  files: z.record(
    z.string().length(64),
    z.strictObject({
      name: z.string().max(4096),
      state: z.enum(['claimed', 'done', 'failed']),
      jobId: z.string().nullable(),
      output: z.string().max(4096).nullable(),
    }),
  ),
});
type Seen = z.infer<typeof seenSchema>;

async function readSeen(path: string): Promise<Seen> {
  try {
    return seenSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, files: {} };
    throw e;
  }
}

async function hashOf(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `dir/name`, or `dir/name (2)` and on, so nothing already there is replaced. */
async function freeName(dir: string, name: string): Promise<string> {
  const { name: base, ext } = parse(name);
  for (let n = 1; ; n++) {
    const candidate = join(dir, n === 1 ? name : `${base} (${n})${ext}`);
    try {
      await stat(candidate);
    } catch {
      return candidate;
    }
  }
}

async function moveInto(dir: string, path: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const dest = await freeName(dir, name);
  await rename(path, dest);
  return dest;
}

/** The files a pass would take now: list files, complete, in the folder itself. */
export async function waitingFiles(folder: string, nowMs: number): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const ready: string[] = [];
  for (const name of names.sort()) {
    if (name.startsWith('.') || !LISTS.has(extname(name).toLowerCase())) continue;
    const info = await stat(join(folder, name)).catch(() => null);
    if (info?.isFile() && nowMs - info.mtimeMs >= SETTLE_MS) ready.push(name);
  }
  return ready;
}

export interface FolderDeps {
  dataDir: string;
  jobs: Jobs;
  now: () => number;
}

/** One pass over the folder: each complete file cleaned once; what became of them. */
export async function runFolder(deps: FolderDeps, watch: Watch, run: WatchRun): Promise<void> {
  if (watch.source.kind !== 'folder') return;
  const { folder, out } = watch.source;
  const seenPath = join(watchDir(deps.dataDir, watch.id), 'seen.json');
  const seen = await readSeen(seenPath);
  const save = () => writeFileAtomic(seenPath, `${JSON.stringify(seen)}\n`);
  const files = { cleaned: 0, failed: 0, already: 0 };
  run.files = files;
  for (const name of await waitingFiles(folder, deps.now())) {
    const path = join(folder, name);
    const before = await stat(path);
    const hash = await hashOf(path);
    // Still being written after all (it changed while read): left for the next pass.
    const after = await stat(path);
    if (after.size !== before.size || after.mtimeMs !== before.mtimeMs) continue;
    const known = seen.files[hash];
    if (known?.state === 'done' || known?.state === 'failed') {
      files.already += 1;
      await moveInto(join(folder, 'done'), path, name);
      continue;
    }
    let jobId = known?.jobId ?? null;
    try {
      if (jobId === null) {
        const { job } = await deps.jobs.importFile(path);
        jobId = job.id;
        seen.files[hash] = { name, state: 'claimed', jobId, output: null };
        await save();
        if (job.unique > 0) {
          await deps.jobs.start(jobId, watch.product, { reuseDays: watch.recheckDays });
        }
      } else {
        // Stopped mid-file before: the same job carries on; what it paid for is kept.
        const job = await deps.jobs.get(jobId);
        if (job.state !== 'done') await deps.jobs.resume(jobId);
      }
      const finished = await deps.jobs.finished(jobId);
      if (finished.state !== 'done') throw new Error(finished.failure?.message ?? finished.state);
      run.counts.read += finished.rows;
      run.counts.paid += finished.paid;
      run.counts.reused += finished.reused;
      run.chargedMicros = (run.chargedMicros ?? 0) + (finished.chargedMicros ?? 0);
      await mkdir(out, { recursive: true });
      const { name: base } = parse(name);
      const dest = await freeName(out, `${base} (cleaned).csv`);
      await deps.jobs.export(jobId, { destPath: dest, columns: ['email_status'] });
      seen.files[hash] = { name, state: 'done', jobId, output: dest };
      await save();
      await moveInto(join(folder, 'done'), path, name);
      files.cleaned += 1;
    } catch (e) {
      const why = e instanceof Error ? sayError(e, english.t) : String(e);
      seen.files[hash] = { name, state: 'failed', jobId, output: null };
      await save();
      const moved = await moveInto(join(folder, 'failed'), path, name);
      await writeFile(`${moved}.txt`, `${why}\n`, 'utf8');
      files.failed += 1;
    }
  }
}
