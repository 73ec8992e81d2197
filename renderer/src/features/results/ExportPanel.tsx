// Saving a cleaned copy of the list: which rows, which outcome columns to
// append to the original ones, and whether Excel should read it as UTF-8.
// Main asks where to save; closing that dialog is not an error, so nothing is
// said. The user's own file is never touched.
import { useId, useState, type FormEvent } from 'react';
import type { ChannelInput, JobProduct, RowStatusName } from '../../../../electron/ipc/contract';
import { useExportJob, useShowInFolder } from '../../api/job-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatNumber } from '../../format';
import './export.css';

type ExportInput = ChannelInput<'job:export'>;
type Filter = ExportInput['filter'];
type ColumnName = ExportInput['columns'][number];

interface Props {
  jobId: string;
  product: JobProduct | null;
  statuses: Record<RowStatusName, number>;
  /** Whether the checks named providers; bulk and avatar checks leave the column empty. */
  providers: boolean;
  /** The panel has the screen's whole width: its choices sit side by side. */
  wide: boolean;
}

const COLUMN_CHOICES: { name: ColumnName; label: string; avatarOnly: boolean }[] = [
  { name: 'email_provider', label: 'Provider', avatarOnly: false },
  { name: 'email_avatar', label: 'Has an avatar', avatarOnly: true },
  { name: 'email_avatar_url', label: 'Avatar URL', avatarOnly: true },
];

export function ExportPanel({ jobId, product, statuses, providers, wide }: Props) {
  const titleId = useId();
  const [filter, setFilter] = useState<Filter>('deliverable');
  const [extra, setExtra] = useState<ReadonlySet<ColumnName>>(() => new Set(['email_provider']));
  const [bom, setBom] = useState(true);
  const save = useExportJob();
  const show = useShowInFolder();

  const all = Object.values(statuses).reduce((a, b) => a + b, 0);
  const counts: Record<Filter, number> = {
    deliverable: statuses.deliverable,
    all,
    'not-deliverable': all - statuses.deliverable,
  };
  const filters: { value: Filter; label: string; hint: string }[] = [
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
  const choices = COLUMN_CHOICES.filter((c) =>
    c.name === 'email_provider' ? providers : !c.avatarOnly || product === 'avatar',
  );

  const toggle = (name: ColumnName, on: boolean) =>
    setExtra((prev) => {
      const next = new Set(prev);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    show.reset();
    const columns: ColumnName[] = [
      'email_status',
      ...choices.filter((c) => extra.has(c.name)).map((c) => c.name),
    ];
    save.mutate({ jobId, filter, columns, bom });
  };

  const saved = save.data ?? null;

  return (
    <section className="card results-card export-card" aria-labelledby={titleId}>
      <h2 className="results-card-title" id={titleId}>
        Export
      </h2>
      <p className="hint results-card-hint">
        A new CSV file: your original columns and row order, with the outcome columns added at the
        end. Your own file is never changed.
      </p>
      <form className={`export-form ${wide ? 'is-wide' : ''}`} onSubmit={submit}>
        <fieldset className="export-group export-rows">
          <legend>Rows</legend>
          {filters.map((f) => (
            <label key={f.value} className="export-choice is-option">
              <input
                type="radio"
                name={`${titleId}-filter`}
                value={f.value}
                checked={filter === f.value}
                onChange={() => setFilter(f.value)}
              />
              <span className="export-choice-text">
                <span className="export-choice-label">{f.label}</span>
                <span className="export-choice-hint">{f.hint}</span>
              </span>
              <span className="export-choice-count">{formatNumber(counts[f.value])}</span>
            </label>
          ))}
        </fieldset>

        <div className="export-side">
          <fieldset className="export-group">
            <legend>Columns to add</legend>
            <label className="export-choice">
              <input type="checkbox" checked disabled aria-describedby={`${titleId}-status`} />
              <span className="export-choice-text">
                <span className="export-choice-label">Outcome</span>
                <span className="export-choice-hint" id={`${titleId}-status`}>
                  Always added, as email_status.
                </span>
              </span>
            </label>
            {choices.map((c) => (
              <label key={c.name} className="export-choice">
                <input
                  type="checkbox"
                  checked={extra.has(c.name)}
                  onChange={(e) => toggle(c.name, e.target.checked)}
                />
                <span className="export-choice-text">
                  <span className="export-choice-label">{c.label}</span>
                  <span className="export-choice-hint">As {c.name}.</span>
                </span>
              </label>
            ))}
          </fieldset>

          <label className="export-choice export-bom">
            <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} />
            <span className="export-choice-text">
              <span className="export-choice-label">Excel-friendly (UTF-8 with BOM)</span>
              <span className="export-choice-hint">
                Lets Excel show accents and other letters correctly.
              </span>
            </span>
          </label>
        </div>

        <div className="export-actions">
          <button type="submit" className="button primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save…'}
          </button>
        </div>
      </form>

      <div className="export-outcome" aria-live="polite">
        {saved && !save.isPending && (
          <div className="notice export-success" data-testid="export-done">
            <svg className="notice-icon" viewBox="0 0 20 20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm4 6.2-4.8 5.4a1 1 0 0 1-1.5 0L5.9 11a1 1 0 1 1 1.5-1.3l1.1 1.2 4-4.5a1 1 0 0 1 1.5 1.3Z"
              />
            </svg>
            <div className="export-success-body">
              <p className="notice-title">
                Saved {formatNumber(saved.rowsWritten)} of {formatNumber(saved.rowsTotal)} rows
              </p>
              <p className="export-path" title={saved.path}>
                {saved.path}
              </p>
              <button
                type="button"
                className="button secondary small"
                onClick={() => show.mutate(saved.fileId)}
              >
                Show in folder
              </button>
            </div>
          </div>
        )}
      </div>
      {save.isError && <ErrorNotice error={save.error} title="The file was not saved" />}
      {show.isError && <ErrorNotice error={show.error} title="Could not open the folder" />}
    </section>
  );
}
