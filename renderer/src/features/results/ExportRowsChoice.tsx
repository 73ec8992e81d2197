// The Export panel's choice of rows: each filter, what it keeps, and how many of the job's rows
// that is. The words and the counting are this choice's alone; the panel only holds which one is
// chosen.
import type { ChannelInput, RowStatusName } from '../../../../electron/ipc/contract';
import { formatNumber } from '../../format';

export type RowFilter = Extract<ChannelInput<'job:export'>['filter'], string>;

const FILTERS: { value: RowFilter; label: string; hint: string }[] = [
  {
    value: 'deliverable',
    label: 'Deliverable only',
    hint: 'The list to send to.',
  },
  {
    value: 'all',
    label: 'All rows, with their outcome',
    hint: 'Your whole file, in its order.',
  },
  {
    value: 'not-deliverable',
    label: 'Everything except deliverable',
    hint: 'The rows to remove or review.',
  },
];

interface Props {
  /** The radio group's name, unique to its panel. */
  name: string;
  statuses: Record<RowStatusName, number>;
  value: RowFilter;
  onChange: (filter: RowFilter) => void;
}

export function ExportRowsChoice({ name, statuses, value, onChange }: Props) {
  const all = Object.values(statuses).reduce((a, b) => a + b, 0);
  const counts: Record<RowFilter, number> = {
    deliverable: statuses.deliverable,
    all,
    'not-deliverable': all - statuses.deliverable,
  };

  return (
    <fieldset className="export-group export-rows">
      <legend>Rows</legend>
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
            <span className="export-choice-label">{f.label}</span>
            <span className="export-choice-hint">{f.hint}</span>
          </span>
          <span className="export-choice-count">{formatNumber(counts[f.value])}</span>
        </label>
      ))}
    </fieldset>
  );
}
