import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EstimateView, ImportView, JobProduct } from '../../../../electron/ipc/contract';
import { ApiError } from '../../api/call';
import { useChooseColumn, useEstimate, useStartJob } from '../../api/job-hooks';
import { queryKeys } from '../../api/query-keys';
import { ErrorNotice } from '../../components/ErrorNotice';
import {
  formatBytes,
  formatNumber,
  formatPercent,
  formatUsd,
  formatUsdExact,
  plural,
} from '../../format';
import { useUiStore } from '../../state/ui-store';
import { ChooseFileButton } from './ChooseFileButton';
import { useFlowFocus, useImportFlow } from './use-file-import';

const PREVIEW_ROWS = 8;

/** The review of an imported list: what will be checked, what it costs, Start. */
export function ReviewPanel({ review, notices }: { review: ImportView; notices?: ReactNode }) {
  const heading = useFlowFocus<HTMLHeadingElement>('review');
  const product = useUiStore((s) => s.product);
  const jobId = review.job.id;
  const estimate = useEstimate(jobId, product);
  const start = useStartJob();
  const client = useQueryClient();
  const unique = review.counts.unique;

  const onStart = async () => {
    try {
      await start.mutateAsync({ jobId, product });
      const ui = useUiStore.getState();
      ui.setReview(null);
      useImportFlow.getState().set({ focus: 'jobs' });
      ui.go('jobs');
    } catch (err) {
      // A refusal may come from a fresher balance than the one shown: show that one.
      if (err instanceof ApiError && err.code === 'insufficient_balance') {
        void client.invalidateQueries({ queryKey: queryKeys.balance });
        void client.invalidateQueries({ queryKey: queryKeys.jobs.estimate(jobId, product) });
      }
    }
  };

  return (
    <>
      <div className="page-head">
        <h1 className="page-title" tabIndex={-1} ref={heading}>
          Review your list
        </h1>
        <ChooseFileButton className="button secondary small" disabled={start.isPending}>
          Choose another file…
        </ChooseFileButton>
      </div>
      {notices}

      <div className="review-grid">
        <div className="review-main">
          <FileFacts review={review} />
          <Counts review={review} />
          <ColumnPreview review={review} />
        </div>

        <aside className="review-side" aria-label="Checking this list">
          <section className="card review-card" aria-labelledby="product-title">
            <ProductChoice />
            <Cost estimate={estimate.data} product={product} pending={estimate.isPending} />
            {estimate.isError && (
              <div className="stack-sm">
                <ErrorNotice error={estimate.error} title="The cost could not be worked out" />
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => void estimate.refetch()}
                >
                  Try again
                </button>
              </div>
            )}
            {start.isError && <ErrorNotice error={start.error} title="The list was not started" />}
            {unique === 0 && (
              <p className="notice notice-warning" id="start-blocked">
                No address in this column can be checked. Choose the column that holds the email
                addresses.
              </p>
            )}
            <button
              type="button"
              className="button primary start-button"
              onClick={() => void onStart()}
              disabled={start.isPending || unique === 0}
              aria-describedby={unique === 0 ? 'start-blocked' : undefined}
            >
              {start.isPending ? 'Starting…' : `Check ${plural(unique, 'address', 'addresses')}`}
            </button>
          </section>
        </aside>
      </div>
    </>
  );
}

function FileFacts({ review }: { review: ImportView }) {
  return (
    <section className="card file-facts" aria-labelledby="file-title">
      <h2 id="file-title" className="file-title">
        <svg className="file-icon" viewBox="0 0 20 20" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
            d="M5 2.5h7l3.5 3.5v11a.5.5 0 0 1-.5.5H5a.5.5 0 0 1-.5-.5V3a.5.5 0 0 1 .5-.5ZM12 2.5V6h3.5"
          />
        </svg>
        <span className="file-name">{review.fileName}</span>
      </h2>
      <dl className="facts">
        <div>
          <dt>Size</dt>
          <dd>{formatBytes(review.sizeBytes)}</dd>
        </div>
        <div>
          <dt>Encoding</dt>
          <dd>{review.encoding}</dd>
        </div>
        <div>
          <dt>Separator</dt>
          <dd>{review.delimiter}</dd>
        </div>
        <div>
          <dt>Header row</dt>
          <dd>{review.hasHeader ? 'Yes' : 'No, columns are numbered'}</dd>
        </div>
      </dl>
    </section>
  );
}

function columnReason(view: ImportView): string {
  const c = view.column;
  const share = formatPercent(c.addressShare);
  if (view.candidates[0] && view.candidates[0].index !== c.index) {
    return `Your choice: ${share} of its cells look like addresses.`;
  }
  if (c.headerMatch && c.addressShare > 0) {
    return `Picked because its header names an email column and ${share} of its cells look like addresses.`;
  }
  if (c.headerMatch) return 'Picked because its header names an email column.';
  return `Picked because ${share} of its cells look like addresses.`;
}

function ColumnPreview({ review }: { review: ImportView }) {
  const selectId = useId();
  const reasonId = useId();
  const choose = useChooseColumn();
  const client = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const chosen = review.column.index;
  const shareOf = new Map(review.candidates.map((c) => [c.index, c.addressShare]));
  const rows = review.preview.slice(0, PREVIEW_ROWS);
  const width = Math.max(review.columns.length, ...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => review.columns[i] ?? `Column ${i + 1}`);

  // Keep the address column in view when it is far to the right.
  useEffect(() => {
    const box = scroller.current;
    const cell = box?.querySelector<HTMLElement>('th.is-address');
    if (!box || !cell) return;
    const left = cell.offsetLeft;
    const right = left + cell.offsetWidth;
    if (left < box.scrollLeft || right > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, left - 24);
    }
  }, [chosen]);

  const onChoose = async (column: number) => {
    try {
      const next = await choose.mutateAsync({ jobId: review.job.id, column });
      useUiStore.getState().setReview(next);
      for (const product of ['email', 'avatar'] as const) {
        void client.invalidateQueries({ queryKey: queryKeys.jobs.estimate(next.job.id, product) });
      }
    } catch {
      // Shown below the select; the review stays as it was.
    }
  };

  return (
    <section className="card column-card" aria-labelledby="column-title">
      <h2 id="column-title" className="card-label">
        Address column
      </h2>
      <div className="column-pick">
        <label htmlFor={selectId} className="visually-hidden">
          Column with the email addresses
        </label>
        <select
          id={selectId}
          className="select"
          value={chosen}
          onChange={(e) => void onChoose(Number(e.target.value))}
          disabled={choose.isPending}
          aria-describedby={reasonId}
        >
          {columns.map((name, index) => (
            <option key={index} value={index}>
              {name} — {formatPercent(shareOf.get(index) ?? 0)} addresses
            </option>
          ))}
        </select>
        <p className="hint" id={reasonId} role="status">
          {choose.isPending ? 'Reading the file again with this column…' : columnReason(review)}
        </p>
      </div>
      {choose.isError && <ErrorNotice error={choose.error} title="That column could not be used" />}

      <div
        className={`preview ${choose.isPending ? 'is-busy' : ''}`}
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={`First rows of ${review.fileName}`}
        aria-busy={choose.isPending}
      >
        <table className="preview-table">
          <caption className="visually-hidden">
            The first {rows.length} rows; the address column is marked.
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-number">
                <span className="visually-hidden">Row</span>
              </th>
              {columns.map((name, index) => (
                <th
                  key={index}
                  scope="col"
                  className={index === chosen ? 'is-address' : undefined}
                  title={name}
                >
                  <span className="th-name">{name}</span>
                  {index === chosen && <span className="address-tag">Addresses</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                <th scope="row" className="row-number">
                  {formatNumber(r + 1)}
                </th>
                {columns.map((_, index) => {
                  const cell = row[index] ?? '';
                  return (
                    <td
                      key={index}
                      className={index === chosen ? 'is-address' : undefined}
                      title={cell.length > 28 ? cell : undefined}
                    >
                      {cell}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint preview-foot">
        {review.counts.rows > rows.length
          ? `The first ${formatNumber(rows.length)} of ${plural(review.counts.rows, 'row', 'rows')}.`
          : `All ${plural(review.counts.rows, 'row', 'rows')}.`}
        {review.counts.ragged > 0 &&
          ` ${plural(review.counts.ragged, 'row has', 'rows have')} more or fewer cells than the header; ${review.counts.ragged === 1 ? 'it is' : 'they are'} kept as ${review.counts.ragged === 1 ? 'it is' : 'they are'}.`}
      </p>
    </section>
  );
}

function Counts({ review }: { review: ImportView }) {
  const { rows, invalid, empty, duplicates, unique } = review.counts;
  // Read as a sum: rows − not addresses − empty − repeats = addresses to check.
  const tiles = [
    { key: 'rows', label: 'Rows', value: rows, op: null },
    { key: 'invalid', label: 'Invalid', value: invalid, op: '−' },
    { key: 'empty', label: 'Empty', value: empty, op: '−' },
    { key: 'duplicates', label: 'Repeats', value: duplicates, op: '−' },
    { key: 'unique', label: 'To check', value: unique, op: '=' },
  ];
  return (
    <section className="card counts-card" aria-labelledby="counts-title">
      <h2 id="counts-title" className="card-label">
        Before anything is paid
      </h2>
      <dl className="counts" data-testid="review-counts">
        {tiles.map((t) => (
          <div key={t.key} className={`count is-${t.key}`}>
            {t.op && (
              <span className="count-op" aria-hidden="true">
                {t.op}
              </span>
            )}
            <dt>{t.label}</dt>
            <dd data-testid={t.key === 'unique' ? 'unique-count' : `count-${t.key}`}>
              {formatNumber(t.value)}
              {t.op === '−' && <span className="visually-hidden"> removed for free</span>}
            </dd>
          </div>
        ))}
      </dl>
      <p className="hint">
        Addresses that are not valid, empty cells and repeats are removed for free before checking.
        They stay in your file, marked, when you export it.
      </p>
    </section>
  );
}

function ProductChoice() {
  const product = useUiStore((s) => s.product);
  const setProduct = useUiStore((s) => s.setProduct);
  const option = (value: JobProduct, title: string, text: string) => (
    <label className={`choice ${product === value ? 'is-checked' : ''}`}>
      <input
        type="radio"
        name="product"
        value={value}
        checked={product === value}
        onChange={() => setProduct(value)}
      />
      <span className="choice-text">
        <span className="choice-title">{title}</span>
        <span className="hint">{text}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="product-choice">
      <legend id="product-title" className="card-label">
        What to check
      </legend>
      {option('email', 'Email', 'Whether each address can receive mail, and its provider.')}
      {option(
        'avatar',
        'Email + avatar',
        'Also whether it has a profile picture. Avatars cover three mailbox providers only; other addresses come back unknown, free.',
      )}
    </fieldset>
  );
}

function Cost({
  estimate,
  product,
  pending,
}: {
  estimate: EstimateView | undefined;
  product: JobProduct;
  pending: boolean;
}) {
  const dash = <span className="placeholder">—</span>;
  const known = estimate && estimate.estimateMicros !== null;
  const after = known ? estimate.balanceMicros - (estimate.estimateMicros ?? 0) : null;
  const short = estimate && (estimate.balanceMicros <= 0 || (after !== null && after < 0));
  return (
    <div className="cost" aria-busy={pending}>
      <dl className="money" data-testid="estimate">
        <div>
          <dt>Price per address</dt>
          <dd>
            {estimate
              ? estimate.unitPriceMicros !== null
                ? formatUsdExact(estimate.unitPriceMicros)
                : 'Not known yet'
              : dash}
          </dd>
        </div>
        <div className="is-total">
          <dt>Estimated charge</dt>
          <dd data-testid="estimate-charge">
            {estimate && known ? `up to ${formatUsd(estimate.estimateMicros ?? 0)}` : dash}
          </dd>
        </div>
        <div>
          <dt>Balance now</dt>
          <dd>{estimate ? formatUsd(estimate.balanceMicros) : dash}</dd>
        </div>
        <div className={short ? 'is-short' : undefined}>
          <dt>Balance after</dt>
          <dd data-testid="estimate-after">{after !== null ? formatUsd(after) : dash}</dd>
        </div>
      </dl>
      {estimate && !known && (
        <p className="hint cost-note" data-testid="price-unknown">
          No estimate yet: the price per address is not known until your first{' '}
          {product === 'avatar' ? 'avatar ' : ''}check. You pay only for addresses that get a
          result.
        </p>
      )}
      {estimate && known && (
        <p className="hint cost-note">
          You pay only for addresses that get a result; unknown ones are not charged.
        </p>
      )}
      {short && (
        <p className="notice notice-warning" role="status">
          Your balance does not cover this list. Add funds to your account first; Start checks your
          balance again and charges nothing if it is still short.
        </p>
      )}
      {estimate && (
        <p className="hint route-note">
          {estimate.route === 'bulk'
            ? 'Sent as a bulk task: the service usually needs a few minutes. You may close List Cleaner meanwhile; it carries on when you come back.'
            : 'Checked right away, up to 100 addresses at a time.'}
        </p>
      )}
    </div>
  );
}
