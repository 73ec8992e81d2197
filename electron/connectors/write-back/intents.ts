// Which write-backs are still to finish: those a `clean` of a platform list
// asked for (kept before its job started, so `list-cleaner resume` finishes
// them), and those stopped while writing (the app carries them on at start).
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { RetireMode } from '../../common/views/platform-views';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import { writeBackPaths, type Journal } from './journal';

const intentSchema = z.object({ retire: z.enum(['unsubscribe', 'archive']).nullable() });

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

export function intentsApi(dir: string, journalOf: (jobId: string) => Promise<Journal | null>) {
  return {
    /** Notes, before a job is checked, that its verdicts are to be written back when it is done. */
    async intend(jobId: string, retire: RetireMode | null): Promise<void> {
      await mkdir(dir, { recursive: true });
      await writeFileAtomic(writeBackPaths(dir, jobId).intent, JSON.stringify({ retire }));
    },

    /** Write-backs asked for and not finished: the jobs' ids with what was asked. */
    async unfinished(): Promise<{ jobId: string; retire: RetireMode | null }[]> {
      const names = await namesIn(dir);
      const found = [];
      for (const name of names) {
        const jobId = /^([a-z0-9-]+)\.intent\.json$/.exec(name)?.[1];
        if (jobId === undefined) continue;
        const intent = intentSchema.safeParse(
          JSON.parse(await readFile(join(dir, name), 'utf8').catch(() => 'null')),
        );
        if (!intent.success) continue;
        const journal = await journalOf(jobId);
        if (journal?.state !== 'done') found.push({ jobId, retire: intent.data.retire });
      }
      return found;
    },

    /** Write-backs stopped while writing (the app quit, the computer slept): carried on at the next start. */
    async interrupted(): Promise<string[]> {
      const names = await namesIn(dir);
      const found: string[] = [];
      for (const name of names) {
        const jobId = /^([a-z0-9-]+)\.json$/.exec(name)?.[1];
        if (jobId === undefined) continue;
        if ((await journalOf(jobId))?.state === 'writing') found.push(jobId);
      }
      return found;
    },
  };
}
