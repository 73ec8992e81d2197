// Saving a cleaned copy of the list: which rows, which outcome columns to
// append to the original ones, and whether Excel should read it as UTF-8.
// Main asks where to save; closing that dialog is not an error, so nothing is
// said. The user's own file is never touched.
import { useId, useState, type FormEvent } from 'react';
import type { ChannelInput, JobProduct, RowStatusName } from '../../../../electron/ipc/contract';
import { useExportJob, useShowInFolder } from '../../api/job-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ExportRowsChoice, type RowFilter } from './ExportRowsChoice';
import { ExportSavedNotice } from './ExportSavedNotice';
import './export.css';

type ColumnName = ChannelInput<'job:export'>['columns'][number];

interface Props {
  jobId: string;
  product: JobProduct | null;
  statuses: Record<RowStatusName, number>;
  /** Whether the checks named providers; bulk and avatar checks leave the column empty. */
  providers: boolean;
  /** The panel has the screen's whole width: its choices sit side by side. */
  wide: boolean;
  /** Addresses with a likely typo: only then is the address probably meant offered. */
  suggestions: number;
}

const COLUMN_CHOICES: { name: ColumnName; label: string; hint?: string; avatarOnly: boolean }[] = [
  { name: 'email_provider', label: 'Provider', avatarOnly: false },
  { name: 'email_avatar', label: 'Has an avatar', avatarOnly: true },
  { name: 'email_avatar_url', label: 'Avatar URL', avatarOnly: true },
  { name: 'email_suggestion', label: 'Address probably meant (likely typos)', avatarOnly: false },
  {
    name: 'email_flags',
    label: 'What the free checks found',
    hint: 'role, free, disposable, typo, no_mail_server or reused.',
    avatarOnly: false,
  },
  {
    name: 'email_checked_at',
    label: 'Date checked',
    hint: 'for a reused answer, the day it was paid for.',
    avatarOnly: false,
  },
];

export function ExportPanel({ jobId, product, statuses, providers, wide, suggestions }: Props) {
  const titleId = useId();
  const [filter, setFilter] = useState<RowFilter>('deliverable');
  const [extra, setExtra] = useState<ReadonlySet<ColumnName>>(
    () => new Set(['email_provider', 'email_suggestion']),
  );
  const [bom, setBom] = useState(true);
  const save = useExportJob();
  const show = useShowInFolder();

  const choices = COLUMN_CHOICES.filter((c) => {
    if (c.name === 'email_provider') return providers;
    if (c.name === 'email_suggestion') return suggestions > 0;
    return !c.avatarOnly || product === 'avatar';
  });

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
        <ExportRowsChoice
          name={`${titleId}-filter`}
          statuses={statuses}
          value={filter}
          onChange={setFilter}
        />

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
                  <span className="export-choice-hint">
                    As {c.name}
                    {c.hint ? `: ${c.hint}` : '.'}
                  </span>
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
          <ExportSavedNotice saved={saved} onShow={() => show.mutate(saved.fileId)} />
        )}
      </div>
      {save.isError && <ErrorNotice error={save.error} title="The file was not saved" />}
      {show.isError && <ErrorNotice error={show.error} title="Could not open the folder" />}
    </section>
  );
}
