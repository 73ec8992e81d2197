// Saving a cleaned copy of the list, inside the Export drawer: which rows, as
// CSV or an Excel workbook, which outcome columns to append to the original
// ones, and (for CSV) whether Excel should read it as UTF-8; or every row
// split by outcome into one file each ("Save by status…"). The Save buttons
// and what a save says sit in the drawer's footer, so both stay in view
// however far the choices scroll. Main asks where to save; closing that
// dialog is not an error, so nothing is said. The user's own file is never
// touched.
import { useId, useState, type FormEvent } from 'react';
import type {
  ChannelInput,
  ExportFormat,
  JobProduct,
  RowStatusName,
  StatusExportView,
} from '../../../../../electron/ipc/contract';
import { useExportByStatus, useExportJob, useShowInFolder } from '../../../api/job-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ExportFormatChoice } from './ExportFormatChoice';
import { ExportRowsChoice, type RowFilter } from './ExportRowsChoice';
import { ExportSavedNotice } from './ExportSavedNotice';
import { FORMAT_WORDS, STATUS_GROUPS_LINE } from './export-words';
import { StatusExportNotice } from './StatusExportNotice';
import { useRowsShown } from '../rows/use-rows-shown';
import './export.css';

type ColumnName = ChannelInput<'job:export'>['columns'][number];

interface Props {
  jobId: string;
  product: JobProduct | null;
  statuses: Record<RowStatusName, number>;
  /** Whether the checks named providers; bulk and avatar checks leave the column empty. */
  providers: boolean;
  /** Addresses with a likely typo: only then is the address probably meant offered. */
  suggestions: number;
  /** The format offered first: a workbook for a list read from one (the summary's exportFormat). */
  defaultFormat: ExportFormat;
  /** All the job's rows, for "The rows I see" when nothing is filtered. */
  rows: number;
}

/**
 * The columns that may be added, each said as what it holds; its name in the
 * file is a detail under it, for whoever maps columns in a mailing tool.
 */
const COLUMN_CHOICES: { name: ColumnName; label: string; hint: string; avatarOnly: boolean }[] = [
  {
    name: 'email_provider',
    label: 'Mailbox provider',
    hint: 'Who hosts the mailbox, such as Gmail or Outlook.',
    avatarOnly: false,
  },
  {
    name: 'email_avatar',
    label: 'Has an avatar',
    hint: 'Yes or no, for each address checked.',
    avatarOnly: true,
  },
  {
    name: 'email_avatar_url',
    label: 'Avatar link',
    hint: 'The address of the avatar picture, where there is one.',
    avatarOnly: true,
  },
  {
    name: 'email_suggestion',
    label: 'Address probably meant',
    hint: 'For a likely typo, such as gmial.com: the address with it corrected.',
    avatarOnly: false,
  },
  {
    name: 'email_flags',
    label: 'What the free checks found',
    hint: 'Role address, free webmail, disposable domain, likely typo, no mail server, or an answer reused from an earlier check.',
    avatarOnly: false,
  },
  {
    name: 'email_checked_at',
    label: 'Date checked',
    hint: 'For a reused answer, the day it was paid for.',
    avatarOnly: false,
  },
];

export function ExportPanel(props: Props) {
  const { jobId, product, statuses, providers, suggestions, defaultFormat } = props;
  const titleId = useId();
  const [chosen, setFilter] = useState<RowFilter>('deliverable');
  const shown = useRowsShown(jobId, props.rows);
  // "The rows I see" with the filter cleared is every row: the choice follows the table.
  const filter = chosen === 'shown' && !shown.filtered ? 'all' : chosen;
  const [format, setFormat] = useState<ExportFormat>(defaultFormat);
  const [extra, setExtra] = useState<ReadonlySet<ColumnName>>(
    () => new Set(['email_provider', 'email_suggestion']),
  );
  const [bom, setBom] = useState(true);
  const save = useExportJob();
  const byStatus = useExportByStatus();
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

  const columns = (): ColumnName[] => [
    'email_status',
    ...choices.filter((c) => extra.has(c.name)).map((c) => c.name),
  ];
  const busy = save.isPending || byStatus.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Only the last save's outcome shows: the other one's notice goes.
    show.reset();
    byStatus.reset();
    save.mutate({
      jobId,
      filter: filter === 'shown' ? shown.filter : filter,
      columns: columns(),
      bom,
      format,
    });
  };

  const saveByStatus = () => {
    if (busy) return;
    show.reset();
    save.reset();
    byStatus.mutate({ jobId, columns: columns(), bom, format });
  };

  const saved = save.data ?? null;
  const split = byStatus.data ?? null;

  return (
    <form className="export-form" onSubmit={submit} aria-describedby={`${titleId}-about`}>
      <div className="drawer-body">
        <p className="hint" id={`${titleId}-about`}>
          {FORMAT_WORDS[format].file}: your original columns and row order, with the outcome columns
          added at the end. Your own file is never changed.
        </p>
        <ExportRowsChoice
          name={`${titleId}-filter`}
          statuses={statuses}
          value={filter}
          onChange={setFilter}
          shown={shown}
        />
        <ExportFormatChoice name={`${titleId}-format`} value={format} onChange={setFormat} />
        <fieldset className="export-group">
          <legend>Columns to add</legend>
          <label className="export-choice">
            <input type="checkbox" checked disabled aria-describedby={`${titleId}-status`} />
            <span className="export-choice-text">
              <span className="export-choice-label">Outcome</span>
              <span className="export-choice-hint" id={`${titleId}-status`}>
                Always added: deliverable, undeliverable, unknown and the rest.
                <ColumnName name="email_status" />
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
                  {c.hint}
                  <ColumnName name={c.name} />
                </span>
              </span>
            </label>
          ))}
        </fieldset>

        {/* A workbook stores its text as Unicode itself: the BOM is a CSV matter only. */}
        {format === 'csv' && (
          <label className="export-choice export-bom">
            <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} />
            <span className="export-choice-text">
              <span className="export-choice-label">Excel-friendly (UTF-8 with BOM)</span>
              <span className="export-choice-hint">
                Lets Excel show accents and other letters correctly.
              </span>
            </span>
          </label>
        )}
        <p className="hint export-groups" id={`${titleId}-groups`}>
          {STATUS_GROUPS_LINE}
        </p>
      </div>

      <div className="drawer-footer">
        <div className="export-outcome" aria-live="polite">
          {saved && !save.isPending && (
            <ExportSavedNotice saved={saved} onShow={() => show.mutate(saved.fileId)} />
          )}
          {split && !byStatus.isPending && (
            <StatusExportNotice saved={split} onShow={() => show.mutate(showTarget(split))} />
          )}
        </div>
        {save.isError && <ErrorNotice error={save.error} title="The file was not saved" />}
        {byStatus.isError && (
          <ErrorNotice error={byStatus.error} title="The files by status were not saved" />
        )}
        {show.isError && <ErrorNotice error={show.error} title="Could not open the folder" />}
        {/* Not disabled while saving: a disabled button would drop the keyboard focus. A
            second press is ignored; the outcome is read out from the live region above. */}
        <div className="button-row export-actions">
          <button type="submit" className="button primary" aria-disabled={busy || undefined}>
            {save.isPending ? 'Saving…' : 'Save…'}
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={saveByStatus}
            aria-disabled={busy || undefined}
            aria-describedby={`${titleId}-groups`}
          >
            {byStatus.isPending ? 'Saving by status…' : 'Save by status…'}
          </button>
        </div>
      </div>
    </form>
  );
}

/** A column's name in the saved file: a detail for mapping columns in a mailing tool. */
function ColumnName({ name }: { name: string }) {
  return (
    <span className="export-column-name" data-field-name>
      Column name <code>{name}</code>
    </span>
  );
}

/**
 * What "Show in folder" opens for the files by status: the folder itself,
 * with the first file picked out, rather than the folder's parent with the
 * folder picked out (which is what showing the folder's own id does) — the
 * user wants to see the files. The folder when no file was written.
 */
function showTarget(saved: StatusExportView): string {
  return saved.files[0]?.fileId ?? saved.folderId;
}
