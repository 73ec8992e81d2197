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
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import { useExportByStatus, useExportJob, useShowInFolder } from '../../../api/job-hooks';
import { BounceForecast, useExportForecast } from './BounceForecast';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useRich, useT } from '../../../i18n/words';
import { ExportFormatChoice } from './ExportFormatChoice';
import { ExportRowsChoice, type RowFilter } from './ExportRowsChoice';
import { ExportSavedNotice } from './ExportSavedNotice';
import { formatWords, statusGroupsLine } from './export-words';
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
 * file is a detail under it, for whoever maps columns in a mailing tool. The
 * name stays English in every language: it is the file's.
 */
const COLUMN_CHOICES = [
  {
    name: 'email_provider',
    label: 'export.column.provider.label',
    hint: 'export.column.provider.hint',
    avatarOnly: false,
  },
  {
    name: 'email_avatar',
    label: 'export.column.avatar.label',
    hint: 'export.column.avatar.hint',
    avatarOnly: true,
  },
  {
    name: 'email_avatar_url',
    label: 'export.column.avatarUrl.label',
    hint: 'export.column.avatarUrl.hint',
    avatarOnly: true,
  },
  {
    name: 'email_suggestion',
    label: 'export.column.suggestion.label',
    hint: 'export.column.suggestion.hint',
    avatarOnly: false,
  },
  {
    name: 'email_flags',
    label: 'export.column.flags.label',
    hint: 'export.column.flags.hint',
    avatarOnly: false,
  },
  {
    name: 'email_checked_at',
    label: 'export.column.checkedAt.label',
    hint: 'export.column.checkedAt.hint',
    avatarOnly: false,
  },
  {
    name: 'email_risk',
    label: 'export.column.risk.label',
    hint: 'export.column.risk.hint',
    avatarOnly: false,
  },
  {
    name: 'email_risk_reasons',
    label: 'export.column.riskReasons.label',
    hint: 'export.column.riskReasons.hint',
    avatarOnly: false,
  },
] as const satisfies readonly {
  name: ColumnName;
  label: MessageId;
  hint: MessageId;
  avatarOnly: boolean;
}[];

export function ExportPanel(props: Props) {
  const { jobId, product, statuses, providers, suggestions, defaultFormat } = props;
  const t = useT();
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
  const rowsKept = filter === 'shown' ? shown.filter : filter;
  const { forecast, saveWord, keepLowRisk } = useExportForecast(jobId, filter, rowsKept, setFilter);
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
      filter: rowsKept,
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
          {t('export.about', { newFile: formatWords(t, format).file })}
        </p>
        <ExportRowsChoice
          name={`${titleId}-filter`}
          statuses={statuses}
          value={filter}
          onChange={setFilter}
          shown={shown}
        />
        <BounceForecast forecast={forecast} onKeepLowRisk={keepLowRisk} />
        <ExportFormatChoice name={`${titleId}-format`} value={format} onChange={setFormat} />
        <fieldset className="export-group">
          <legend>{t('export.columns.legend')}</legend>
          <label className="export-choice">
            <input type="checkbox" checked disabled aria-describedby={`${titleId}-status`} />
            <span className="export-choice-text">
              <span className="export-choice-label">{t('export.column.status.label')}</span>
              <span className="export-choice-hint" id={`${titleId}-status`}>
                {t('export.column.status.hint')}
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
                <span className="export-choice-label">{t(c.label)}</span>
                <span className="export-choice-hint">
                  {t(c.hint)}
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
              <span className="export-choice-label">{t('export.bom.label')}</span>
              <span className="export-choice-hint">{t('export.bom.hint')}</span>
            </span>
          </label>
        )}
        <p className="hint export-groups" id={`${titleId}-groups`}>
          {statusGroupsLine(t)}
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
        {save.isError && <ErrorNotice error={save.error} title={t('export.error.save')} />}
        {byStatus.isError && (
          <ErrorNotice error={byStatus.error} title={t('export.error.byStatus')} />
        )}
        {show.isError && <ErrorNotice error={show.error} title={t('export.error.showInFolder')} />}
        {/* Not disabled while saving: a disabled button would drop the keyboard focus. A
            second press is ignored; the outcome is read out from the live region above. */}
        <div className="button-row export-actions">
          <button type="submit" className="button primary" aria-disabled={busy || undefined}>
            {t(save.isPending ? 'export.save.pending' : saveWord)}
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={saveByStatus}
            aria-disabled={busy || undefined}
            aria-describedby={`${titleId}-groups`}
          >
            {byStatus.isPending ? t('export.byStatus.pending') : t('export.byStatus.button')}
          </button>
        </div>
      </div>
    </form>
  );
}

/** A column's name in the saved file: a detail for mapping columns in a mailing tool. */
function ColumnName({ name }: { name: string }) {
  const rich = useRich();
  return (
    <span className="export-column-name" data-field-name>
      {rich('export.column.fileName', { name, code: (chunks) => <code>{chunks}</code> })}
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
