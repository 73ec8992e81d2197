// A finished job's cleaned list written out: one file in the format chosen
// (CSV as the list was read, or an Excel workbook), or one file per status
// group into a folder. The job reads its own copy; the user's file it came
// from is never replaced either.
import { basename, extname } from 'node:path';
import type { ExportFormat, StatusGroup } from '../common/model';
import { readSuggestions } from '../lists/free-checks';
import { exportList, type ExportOptions, type ExportResult } from '../lists/write';
import { exportGroups, type GroupFile } from '../lists/write-groups';
import { exportWorkbook } from '../lists/write-xlsx';
import { readFlags } from './free-split';
import { load, type Shared } from './live';

export interface JobExportOptions extends ExportOptions {
  /** Default: CSV. */
  format?: ExportFormat;
}

export interface JobExport extends ExportResult {
  format: ExportFormat;
  /** The sheets of a workbook: more than one past a sheet's 1,048,576 rows. */
  sheets: string[];
}

export type ByStatusOptions = Omit<JobExportOptions, 'destPath' | 'filter'> & { folder: string };

/** What every export of the job passes on: its original, the suggestions and flags asked for. */
async function shared(s: Shared, id: string, columns: ExportOptions['columns']) {
  const l = await load(s, id);
  const suggested =
    l.list.findings && columns?.includes('email_suggestion')
      ? await readSuggestions(l.list.findings.suggestionsPath)
      : null;
  const flags = columns?.includes('email_flags')
    ? await readFlags(l.list.findings?.findingsPath, l.record.unique)
    : null;
  return {
    l,
    outcomeOf: (i: number) => l.outcomes.get(i),
    options: {
      original: l.record.sourcePath,
      ...(suggested ? { suggestionOf: (i: number) => suggested.get(i) } : {}),
      ...(flags ? { flagsOf: (i: number) => flags[i] ?? 0 } : {}),
      checkedOn: l.record.finishedAt ?? l.record.startedAt,
    },
  };
}

export async function exportJob(
  s: Shared,
  id: string,
  { format = 'csv', ...exportOptions }: JobExportOptions,
): Promise<JobExport> {
  const { l, outcomeOf, options } = await shared(s, id, exportOptions.columns);
  if (format === 'xlsx') {
    const written = await exportWorkbook(l.list, outcomeOf, {
      ...options,
      ...exportOptions,
      fileName: l.record.fileName,
    });
    return { ...written, format };
  }
  const written = await exportList(l.list, outcomeOf, { ...options, ...exportOptions });
  return { ...written, format, sheets: [] };
}

export async function exportJobByStatus(
  s: Shared,
  id: string,
  { format = 'csv', folder, ...exportOptions }: ByStatusOptions,
): Promise<{ format: ExportFormat; files: GroupFile[]; empty: StatusGroup[] }> {
  const { l, outcomeOf, options } = await shared(s, id, exportOptions.columns);
  const fileName = l.record.fileName;
  const written = await exportGroups(l.list, outcomeOf, {
    ...options,
    ...exportOptions,
    folder,
    format,
    fileName,
    stem: basename(fileName, extname(fileName)),
  });
  return { format, ...written };
}
