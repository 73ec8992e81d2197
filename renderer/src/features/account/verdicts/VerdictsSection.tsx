// Settings → Other vendors' results: a list already checked by another
// service (ZeroBounce, NeverBounce, Kickbox, Emailable, Bouncer,
// MillionVerifier) brings its verdicts into the memory of answers, so those
// addresses are not paid for again within the reuse window. The user names
// the vendor (or lets the columns tell) and the day it checked the list (or
// lets the file's date stand), then drops or chooses the result file; the
// counts say what was remembered, what was not and why.
import { useId, useState, type DragEvent } from 'react';
import {
  VENDOR_LABEL,
  VERDICT_VENDORS,
  isVerdictVendor,
  type VerdictVendor,
} from '../../../../../electron/common/catalogs/vendors';
import { useImportVerdicts } from '../../../api/verdict-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { countLines, headLine } from './verdict-words';
import { useT } from '../../../i18n/words';
import './verdicts.css';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/** Today as a date field writes it, in the user's time zone: the latest day a vendor checked. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function VerdictsSection() {
  const t = useT();
  const titleId = useId();
  const vendorId = useId();
  const dateId = useId();
  const dateHintId = useId();
  const [vendor, setVendor] = useState<VerdictVendor | null>(null);
  const [date, setDate] = useState('');
  const [over, setOver] = useState(false);
  const run = useImportVerdicts();
  const start = (file: File | null) =>
    run.mutate({ file, vendor, date: date === '' ? null : date });

  const drop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    // Handled here: the window's own drop (a list to check) leaves it alone (DropOverlay).
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !run.isPending) start(file);
  };

  return (
    <section
      className="dialog-section verdicts"
      aria-labelledby={titleId}
      data-testid="verdicts-section"
    >
      <h3 id={titleId}>{t('verdicts.title')}</h3>
      <p className="hint">{t('verdicts.intro')}</p>
      <div className="verdicts-fields">
        <div className="field">
          <label htmlFor={vendorId}>{t('verdicts.vendor')}</label>
          <select
            id={vendorId}
            value={vendor ?? ''}
            onChange={(e) => setVendor(isVerdictVendor(e.target.value) ? e.target.value : null)}
          >
            <option value="">{t('verdicts.vendorFromColumns')}</option>
            {VERDICT_VENDORS.map((v) => (
              <option key={v} value={v}>
                {VENDOR_LABEL[v]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={dateId}>{t('verdicts.checkedOn')}</label>
          <input
            id={dateId}
            type="date"
            value={date}
            max={today()}
            aria-describedby={dateHintId}
            onChange={(e) => setDate(e.target.value)}
          />
          <p className="hint" id={dateHintId}>
            {t('verdicts.dateHint')}
          </p>
        </div>
      </div>
      <div
        className={`verdicts-drop${over ? ' is-over' : ''}`}
        data-own-drop=""
        data-testid="verdicts-drop"
        onDragEnter={(e) => carriesFiles(e) && setOver(true)}
        onDragOver={(e) => {
          if (!carriesFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <span>{t('verdicts.drop')}</span>
        <button
          type="button"
          className="button secondary small"
          disabled={run.isPending}
          onClick={() => start(null)}
        >
          {t('verdicts.choose')}
        </button>
      </div>
      <div aria-live="polite" className="verdicts-result" data-testid="verdicts-result">
        {run.isPending && <p className="hint">{t('verdicts.reading')}</p>}
        {run.data && (
          <>
            <p className="verdicts-head">{headLine(run.data, t)}</p>
            <ul className="verdicts-counts">
              {countLines(run.data, t).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      {run.isError && <ErrorNotice error={run.error} />}
    </section>
  );
}
