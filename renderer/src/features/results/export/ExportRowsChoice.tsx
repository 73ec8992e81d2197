// The Export panel's choice of rows: each filter, what it keeps, and how many of the job's rows
// that is. The words and the counting are this choice's alone; the panel only holds which one is
// chosen.
import type { ChannelInput, RowStatusName } from '../../../../../electron/ipc/contract';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { filterWords } from '../rows/row-filter';
import type { RowsShown } from '../rows/use-rows-shown';

/** A choice of the panel's, or 'shown': the rows the results' filter passes. */
export type RowFilter = Extract<ChannelInput<'job:export'>['filter'], string> | 'shown';

const FILTERS = [
  {
    value: 'deliverable',
    label: 'export.rows.deliverable.label',
    hint: 'export.rows.deliverable.hint',
  },
  {
    value: 'all',
    label: 'export.rows.all.label',
    hint: 'export.rows.all.hint',
  },
  {
    value: 'not-deliverable',
    label: 'export.rows.notDeliverable.label',
    hint: 'export.rows.notDeliverable.hint',
  },
] as const satisfies readonly {
  value: Exclude<RowFilter, 'shown'>;
  label: MessageId;
  hint: MessageId;
}[];

interface Props {
  /** The radio group's name, unique to its panel. */
  name: string;
  statuses: Record<RowStatusName, number>;
  value: RowFilter;
  onChange: (filter: RowFilter) => void;
  /** The rows table's filter: "The rows I see" keeps exactly its rows. */
  shown: RowsShown;
}

export function ExportRowsChoice({ name, statuses, value, onChange, shown }: Props) {
  const t = useT();
  const all = Object.values(statuses).reduce((a, b) => a + b, 0);
  const counts: Record<Exclude<RowFilter, 'shown'>, number> = {
    deliverable: statuses.deliverable,
    all,
    'not-deliverable': all - statuses.deliverable,
  };

  return (
    <fieldset className="export-group export-rows">
      <legend>{t('export.rows.legend')}</legend>
      {FILTERS.map((f) => (
        <label key={f.value} className="export-choice is-option">
          <input
            type="radio"
            name={name}
            value={f.value}
            checked={value === f.value}
            onChange={() => onChange(f.value)}
          />
          <span className="export-choice-text">
            <span className="export-choice-label">{t(f.label)}</span>
            <span className="export-choice-hint">{t(f.hint)}</span>
          </span>
          <span className="export-choice-count">{formatNumber(counts[f.value])}</span>
        </label>
      ))}
      <label className={`export-choice is-option ${shown.filtered ? '' : 'is-unavailable'}`}>
        <input
          type="radio"
          name={name}
          value="shown"
          checked={value === 'shown'}
          disabled={!shown.filtered}
          onChange={() => onChange('shown')}
        />
        <span className="export-choice-text">
          <span className="export-choice-label">{t('export.rows.shown.label')}</span>
          <span className="export-choice-hint" data-testid="export-shown-hint">
            {shown.filtered
              ? t('export.rows.shown.filtered', { filter: filterWords(shown.filter, t) })
              : t('export.rows.shown.none')}
          </span>
        </span>
        {shown.filtered && (
          <span className="export-choice-count">
            {shown.passing === null ? '…' : formatNumber(shown.passing)}
          </span>
        )}
      </label>
    </fieldset>
  );
}
