// The cleaned file `clean` writes, and `resume` writes for a `clean` that was
// interrupted: which rows (--keep), which columns (by product), with or
// without a BOM, and the record of what `clean` was asked for, kept in the
// job's folder so that `resume` can finish it (there is no other way to get
// that export from the command line).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { JobView } from '../../../ipc/contract';
import { writeFileAtomic } from '../../../lib/files/atomic-file';
import type { Jobs } from '../../../jobs/jobs';
import { openJobStore } from '../../../jobs/storage/store';
import { EXPORT_FORMATS, type ExportFormat } from '../../../common/model';
import type { AppendedColumn } from '../../../lists/types';
import { UsageError } from '../../args/args';
import { parseKeep } from '../../args/keep';
import { message } from '../../../common/i18n/message';
import { t } from '../../output/say';

const cleanExport = z.object({
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
  /** --format; absent in what a `clean` before workbooks kept. */
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type CleanExport = z.infer<typeof cleanExport>;

const cleanExportPath = (dataDir: string, id: string) =>
  join(openJobStore(dataDir).paths(id).dir, 'cli-export.json');

/** Notes, before the job starts, what `clean` will write when it is done. */
export async function saveCleanExport(
  dataDir: string,
  id: string,
  wanted: {
    out: string;
    keep: string | undefined;
    domain: string | undefined;
    bom: boolean;
    flags: boolean;
    format: ExportFormat;
  },
): Promise<void> {
  await writeFileAtomic(
    cleanExportPath(dataDir, id),
    JSON.stringify({
      version: 2,
      out: wanted.out,
      keep: wanted.keep ?? 'all',
      domain: wanted.domain ?? '',
      bom: wanted.bom,
      flags: wanted.flags,
      format: wanted.format,
    } satisfies CleanExport),
  );
}

/** What an interrupted `clean` of this job was to write; null when it was not a `clean`. */
export async function loadCleanExport(dataDir: string, id: string): Promise<CleanExport | null> {
  try {
    const kept = cleanExport.parse(
      JSON.parse(await readFile(cleanExportPath(dataDir, id), 'utf8')),
    );
    return kept.version === undefined && kept.keep === 'undeliverable'
      ? { ...kept, keep: 'not-deliverable' }
      : kept;
  } catch {
    return null;
  }
}

export async function writeExport(
  jobs: Jobs,
  job: JobView,
  wanted: {
    keep?: string | undefined;
    domain?: string | undefined;
    bom: boolean;
    flags: boolean;
    format: ExportFormat;
  },
  destPath: string,
) {
  const columns: AppendedColumn[] =
    job.product === 'avatar'
      ? ['email_status', 'email_avatar', 'email_avatar_url']
      : ['email_status', 'email_provider'];
  // Where the free checks saw likely typos, the address probably meant goes beside them.
  const { findings } = await jobs.getList(job.id);
  if (findings && findings.typo > 0) columns.push('email_suggestion');
  // What the free checks and the memory say of each row, and the day its answer was given.
  if (wanted.flags) columns.push('email_flags', 'email_checked_at');
  return jobs.export(job.id, {
    destPath,
    filter: parseKeep(wanted.keep, wanted.domain),
    columns,
    bom: wanted.bom,
    format: wanted.format,
  });
}

/**
 * --format, or the input's own kind: a workbook comes back as a workbook,
 * a text list as CSV.
 */
export function parseFormat(value: string | undefined, input: string): ExportFormat {
  if (value === undefined) return /\.(xlsx|xlsm)$/i.test(input) ? 'xlsx' : 'csv';
  if (value === 'csv' || value === 'xlsx') return value;
  throw new UsageError(message('cli.usage.format'));
}

/** The line that says where the cleaned list went. */
export const savedLine = (written: {
  rowsWritten: number;
  rowsTotal: number;
  path: string;
  sheets?: string[];
}): string =>
  t('cli.clean.saved', {
    written: written.rowsWritten,
    total: written.rowsTotal,
    path: written.path,
  }) +
  (written.sheets && written.sheets.length > 1
    ? ` ${t('cli.clean.savedOnSheets', {
        sheets: written.sheets
          .slice(1)
          .map((s) => `"${s}"`)
          .join(', '),
      })}`
    : '');
