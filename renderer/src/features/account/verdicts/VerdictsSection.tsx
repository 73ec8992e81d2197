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
} from '../../../../../electron/common/vendors';
import { useImportVerdicts } from '../../../api/verdict-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { countLines, headLine } from './verdict-words';
import './verdicts.css';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/** Today as a date field writes it, in the user's time zone: the latest day a vendor checked. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function VerdictsSection() {
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
      <h3 id={titleId}>Other vendors’ results</h3>
      <p className="hint">
        Checked a list with another service already? Bring its result file: the addresses it found
        valid or invalid are remembered with its date and reused like your own answers, free, for as
        long as answers are reused. Catch-all, risky, disposable and unknown verdicts are not kept:
        those addresses are checked when you clean a list with them.
      </p>
      <div className="verdicts-fields">
        <div className="field">
          <label htmlFor={vendorId}>Vendor</label>
          <select
            id={vendorId}
            value={vendor ?? ''}
            onChange={(e) => setVendor(isVerdictVendor(e.target.value) ? e.target.value : null)}
          >
            <option value="">Tell from the file’s columns</option>
            {VERDICT_VENDORS.map((v) => (
              <option key={v} value={v}>
                {VENDOR_LABEL[v]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={dateId}>Checked on</label>
          <input
            id={dateId}
            type="date"
            value={date}
            max={today()}
            aria-describedby={dateHintId}
            onChange={(e) => setDate(e.target.value)}
          />
          <p className="hint" id={dateHintId}>
            Empty: the file’s own date.
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
        <span>Drop the result file here, or</span>
        <button
          type="button"
          className="button secondary small"
          disabled={run.isPending}
          onClick={() => start(null)}
        >
          Choose file…
        </button>
      </div>
      <div aria-live="polite" className="verdicts-result" data-testid="verdicts-result">
        {run.isPending && <p className="hint">Reading the file…</p>}
        {run.data && (
          <>
            <p className="verdicts-head">{headLine(run.data)}</p>
            <ul className="verdicts-counts">
              {countLines(run.data).map((line) => (
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
