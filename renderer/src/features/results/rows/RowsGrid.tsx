// The rows themselves, for lists of any length: only the rows on screen exist
// in the DOM (@tanstack/react-virtual, fixed row height), and only the pages
// of ROWS_PAGE rows they fall in are read from main, once each page has stayed
// on screen briefly, so dragging the scrollbar across a million rows asks for
// nothing on the way. Until a page arrives its rows show their numbers and a
// placeholder. Loaded on demand by RowsTable.tsx, with the virtualizer.
import { memo, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import type { JobRowView, RowFilter } from '../../../../../electron/ipc/contract';
import { ROWS_PAGE, useJobRows } from '../../../api/job-hooks';
import type { RowWhy } from '../../../../../electron/common/views/views';
import { withheldLabel } from '../../../../../electron/common/words/withheld-words';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { outcomeLabel, providerLabel, reusedWords } from '../outcomes';

/** Fixed, so a row's place is its index times this, with nothing to measure. */
const ROW_HEIGHT = 32;
/** The sticky header row sits above the first row inside the scroll area. */
const HEAD_HEIGHT = 36;
/** How long a page must stay on screen before it is read. */
const SETTLE_MS = 60;

export interface RowsGridProps {
  jobId: string;
  /** All rows of the job, for the table's row count. */
  total: number;
  /** The first row of the section shown (0-based), and how many rows it has. */
  first: number;
  count: number;
  fileName: string;
  showProvider: boolean;
  showAvatar: boolean;
  /** Some answers were reused: the outcome column is wider, to say whose and from when. */
  showReused?: boolean;
  /** Only the rows it passes, numbered as in the file; null: every row. */
  filter: RowFilter | null;
}

export function RowsGrid({
  jobId,
  total,
  first,
  count,
  fileName,
  showProvider,
  showAvatar,
  showReused = false,
  filter,
}: RowsGridProps) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);

  // The virtualizer returns fresh functions on every render by design; the
  // React Compiler lint cannot know that, and nothing here is memoised on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEAD_HEIGHT,
    overscan: 10,
    initialRect: { width: 900, height: 480 },
  });

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [first, jobId]);

  const byPage = new Map<number, VirtualItem[]>();
  for (const item of virtualizer.getVirtualItems()) {
    const page = Math.floor((first + item.index) / ROWS_PAGE);
    const list = byPage.get(page);
    if (list) list.push(item);
    else byPage.set(page, [item]);
  }

  const gridClass = `rows-grid ${showProvider ? 'with-provider' : ''} ${showAvatar ? 'with-avatar' : ''} ${showReused ? 'with-reused' : ''}`;

  return (
    <div
      className="rows-scroll"
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label={t('rows.grid.region', { fileName })}
      data-testid="rows-scroll"
    >
      <div
        className="rows-table"
        role="table"
        aria-label={t('rows.grid.table', { fileName })}
        aria-rowcount={total + 1}
        style={{ height: virtualizer.getTotalSize() }}
      >
        <div role="rowgroup" className="rows-head">
          <div role="row" aria-rowindex={1} className={gridClass}>
            <span role="columnheader" className="num">
              {t('rows.column.row')}
            </span>
            <span role="columnheader">{t('rows.column.address')}</span>
            <span role="columnheader">{t('results.column.outcome')}</span>
            {showProvider && <span role="columnheader">{t('results.column.provider')}</span>}
            {showAvatar && <span role="columnheader">{t('rows.column.avatar')}</span>}
          </div>
        </div>
        <div role="rowgroup" className="rows-body">
          {[...byPage].map(([page, items]) => (
            <RowPage
              key={page}
              jobId={jobId}
              page={page}
              first={first}
              items={items}
              gridClass={gridClass}
              showProvider={showProvider}
              showAvatar={showAvatar}
              filter={filter}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

interface PageProps {
  jobId: string;
  page: number;
  first: number;
  items: VirtualItem[];
  gridClass: string;
  showProvider: boolean;
  showAvatar: boolean;
  filter: RowFilter | null;
}

function RowPage(props: PageProps) {
  const { jobId, page, first, items, gridClass, showProvider, showAvatar, filter } = props;
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  // A page read before is shown at once from the cache, even while disabled.
  const rows = useJobRows(jobId, page, filter, settled);
  const pageStart = page * ROWS_PAGE;

  return items.map((item) => {
    const index = first + item.index;
    return (
      <Row
        key={item.key}
        index={index}
        top={item.start}
        row={rows.data?.rows[index - pageStart]}
        failed={rows.isError}
        filtered={filter !== null}
        gridClass={gridClass}
        showProvider={showProvider}
        showAvatar={showAvatar}
      />
    );
  });
}

interface RowProps {
  index: number;
  top: number;
  row: JobRowView | undefined;
  failed: boolean;
  /** The rows are a filter's: each shows its own number in the file, once read. */
  filtered: boolean;
  gridClass: string;
  showProvider: boolean;
  showAvatar: boolean;
}

/** Memoised: a scroll frame re-renders only the rows that came into view. */
const Row = memo(function Row({
  index,
  top,
  row,
  failed,
  filtered,
  gridClass,
  showProvider,
  showAvatar,
}: RowProps) {
  const style: CSSProperties = { transform: `translateY(${top}px)` };
  return (
    <div role="row" aria-rowindex={index + 2} className={`${gridClass} rows-row`} style={style}>
      <span role="cell" className="num rows-number">
        {filtered ? (row ? formatNumber(row.row) : '') : formatNumber(index + 1)}
      </span>
      {row ? (
        <RowCells row={row} showProvider={showProvider} showAvatar={showAvatar} />
      ) : (
        <PlaceholderCells showProvider={showProvider} showAvatar={showAvatar} failed={failed} />
      )}
    </div>
  );
});

interface CellsProps {
  showProvider: boolean;
  showAvatar: boolean;
}

/**
 * What decided a row, beside its status: the suppression reason ("Hard
 * bounce"), else the rule ("*@competitor.com", or "Allowed: example.com").
 */
const whyWords = (why: RowWhy, t: Translate): string | null =>
  'reason' in why ? withheldLabel(why.reason, null, t) : withheldLabel(null, why.rule, t);

function RowCells({ row, showProvider, showAvatar }: CellsProps & { row: JobRowView }) {
  const t = useT();
  const provider = row.provider ? providerLabel(row.provider, t) : null;
  const why = row.why ? whyWords(row.why, t) : null;
  return (
    <>
      <span role="cell" className="rows-address" title={row.address ?? undefined}>
        {row.address ?? <span className="rows-muted">{t('rows.noAddress')}</span>}
      </span>
      <span role="cell" className="rows-status">
        <span className={`outcome-badge is-${row.status}`}>
          <span className="dot" aria-hidden="true" />
          {outcomeLabel(row.status, t)}
        </span>
        {row.reused && (
          <span className="rows-note" data-testid="row-reused">
            {reusedWords(row.reused, t)}
          </span>
        )}
        {why && (
          <span className="rows-note" title={why}>
            {why}
          </span>
        )}
      </span>
      {showProvider && (
        // A long provider's name is cut to the column: its whole name on hover.
        <span role="cell" className="rows-provider" title={provider ?? undefined}>
          {provider ?? <span className="rows-muted">—</span>}
        </span>
      )}
      {showAvatar && (
        <span role="cell" className="rows-avatar">
          {row.avatarUrl ? (
            <span title={row.avatarUrl}>{t('rows.avatar.yes')}</span>
          ) : row.avatar === true ? (
            t('rows.avatar.yes')
          ) : row.avatar === false ? (
            t('rows.avatar.no')
          ) : (
            <span className="rows-muted">—</span>
          )}
        </span>
      )}
    </>
  );
}

function PlaceholderCells({ showProvider, showAvatar, failed }: CellsProps & { failed: boolean }) {
  const t = useT();
  return (
    <>
      <span role="cell" className="rows-address">
        {failed ? (
          <span className="rows-muted">{t('rows.unreadable')}</span>
        ) : (
          <>
            <span className="rows-skeleton wide" aria-hidden="true" />
            <span className="visually-hidden">{t('rows.loadingRow')}</span>
          </>
        )}
      </span>
      <span role="cell">
        <span className="rows-skeleton" aria-hidden="true" />
      </span>
      {showProvider && (
        <span role="cell">
          <span className="rows-skeleton" aria-hidden="true" />
        </span>
      )}
      {showAvatar && (
        <span role="cell">
          <span className="rows-skeleton short" aria-hidden="true" />
        </span>
      )}
    </>
  );
}
