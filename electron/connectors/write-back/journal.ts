// A write-back as it is kept on disk, one file a job beside its work list:
// what was asked, where it got to, and what the platform said. It is saved
// before a batch is sent (the batch "in flight") and after its answer, so a
// crash or a restart carries on from the first batch not known to be done,
// and checks the one in flight before sending it again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PLATFORMS, VERDICT_STATUSES } from '../../common/catalogs/platforms';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import { keptSaid } from './said';

const range = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });

/** The first refusals kept with their reasons; the rest are counted. */
export const REFUSALS_KEPT = 200;

export const journalSchema = z.object({
  version: z.literal(1),
  jobId: z.string().regex(/^[a-z0-9-]+$/),
  platform: z.enum(PLATFORMS),
  listId: z.string(),
  listName: z.string(),
  checkedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  retire: z.enum(['unsubscribe', 'archive']).nullable(),
  state: z.enum(['writing', 'done', 'failed']),
  phase: z.enum(['verdicts', 'retire', 'done']),
  /** The work list's line the current phase carries on from. */
  next: z.number().int().min(0),
  /** The batch sent and not yet answered, and the platform's job for it when it made one. */
  inFlight: range.extend({ job: z.string().optional() }).nullable(),
  plan: z.object({
    write: z.partialRecord(z.enum(VERDICT_STATUSES), z.number().int().min(0)),
    unchanged: z.number().int().min(0),
    skipped: z.number().int().min(0),
    retirable: z.number().int().min(0),
    moves: z.record(z.string().max(64), z.number().int().min(0)).optional(),
  }),
  counts: z.object({
    written: z.number().int().min(0),
    refused: z.number().int().min(0),
    retired: z.number().int().min(0),
    retireRefused: z.number().int().min(0),
  }),
  /** Each with its reason in English, and as a message when it is one of ours. */
  refusals: z
    .array(z.object({ email: z.string(), reason: z.string(), said: keptSaid }))
    .max(REFUSALS_KEPT),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** The error as a message, when it was made from one: said in the reader's language. */
  errorSaid: keptSaid,
});
export type Journal = z.infer<typeof journalSchema>;

export interface WriteBackPaths {
  journal: string;
  /** What the command line's `clean` asked for, kept until the job is done. */
  intent: string;
  work: string;
  export: string;
}

export const writeBackPaths = (dir: string, jobId: string): WriteBackPaths => ({
  journal: join(dir, `${jobId}.json`),
  intent: join(dir, `${jobId}.intent.json`),
  work: join(dir, `${jobId}.work.tsv`),
  export: join(dir, `${jobId}.export.csv`),
});

export async function readJournal(path: string): Promise<Journal | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  const parsed = journalSchema.safeParse(JSON.parse(text));
  // A damaged journal is not trusted: the write-back starts over, which writes the same values.
  return parsed.success ? parsed.data : null;
}

export async function saveJournal(path: string, journal: Journal): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(journal, null, 2));
}
