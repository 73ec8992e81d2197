// The address column: which one holds the addresses and why it was picked,
// a select to choose another, and the file's first rows with it marked.
import { useEffect, useId, useRef } from 'react';
import type { ImportView } from '../../../../../electron/ipc/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber, formatPercent } from '../../../format';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { useT } from '../../../i18n/words';
import { ColumnSelect, columnNames, useColumnChoice } from './ColumnSelect';

const PREVIEW_ROWS = 8;

function columnReason(view: ImportView, t: Translate): string {
  const c = view.column;
  const share = formatPercent(c.addressShare);
  if (view.candidates[0] && view.candidates[0].index !== c.index) {
    return t('review.column.yourChoice', { share });
  }
  if (c.headerMatch && c.addressShare > 0) return t('review.column.pickedBoth', { share });
  if (c.headerMatch) return t('review.column.pickedHeader');
  return t('review.column.pickedShare', { share });
}

export function ColumnPreview({ review }: { review: ImportView }) {
  const selectId = useId();
  const t = useT();
  const reasonId = useId();
  const choice = useColumnChoice(review);
  const { choose } = choice;
  const scroller = useRef<HTMLDivElement>(null);
  const chosen = review.column.index;
  const rows = review.preview.slice(0, PREVIEW_ROWS);
  const columns = columnNames(review, rows, t);

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
        {t('review.column.title')}
      </h2>
      <div className="column-pick">
        <label htmlFor={selectId} className="visually-hidden">
          {t('review.column.label')}
        </label>
        <ColumnSelect review={review} id={selectId} describedBy={reasonId} choice={choice} />
        <p className="hint" id={reasonId} role="status">
          {choose.isPending ? t('review.column.reading') : columnReason(review, t)}
        </p>
      </div>
      {choose.isError && <ErrorNotice error={choose.error} title={t('review.column.failed')} />}

      <div
        className={`preview ${choose.isPending ? 'is-busy' : ''}`}
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={t('review.preview.label', { fileName: review.fileName })}
        aria-busy={choose.isPending}
      >
        <table className="preview-table">
          <caption className="visually-hidden">
            {t('review.preview.caption', { n: rows.length, count: formatNumber(rows.length) })}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-number">
                <span className="visually-hidden">{t('review.preview.row')}</span>
              </th>
              {columns.map((name, index) => (
                <th
                  key={index}
                  scope="col"
                  className={index === chosen ? 'is-address' : undefined}
                  title={name}
                >
                  <span className="th-name">{name}</span>
                  {index === chosen && (
                    <span className="address-tag">{t('review.preview.addresses')}</span>
                  )}
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
          ? t('review.preview.firstOf', {
              shown: formatNumber(rows.length),
              n: review.counts.rows,
              count: formatNumber(review.counts.rows),
            })
          : t('review.preview.all', {
              n: review.counts.rows,
              count: formatNumber(review.counts.rows),
            })}
        {review.counts.ragged > 0 &&
          ` ${t('review.preview.ragged', {
            n: review.counts.ragged,
            count: formatNumber(review.counts.ragged),
          })}`}
      </p>
    </section>
  );
}
