// The cleaned file `clean` writes, and `resume` writes for a `clean` that was
// interrupted: which rows (--keep), which columns (by product), with or
// without a BOM. What `clean` was asked for is kept with the job by the core
// (jobs/results/intent.ts), so that `resume` can finish it.
import type { JobView } from '../../../ipc/contract';
import type { Jobs } from '../../../jobs/jobs';
import type { ExportFormat } from '../../../common/model';
import type { AppendedColumn } from '../../../lists/types';
import type { WantedExport } from '../../../jobs/results/intent';
import { UsageError, type Values } from '../../args/args';
import { parseKeep } from '../../args/keep';
import { message } from '../../../common/i18n/message';
import { t } from '../../output/say';

export async function writeExport(
  jobs: Jobs,
  job: JobView,
  wanted: Omit<WantedExport, 'out'>,
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
  // The row's risk and the words that decided it (risk/table.ts).
  if (wanted.risk) columns.push('email_risk', 'email_risk_reasons');
  return jobs.export(job.id, {
    destPath,
    filter: parseKeep(wanted.keep, wanted.domain),
    columns,
    bom: wanted.bom,
    format: wanted.format,
  });
}

/** The file a command's options ask for, as the job keeps it to be carried on. */
export const wantedExport = (values: Values, out: string, format: ExportFormat): WantedExport => ({
  out,
  keep: values.keep,
  domain: values.domain,
  bom: values.bom,
  flags: values.flags,
  risk: values.risk,
  format,
});

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
