// The rows the results show: the job's filter, and how many rows it passes
// (from main, with the filter's first page; null while that is read). The
// rows table and the export's "The rows I see" share it, so both say the same.
import type { RowFilter } from '../../../../../electron/ipc/contract';
import { useJobRows } from '../../../api/job-hooks';
import { isFiltered } from '../../../../../electron/common/row-filter';
import { useRowFilter } from './row-filter';

export interface RowsShown {
  filter: RowFilter;
  filtered: boolean;
  /** Rows the filter passes; every row without one; null while it is counted. */
  passing: number | null;
}

export function useRowsShown(jobId: string, allRows: number): RowsShown {
  const filter = useRowFilter(jobId);
  const filtered = isFiltered(filter);
  const firstPage = useJobRows(jobId, 0, filtered ? filter : null, filtered);
  return { filter, filtered, passing: filtered ? (firstPage.data?.total ?? null) : allRows };
}
