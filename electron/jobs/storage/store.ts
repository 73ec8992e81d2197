// The job store: one folder per job in the app's data folder, holding a copy
// of the input, the imported list (address file and row index), the outcome
// log, the result files of bulk tasks and job.json, written atomically before
// anything that can charge.
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import { log } from '../../lib/log';
import type { ImportedList } from '../../lists/types';
import { jobRecord, type JobRecord } from './record';

export interface JobPaths {
  dir: string;
  record: string;
  list: string;
  outcomes: string;
  /** The positions of the addresses sent (send-list.ts). */
  sendList: string;
  /** When the memory last gave each address's answer, as read at import (reuse.ts). */
  recalled: string;
  /** Each address's spot in the memory, as hashed at import (memory/spot-file.ts). */
  spots: string;
  /** Why each address is left out by the suppression list or a rule (jobs/money/withheld.ts). */
  withheld: string;
  /** The synchronous requests sent and not yet ended (requests-journal.ts). */
  requests: string;
  /** The job's copy of the user's file. */
  input(extension: string): string;
  taskFile(k: number): string;
  resultFile(k: number): string;
}

export interface JobStore {
  readonly root: string;
  paths(id: string): JobPaths;
  create(id: string): Promise<JobPaths>;
  save(record: JobRecord): Promise<void>;
  load(id: string): Promise<JobRecord>;
  saveList(id: string, list: ImportedList): Promise<void>;
  loadList(id: string): Promise<ImportedList>;
  /** Every readable job; a damaged one is logged and left on disk. */
  all(): Promise<JobRecord[]>;
  remove(id: string): Promise<void>;
}

/**
 * A folder without job.json is an import that never finished (the app was
 * closed while reading): nothing in it was sent or paid for. Removed once it
 * is a day old, so an import under way in another process is never touched.
 */
async function removeAbandoned(dir: string): Promise<void> {
  try {
    const info = await stat(dir);
    if (info.isDirectory() && Date.now() - info.mtimeMs > 24 * 3600_000) {
      await rm(dir, { recursive: true, force: true });
    }
  } catch {
    // Gone already, or not ours to judge.
  }
}

export function openJobStore(dataDir: string): JobStore {
  const root = join(dataDir, 'jobs');
  const paths = (id: string): JobPaths => {
    const dir = join(root, id);
    return {
      dir,
      record: join(dir, 'job.json'),
      list: join(dir, 'list.json'),
      outcomes: join(dir, 'outcomes.log'),
      sendList: join(dir, 'send.bin'),
      recalled: join(dir, 'recalled.bin'),
      spots: join(dir, 'spots.bin'),
      withheld: join(dir, 'withheld.bin'),
      requests: join(dir, 'requests.journal'),
      input: (extension) => join(dir, `input${extension}`),
      taskFile: (k) => join(dir, `task-${k + 1}.txt`),
      resultFile: (k) => join(dir, `result-${k + 1}.csv`),
    };
  };
  return {
    root,
    paths,
    async create(id) {
      const p = paths(id);
      await mkdir(p.dir, { recursive: true });
      return p;
    },
    async save(record) {
      const checked = jobRecord.parse(record);
      await writeFileAtomic(paths(record.id).record, JSON.stringify(checked, null, 2));
    },
    async load(id) {
      const text = await readFile(paths(id).record, 'utf8');
      return jobRecord.parse(JSON.parse(text));
    },
    async saveList(id, list) {
      await writeFileAtomic(paths(id).list, JSON.stringify(list));
    },
    async loadList(id) {
      return JSON.parse(await readFile(paths(id).list, 'utf8')) as ImportedList;
    },
    async all() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const records: JobRecord[] = [];
      for (const name of names) {
        try {
          records.push(jobRecord.parse(JSON.parse(await readFile(paths(name).record, 'utf8'))));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
            await removeAbandoned(paths(name).dir);
            continue;
          }
          log.warn(`jobs: ${name} could not be read and is left as it is`, err);
        }
      }
      return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async remove(id) {
      await rm(paths(id).dir, { recursive: true, force: true });
    },
  };
}
