// The address column: which one holds the addresses and why it was picked,
// a select to choose another, and the file's first rows with it marked.
import { useEffect, useId, useRef } from 'react';
import type { ImportView } from '../../../../../electron/ipc/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber, formatPercent, plural } from '../../../format';
import { ColumnSelect, columnNames, useColumnChoice } from './ColumnSelect';

const PREVIEW_ROWS = 8;

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

export function ColumnPreview({ review }: { review: ImportView }) {
  const selectId = useId();
  const reasonId = useId();
  const choice = useColumnChoice(review);
  const { choose } = choice;
  const scroller = useRef<HTMLDivElement>(null);
  const chosen = review.column.index;
  const rows = review.preview.slice(0, PREVIEW_ROWS);
  const columns = columnNames(review, rows);

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

  return (
    <section className="card column-card" aria-labelledby="column-title">
      <h2 id="column-title" className="card-label">
        Address column
      </h2>
      <div className="column-pick">
        <label htmlFor={selectId} className="visually-hidden">
          Column with the email addresses
        </label>
        <ColumnSelect review={review} id={selectId} describedBy={reasonId} choice={choice} />
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
