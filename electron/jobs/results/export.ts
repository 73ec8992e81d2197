// A finished job's cleaned list written out: one file in the format chosen
// (CSV as the list was read, or an Excel workbook), or one file per status
// group into a folder. The job reads its own copy; the user's file it came
// from is never replaced either.
import { readWithheld, withheldFlags } from '../../lists/judge/withheld';
import { basename, extname } from 'node:path';
import type { ExportFormat, StatusGroup } from '../../common/model';
import { readSuggestions } from '../../lists/judge/free-checks';
import type { RowFilter } from '../../common/views/views';
import { exportList, type ExportOptions, type ExportResult } from '../../lists/write/write';
import { type RowKeep } from '../../lists/judge/row-facts';
import { exportGroups, type GroupFile } from '../../lists/write/write-groups';
import { exportWorkbook } from '../../lists/write/write-xlsx';
import { readFlags } from '../money/free-split';
import { addressBook, load, type Live, type Shared } from '../live';
import { rowTest, rowTestSources } from './row-filter';

export interface JobExportOptions extends Omit<ExportOptions, 'filter'> {
  /** Default: CSV. */
  format?: ExportFormat;
  /** Which rows: a panel's choice, a status group, or the results' filter ("the rows I see"). */
  filter?: RowKeep | RowFilter;
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
  const risk = columns?.includes('email_risk') || columns?.includes('email_risk_reasons');
  const flags =
    columns?.includes('email_flags') || risk
      ? await readFlags(l.list.findings?.findingsPath, l.record.unique)
      : null;
  const kept = l.list.withheld;
  const withheld =
    kept && columns?.includes('email_flags')
      ? await readWithheld(kept.withheldPath, l.record.unique)
      : null;
  return {
    l,
    outcomeOf: (i: number) => l.outcomes.get(i),
    options: {
      original: l.record.sourcePath,
      ...(suggested ? { suggestionOf: (i: number) => suggested.get(i) } : {}),
      ...(flags ? { flagsOf: (i: number) => flags[i] ?? 0 } : {}),
      ...(withheld && kept
        ? { withheldOf: (i: number) => withheldFlags(withheld[i] ?? 0, kept.rules) }
        : {}),
      checkedOn: l.record.finishedAt ?? l.record.startedAt,
      ...(risk ? { riskAt: Date.now() } : {}),
    },
  };
}

/** The results' filter as a test of each row; the other choices as they are. */
export async function keepOf(l: Live, filter: JobExportOptions['filter']): Promise<RowKeep> {
  if (filter === undefined || typeof filter !== 'object') return filter ?? 'all';
  const checkedOn = l.record.finishedAt ?? l.record.startedAt;
  return rowTest(filter, await rowTestSources(l.list, await addressBook(l), checkedOn));
}

export async function exportJob(
  s: Shared,
  id: string,
  { format = 'csv', filter, ...rest }: JobExportOptions,
): Promise<JobExport> {
  const { l, outcomeOf, options } = await shared(s, id, rest.columns);
  const exportOptions = { ...rest, filter: await keepOf(l, filter) };
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
