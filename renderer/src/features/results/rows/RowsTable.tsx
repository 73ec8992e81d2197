// Every row of a job with its outcome, for lists of any length: a card with
// the count and, past a million rows, a choice of which million, around the
// virtualised grid (RowsGrid.tsx). The grid and its virtualizer load on
// demand, the first time a job's rows are shown; until then a box of the
// grid's size keeps the card's place and says the rows are loading.
import { lazy, Suspense, useId, useState } from 'react';
import type { JobProduct, RowStatusName } from '../../../../../electron/ipc/contract';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { RowsFilter } from './RowsFilter';
import { filterWords } from './row-filter';
import { useRowsShown } from './use-rows-shown';
import './rows.css';

const RowsGrid = lazy(() => import('./RowsGrid').then((m) => ({ default: m.RowsGrid })));

/**
 * Chromium cannot lay out an element taller than about 33.5 million pixels;
 * 1,000,000 rows of 32 px stay under it. Longer lists are shown a million rows
 * at a time, with a choice of which million.
 */
const SECTION_ROWS = 1_000_000;

/** The rows card, for the per-domain table to bring it into view with a domain's rows. */
export const ROWS_CARD_ID = 'results-rows';

interface Props {
  jobId: string;
  total: number;
  product: JobProduct | null;
  fileName: string;
  /** Whether the checks named providers (bulk and avatar checks do not). */
  providers: boolean;
  /** Whether any answer was reused: the outcome column then says from when, and whose. */
  reused?: boolean;
  /** For the filter: rows by outcome, and addresses by provider. */
  statuses: Record<RowStatusName, number>;
  providerCounts: Record<string, number>;
}

export function RowsTable(props: Props) {
  const { jobId, product, fileName, providers, statuses, providerCounts } = props;
  const t = useT();
  const titleId = useId();
  const [section, setSection] = useState(0);
  // A filter's first page says how many rows it passes: the table's length.
  const { filter, filtered, passing } = useRowsShown(jobId, props.total);
  const total = passing ?? 0;
  const sections = Math.max(1, Math.ceil(total / SECTION_ROWS));
  // A filter may leave fewer sections than the one chosen: the last one then.
  const first = Math.min(section, sections - 1) * SECTION_ROWS;
  const count = Math.max(0, Math.min(SECTION_ROWS, total - first));

  return (
    <section
      className="card results-card rows-card"
      aria-labelledby={titleId}
      id={ROWS_CARD_ID}
      tabIndex={-1}
    >
      <div className="rows-card-head">
        <h2 className="results-card-title" id={titleId}>
          {t('rows.title')}
        </h2>
        <span className="hint rows-count" data-testid="rows-count" aria-live="polite">
          {!filtered
            ? t('rows.count.all', { n: total, count: formatNumber(total) })
            : passing === null
              ? t('rows.count.filtering')
              : t('rows.count.filtered', {
                  passing: formatNumber(passing),
                  n: props.total,
                  total: formatNumber(props.total),
                  filter: filterWords(filter, t),
                })}
        </span>
        {sections > 1 && (
          <label className="rows-section">
            <span>{t('rows.section.label')}</span>
            <select
              value={first / SECTION_ROWS}
              onChange={(e) => setSection(Number(e.target.value))}
            >
              {Array.from({ length: sections }, (_, s) => (
                <option key={s} value={s}>
                  {t('rows.section.option', {
                    from: formatNumber(s * SECTION_ROWS + 1),
                    to: formatNumber(Math.min(total, (s + 1) * SECTION_ROWS)),
                  })}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <RowsFilter jobId={jobId} filter={filter} statuses={statuses} providers={providerCounts} />
      {filtered && passing === 0 ? (
        <p className="rows-none" data-testid="rows-none">
          {t('rows.none')}
        </p>
      ) : (
        <Suspense
          fallback={
            <div className="rows-scroll" role="status" aria-busy="true">
              <span className="visually-hidden">{t('rows.loading')}</span>
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
            showReused={props.reused === true}
            filter={filtered ? filter : null}
            // Another filter is another list of rows: a fresh grid, from the top.
            key={JSON.stringify(filter)}
          />
        </Suspense>
      )}
    </section>
  );
}
