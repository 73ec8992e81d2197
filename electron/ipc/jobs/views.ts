// The views the jobs' handlers answer with, built from what the core keeps: a
// list's review (bounded, so no file can freeze the window), an estimate with
// the route its addresses will take, and a job's summary. The contract checks
// each against its schema (review-schemas.ts, result-schemas.ts).
import type {
  ColumnView,
  EstimateView,
  FindingsView,
  ImportView,
  JobSummaryView,
  JobView,
  SampleView,
  SeenBeforeView,
} from '../../common/views/views';
import type { RowStatusName } from '../../common/model';
import type { Estimate, Jobs } from '../../jobs/jobs';
import type { ImportedList } from '../../lists/types';
import { encodingNames } from '../../lists/read/encoding';
import { MAX_SUGGESTIONS_SHOWN } from './review-schemas';

const DELIMITER_NAMES = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' } as const;

// What the review shows is bounded: a file that is one 10 MB line, or has
// thousands of columns, must not freeze the window (the full cells stay in the
// file and in the export).
const MAX_COLUMNS_SHOWN = 1_000;
const MAX_CELL_SHOWN = 300;
const MAX_NAME_SHOWN = 120;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export function clipForReview(list: Pick<ImportedList, 'columns' | 'preview' | 'candidates'>) {
  return {
    columns: list.columns.slice(0, MAX_COLUMNS_SHOWN).map((c) => clip(c, MAX_NAME_SHOWN)),
    preview: list.preview.map((row) =>
      row.slice(0, MAX_COLUMNS_SHOWN).map((cell) => clip(cell, MAX_CELL_SHOWN)),
    ),
    candidates: list.candidates
      .filter((c) => c.index < MAX_COLUMNS_SHOWN)
      .map((c) => ({ ...c, name: clip(c.name, MAX_NAME_SHOWN) })),
  };
}

export function importView(
  job: JobView,
  list: ImportedList,
  sample: SampleView | null,
  seenBefore: SeenBeforeView | null = null,
): ImportView {
  const column = (c: ColumnView): ColumnView => ({ ...c, name: clip(c.name, MAX_NAME_SHOWN) });
  const shown = clipForReview(list);
  return {
    job,
    fileName: job.fileName,
    sizeBytes: list.workbook?.bytes ?? list.sourceBytes,
    encoding: encodingNames[list.encoding],
    delimiter: DELIMITER_NAMES[list.delimiter],
    hasHeader: list.hasHeader,
    columns: shown.columns,
    column: column(list.column),
    candidates: shown.candidates,
    counts: { ...list.counts },
    preview: shown.preview,
    findings: findingsView(list),
    sample,
    seenBefore: seenBefore
      ? { ...seenBefore, fileName: clip(seenBefore.fileName, MAX_NAME_SHOWN) }
      : null,
    workbook: list.workbook
      ? {
          sheet: list.workbook.sheet,
          sheets: list.workbook.sheets.map((sheet) => ({
            ...sheet,
            name: clip(sheet.name, MAX_NAME_SHOWN),
          })),
          skippedRows: list.workbook.skippedRows,
        }
      : null,
  };
}

/** The free checks' counts and the first suggestions, clipped like every cell the review shows. */
function findingsView({ findings }: Pick<ImportedList, 'findings'>): FindingsView | null {
  if (!findings) return null;
  const { role, disposable, free, typo, noMail, dns } = findings;
  return {
    role,
    disposable,
    free,
    typo,
    noMail,
    dns,
    suggestions: findings.suggestions.slice(0, MAX_SUGGESTIONS_SHOWN).map((s) => ({
      address: clip(s.address, MAX_CELL_SHOWN),
      suggestion: clip(s.suggestion, MAX_CELL_SHOWN),
    })),
  };
}

/** The route is the plan's own: bulk tasks when it has any, otherwise synchronous checks. */
export const estimateView = (estimate: Estimate): EstimateView => ({
  ...estimate,
  route: estimate.bulkTasks > 0 ? 'bulk' : 'multi',
});

export async function jobSummary(jobs: Jobs, jobId: string): Promise<JobSummaryView> {
  const job = await jobs.get(jobId);
  const list = await jobs.getList(jobId);
  const outcomes = await jobs.outcomes(jobId);
  const statuses: Record<RowStatusName, number> = {
    deliverable: job.deliverable,
    undeliverable: job.undeliverable,
    unknown: job.unknown,
    invalid: list.counts.invalid + list.counts.empty,
    duplicate: list.counts.duplicates,
    disposable: job.disposable,
    role: job.role,
    not_covered: job.notCovered,
    suppressed: job.suppressed,
    blocked: job.blocked,
  };
  return {
    job,
    statuses,
    providers: outcomes.providers(),
    columns: list.columns,
    addressColumn: list.column.index,
    suggestions: list.findings?.typo ?? 0,
    exportFormat: list.workbook ? 'xlsx' : 'csv',
  };
}
