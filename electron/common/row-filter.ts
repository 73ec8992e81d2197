// Whether the results' filter of rows asks anything: the one rule the window
// (the table's count, "The rows I see") and main (which rows to page through)
// share. An empty facet asks nothing; a filter with every facet empty passes
// every row, and is no filter at all. No dependencies.
import type { RowFilter } from './views/views';

export const isFiltered = (f: RowFilter): boolean =>
  f.outcomes.length +
    f.providers.length +
    f.domains.length +
    f.findings.length +
    (f.risks?.length ?? 0) >
  0;
