// Every row of a job with its outcome, for lists of any length: a card with
// the count and, past a million rows, a choice of which million, around the
// virtualised grid (RowsGrid.tsx). The grid and its virtualizer load on
// demand, the first time a job's rows are shown; until then a box of the
// grid's size keeps the card's place and says the rows are loading.
import { lazy, Suspense, useId, useState } from 'react';
import type { JobProduct } from '../../../../electron/ipc/contract';
import { formatNumber, plural } from '../../format';
import './rows.css';

const RowsGrid = lazy(() => import('./RowsGrid').then((m) => ({ default: m.RowsGrid })));

/**
 * Chromium cannot lay out an element taller than about 33.5 million pixels;
 * 1,000,000 rows of 32 px stay under it. Longer lists are shown a million rows
 * at a time, with a choice of which million.
 */
const SECTION_ROWS = 1_000_000;

interface Props {
  jobId: string;
  total: number;
  product: JobProduct | null;
  fileName: string;
  /** Whether the checks named providers (bulk and avatar checks do not). */
  providers: boolean;
}

export function RowsTable({ jobId, total, product, fileName, providers }: Props) {
  const titleId = useId();
  const [section, setSection] = useState(0);
  const sections = Math.max(1, Math.ceil(total / SECTION_ROWS));
  const first = section * SECTION_ROWS;
  const count = Math.max(0, Math.min(SECTION_ROWS, total - first));

  return (
    <section className="card results-card rows-card" aria-labelledby={titleId}>
      <div className="rows-card-head">
        <h2 className="results-card-title" id={titleId}>
          Rows
        </h2>
        <span className="hint rows-count" data-testid="rows-count">
          {plural(total, 'row', 'rows')}, in the order of your file
        </span>
        {sections > 1 && (
          <label className="rows-section">
            <span>Showing</span>
            <select value={section} onChange={(e) => setSection(Number(e.target.value))}>
              {Array.from({ length: sections }, (_, s) => (
                <option key={s} value={s}>
                  rows {formatNumber(s * SECTION_ROWS + 1)}–
                  {formatNumber(Math.min(total, (s + 1) * SECTION_ROWS))}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <Suspense
        fallback={
          <div className="rows-scroll" role="status" aria-busy="true">
            <span className="visually-hidden">Loading the rows…</span>
          </div>
        }
      >
        <RowsGrid
          jobId={jobId}
          total={total}
          first={first}
          count={count}
          fileName={fileName}
          showProvider={providers}
          showAvatar={product === 'avatar'}
        />
      </Suspense>
    </section>
  );
}
