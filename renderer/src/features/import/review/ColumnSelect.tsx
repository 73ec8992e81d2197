// Choosing the address column: the select, with each column's share of
// addresses, and what choosing does (the file is read again with it, and
// every estimate of the list is worked out anew). Used by the column's card
// and, where nothing in the column can be checked, right in that notice.
import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportView } from '../../../../../electron/ipc/contract';
import { useChooseColumn } from '../../../api/job-hooks';
import { queryKeys } from '../../../api/query-keys';
import { formatPercent } from '../../../format';
import { useUiStore } from '../../../state/ui-store';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { useT } from '../../../i18n/words';

/** The columns' names: the header's, or "Column 3" where the file has none. */
export function columnNames(
  review: ImportView,
  rows: readonly (readonly string[])[],
  t: Translate,
): string[] {
  const width = Math.max(review.columns.length, ...rows.map((r) => r.length));
  return Array.from(
    { length: width },
    (_, i) => review.columns[i] ?? t('review.column.numbered', { number: i + 1 }),
  );
}

export function useColumnChoice(review: ImportView) {
  const choose = useChooseColumn();
  const client = useQueryClient();
  const onChoose = async (column: number) => {
    try {
      const next = await choose.mutateAsync({ jobId: review.job.id, column });
      useUiStore.getState().setReview(next);
      // Another column is another list of addresses: every estimate of it, any product or choice.
      void client.invalidateQueries({ queryKey: queryKeys.jobs.estimatesOf(next.job.id) });
    } catch {
      // Shown by the caller (choose.error); the review stays as it was.
    }
  };
  return { choose, onChoose };
}

export function ColumnSelect({
  review,
  id,
  describedBy,
  choice,
}: {
  review: ImportView;
  id: string;
  describedBy?: string;
  choice: ReturnType<typeof useColumnChoice>;
}) {
  const t = useT();
  const shareOf = new Map(review.candidates.map((c) => [c.index, c.addressShare]));
  const columns = columnNames(review, review.preview, t);
  return (
    <select
      id={id}
      className="select"
      value={review.column.index}
      onChange={(e) => void choice.onChoose(Number(e.target.value))}
      disabled={choice.choose.isPending}
      aria-describedby={describedBy}
    >
      {columns.map((name, index) => (
        <option key={index} value={index}>
          {t('review.column.option', {
            name,
            share: formatPercent(shareOf.get(index) ?? 0),
          })}
        </option>
      ))}
    </select>
  );
}

/** The column's choice where an error asks for it: labelled, with its own progress. */
export function ColumnChoiceHere({ review }: { review: ImportView }) {
  const id = useId();
  const choice = useColumnChoice(review);
  const t = useT();
  return (
    <span className="column-here">
      <label htmlFor={id}>{t('review.column.label')}</label>
      <ColumnSelect review={review} id={id} choice={choice} />
      {choice.choose.isPending && <span className="hint"> {t('review.column.readingAgain')}</span>}
    </span>
  );
}
