// The Bounces tab of a finished job: drop (or choose) the bounce report the
// platform exported after sending to this list, and see it matched to our
// verdicts in plain words (common/words/bounce-words.ts, as the command line says
// them): the hard bounces of addresses we called deliverable and when, which
// is what a vendor asks for to refund them, with the evidence file to save;
// then the rest, and what joined the suppression list. The newest match is
// kept with the job, so it is here again next time.
import { useState, type DragEvent } from 'react';
import type { BounceReportView } from '../../../../../electron/common/views/bounce-views';
import { bounceWords } from '../../../../../electron/common/words/bounce-words';
import { suppressionFormatName } from '../../../../../electron/common/words/suppression-format-words';
import { call } from '../../../api/call';
import { useLastBounces, useMatchBounces, useSaveEvidence } from '../../../api/bounce-hooks';
import { useShowInFolder } from '../../../api/job-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatDateTime, formatNumber } from '../../../format';
import { useRich, useT } from '../../../i18n/words';
import { SavedNotice } from '../export/SavedNotice';
import './bounces.css';

export function BouncesPanel({ jobId }: { jobId: string }) {
  const t = useT();
  const last = useLastBounces(jobId);
  const match = useMatchBounces(jobId);
  const [reading, setReading] = useState<string | null>(null);
  const [grantError, setGrantError] = useState<unknown>(null);

  const matchGranted = async (grant: Promise<{ token: string; fileName: string } | null>) => {
    setGrantError(null);
    match.reset();
    let granted: { token: string; fileName: string } | null;
    try {
      granted = await grant;
    } catch (err) {
      setGrantError(err);
      return;
    }
    if (!granted) return;
    setReading(granted.fileName);
    match.mutate(granted.token, { onSettled: () => setReading(null) });
  };

  const view = last.data ?? null;
  return (
    <section className="card results-card bounces" aria-labelledby="bounces-title">
      <h2 className="results-card-title" id="bounces-title">
        {t('bounces.title')}
      </h2>
      <p className="hint results-card-hint">{t('bounces.lead')}</p>
      {last.isError && <ErrorNotice error={last.error} title={t('bounces.lastUnreadable')} />}
      {view && <BounceFigures view={view} key={view.matchedAt} />}
      <BounceDrop
        again={view !== null}
        reading={reading}
        onFile={(file) => void matchGranted(call(window.files.grant(file)))}
        onChoose={() => void matchGranted(call(window.api.file.choose()))}
      />
      {(match.isError || grantError !== null) && (
        <ErrorNotice error={match.error ?? grantError} title={t('bounces.matchFailed')} />
      )}
    </section>
  );
}

/** The window's locale, which the days of the figures are written for (as format.ts's dates). */
const windowLocale = () => new Intl.DateTimeFormat().resolvedOptions().locale;

function BounceFigures({ view }: { view: BounceReportView }) {
  const t = useT();
  const rich = useRich();
  const words = bounceWords(view, t, { count: formatNumber, locale: windowLocale() });
  const save = useSaveEvidence(view.jobId);
  const show = useShowInFolder();
  const saved = save.data ?? null;
  return (
    <div className="bounce-figures" data-testid="bounce-figures">
      <div
        className={`bounce-headline${view.deliverable.hard > 0 ? ' has-evidence' : ''}`}
        role="status"
      >
        <p className="bounce-headline-text" data-testid="bounce-headline">
          {words.headline}
        </p>
        {words.origin && <p className="hint">{words.origin}</p>}
        {words.early && (
          <p className="hint" data-testid="bounce-early">
            {words.early}
          </p>
        )}
        {view.evidenceRows > 0 && (
          <div className="bounce-evidence">
            <button
              type="button"
              className="button primary"
              disabled={save.isPending}
              onClick={() => save.mutate()}
            >
              {t('bounces.saveEvidence')}
            </button>
            <p className="hint">
              {t('bounces.evidenceHint', {
                n: view.evidenceRows,
                count: formatNumber(view.evidenceRows),
              })}
            </p>
          </div>
        )}
      </div>
      {save.isError && <ErrorNotice error={save.error} title={t('bounces.saveFailed')} />}
      {saved && (
        <SavedNotice
          testId="bounce-evidence-saved"
          title={t('bounces.saved', { n: saved.rows, count: formatNumber(saved.rows) })}
          path={saved.path}
          onShow={() => show.mutate(saved.fileId)}
        />
      )}
      {words.others.length > 0 && (
        <ul className="bounce-others" data-testid="bounce-others">
          {words.others.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="bounce-suppressed" data-testid="bounce-suppressed">
        {words.suppressed}
      </p>
      <p className="hint">
        {rich('bounces.from', {
          file: (chunks) => <span data-user-value>{chunks}</span>,
          fileName: view.fileName,
          format: suppressionFormatName(t, view.format),
          when: formatDateTime(view.matchedAt),
        })}
      </p>
    </div>
  );
}

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

interface DropProps {
  /** A report was matched before: this one takes its place. */
  again: boolean;
  /** The name of the report being matched, or null. */
  reading: string | null;
  onFile(file: File): void;
  onChoose(): void;
}

/**
 * The report's own drop zone: a file dropped here is a bounce report, never a
 * list to check (the window's drop overlay leaves `data-own-drop` alone).
 */
function BounceDrop({ again, reading, onFile, onChoose }: DropProps) {
  const t = useT();
  const rich = useRich();
  const [over, setOver] = useState(false);
  const hold = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return (
    <div
      className={`bounce-drop${over ? ' is-over' : ''}${again ? ' is-again' : ''}`}
      data-own-drop
      data-testid="bounce-drop"
      aria-busy={reading !== null}
      onDragEnter={hold}
      onDragOver={hold}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file && reading === null) onFile(file);
      }}
    >
      {reading !== null ? (
        <p className="bounce-drop-title" role="status">
          {rich('bounces.matching', {
            file: (chunks) => <span data-user-value>{chunks}</span>,
            fileName: reading,
          })}
        </p>
      ) : (
        <>
          <p className="bounce-drop-title">
            {t(again ? 'bounces.drop.again' : 'bounces.drop.first')}
          </p>
          <p className="hint">{t('bounces.drop.hint')}</p>
          <button type="button" className="button secondary" onClick={onChoose}>
            {t('bounces.drop.choose')}
          </button>
        </>
      )}
    </div>
  );
}
