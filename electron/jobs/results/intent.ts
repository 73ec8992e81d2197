// The export a command asked for when it started a job, kept in the job's
// folder beside job.json: a `clean` killed at any moment (while checking, or
// after checking and before its file was saved) is carried on by `resume`,
// which writes the same file. `writtenAt` says the file was saved: set only
// once the export is renamed into place, so a crash mid-export writes it again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { EXPORT_FORMATS, type ExportFormat } from '../../common/model';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import { openJobStore } from '../storage/store';

const exportIntent = z.object({
  out: z.string(),
  /**
   * --keep as given. Before --keep took a list, its one value "undeliverable"
   * meant every row not deliverable, as "not-deliverable" does now (version absent).
   */
  keep: z.string().max(4096),
  /** --domain as given; absent before there was one. */
  domain: z.string().max(65_536).default(''),
  version: z.literal(2).optional(),
  bom: z.boolean(),
  /** --flags; absent in what a `clean` before it kept. */
  flags: z.boolean().default(false),
  /** --risk; absent in what a `clean` before it kept. */
  risk: z.boolean().default(false),
  /** --format; absent in what a `clean` before workbooks kept. */
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /**
   * When the file was saved; null while it is owed. Absent in what a `clean`
   * before this mark kept: such a file is written only when its job is carried
   * on, never again by itself (it may have been saved long ago, and edited).
   */
  writtenAt: z.string().max(64).nullable().optional(),
});
export type ExportIntent = z.infer<typeof exportIntent>;

/** What a command asks for, before the job starts. */
export interface WantedExport {
  out: string;
  keep?: string | undefined;
  domain?: string | undefined;
  bom: boolean;
  flags: boolean;
  /** --risk: the email_risk and email_risk_reasons columns. */
  risk?: boolean;
  format: ExportFormat;
}

// The name predates the intent's move into the core: jobs kept by earlier versions are read as they are.
const intentPath = (dataDir: string, id: string) =>
  join(openJobStore(dataDir).paths(id).dir, 'cli-export.json');

async function saveIntent(dataDir: string, id: string, intent: ExportIntent): Promise<void> {
  await writeFileAtomic(intentPath(dataDir, id), JSON.stringify(intent));
}

/** Notes, before the job starts, the export the command will write when it is done. */
export async function saveExportIntent(
  dataDir: string,
  id: string,
  wanted: WantedExport,
): Promise<void> {
  await saveIntent(dataDir, id, {
    version: 2,
    out: wanted.out,
    keep: wanted.keep ?? 'all',
    domain: wanted.domain ?? '',
    bom: wanted.bom,
    flags: wanted.flags,
    risk: wanted.risk ?? false,
    format: wanted.format,
    writtenAt: null,
  });
}

/** The export a command asked for of this job; null when none did. */
export async function loadExportIntent(dataDir: string, id: string): Promise<ExportIntent | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(intentPath(dataDir, id), 'utf8'));
  } catch {
    return null;
  }
  const parsed = exportIntent.safeParse(raw);
  if (!parsed.success) return null;
  const kept = parsed.data;
  return kept.version === undefined && kept.keep === 'undeliverable'
    ? { ...kept, keep: 'not-deliverable' }
    : kept;
}

/** Marks the export saved: called once the file is in place, never before. */
export async function markExportWritten(dataDir: string, id: string, at: Date): Promise<void> {
  const intent = await loadExportIntent(dataDir, id);
  if (intent) await saveIntent(dataDir, id, { ...intent, writtenAt: at.toISOString() });
}

/** Whether the export was asked for and not saved yet: `resume` writes it. */
export const exportOwed = (intent: ExportIntent | null): intent is ExportIntent =>
  intent !== null && intent.writtenAt === null;
