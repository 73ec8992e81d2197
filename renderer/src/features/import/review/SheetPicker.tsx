// A workbook's sheets in the review: which one was read, how many rows each
// has and whether a column of it looks like addresses; choosing another reads
// that sheet instead (list:sheet), as choosing another column does. Hidden
// sheets are listed apart, folded away unless the one read is hidden.
import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportView, SheetView, WorkbookView } from '../../../../../electron/ipc/contract';
import { useChooseSheet } from '../../../api/job-hooks';
import { queryKeys } from '../../../api/query-keys';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { useUiStore } from '../../../state/ui-store';
import { skippedRowsLine } from '../import-words';
import './sheets.css';

export function SheetPicker({ review, book }: { review: ImportView; book: WorkbookView }) {
  const id = useId();
  const t = useT();
  const choose = useChooseSheet();
  const client = useQueryClient();
  // The sheet asked for while it is read, so the choice shows at once.
  const [asked, setAsked] = useState<number | null>(null);
  // Arrow keys move through a radio group a sheet at a time: the reads are
  // not stacked up, only the latest choice is read once the one under way ends.
  const reading = useRef(false);
  const latest = useRef<number | null>(null);
  const chosen = asked ?? book.sheet;
  const visible = book.sheets.filter((s) => !s.hidden);
  const hidden = book.sheets.filter((s) => s.hidden);
  const askedName = book.sheets.find((s) => s.index === asked)?.name;
  const skipped = skippedRowsLine(book.skippedRows, t);

  const read = async (first: number) => {
    reading.current = true;
    try {
      for (let sheet: number | null = first; sheet !== null; sheet = latest.current) {
        latest.current = null;
        try {
          const next = await choose.mutateAsync({ jobId: review.job.id, sheet });
          useUiStore.getState().setReview(next);
          // Another sheet is another list of addresses: every estimate of it.
          void client.invalidateQueries({ queryKey: queryKeys.jobs.estimatesOf(next.job.id) });
        } catch {
          // Main's reason shows below the sheets; the sheet read before stays.
        }
      }
    } finally {
      reading.current = false;
      setAsked(null);
    }
  };

  const onChoose = (sheet: number) => {
    setAsked(sheet);
    if (reading.current) latest.current = sheet;
    else void read(sheet);
  };

  const option = (sheet: SheetView) => (
    <label
      key={sheet.index}
      className={`choice sheet-choice ${chosen === sheet.index ? 'is-checked' : ''}`}
    >
      <input
        type="radio"
        name={`${id}-sheet`}
        value={sheet.index}
        checked={chosen === sheet.index}
        onChange={() => onChoose(sheet.index)}
      />
      <span className="choice-text">
        <span className="choice-title sheet-name">{sheet.name}</span>
        <span className="sheet-meta">
          <span className="num">
            {t('review.sheet.rows', { n: sheet.rows, count: formatNumber(sheet.rows) })}
          </span>
          {sheet.hasAddresses ? (
            <span>{t('review.sheet.addresses')}</span>
          ) : (
            <span className="sheet-no-addresses">{t('review.sheet.noAddresses')}</span>
          )}
        </span>
      </span>
    </label>
  );

  return (
    <section className="card sheet-card" aria-labelledby={`${id}-title`}>
      <fieldset
        className="sheet-picker"
        aria-describedby={`${id}-hint`}
        aria-busy={asked !== null || undefined}
      >
        <legend id={`${id}-title`} className="card-label">
          {t('review.sheet.title')}
        </legend>
        <div className="sheet-list">{visible.map(option)}</div>
        {hidden.length > 0 && (
          <details
            className="sheet-hidden"
            open={hidden.some((s) => s.index === chosen) || undefined}
          >
            <summary>
              {t('review.sheet.hidden', { n: hidden.length, count: formatNumber(hidden.length) })}
            </summary>
            <div className="sheet-list">{hidden.map(option)}</div>
          </details>
        )}
      </fieldset>
      <p className="hint sheet-hint" id={`${id}-hint`} role="status">
        {asked !== null && askedName
          ? t('review.sheet.reading', { sheet: askedName })
          : book.sheets.length === 1
            ? t('review.sheet.only')
            : t('review.sheet.count', {
                n: book.sheets.length,
                count: formatNumber(book.sheets.length),
              })}
      </p>
      {skipped && (
        <p className="hint sheet-skipped" data-testid="skipped-rows">
          {skipped}
        </p>
      )}
      {choose.isError && asked === null && (
        <ErrorNotice error={choose.error} title={t('review.sheet.failed')} />
      )}
    </section>
  );
}
