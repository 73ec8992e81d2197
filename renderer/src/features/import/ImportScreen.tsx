// The New list screen: the drop zone, the progress of a list being read, or the review of the
// list read, with the notices of a file that failed or was not opened.
import type { ReactNode } from 'react';
import { ErrorIcon } from '../../components/ErrorNotice';
import type { ImportProgressView } from '../../../../electron/ipc/contract';
import { formatBytes, formatNumber, formatPercent } from '../../format';
import { useUiStore } from '../../state/ui-store';
import { ChooseFileButton } from './ChooseFileButton';
import { ProgressBar } from './ProgressBar';
// The screen's stylesheet before the review's: they load in this order.
import './import.css';
import { ReviewPanel } from './ReviewPanel';
import { useFlowFocus, useImportFlow } from './use-file-import';

/** New list: drop or choose a file, watch it being read, review it, start. */
export function ImportScreen() {
  const review = useUiStore((s) => s.review);
  const importing = useUiStore((s) => s.importing);
  const failure = useImportFlow((s) => s.failure);
  const skipped = useImportFlow((s) => s.skipped);

  const notices = (
    <>
      {failure && <ImportFailure fileName={failure.fileName} message={failure.message} />}
      {skipped.length > 0 && !failure && (
        <div className="notice notice-warning" role="status">
          <p>
            One list at a time: {skipped.length === 1 ? skipped[0] : `${skipped.length} files`}{' '}
            {skipped.length === 1 ? 'was' : 'were'} not opened. Drop{' '}
            {skipped.length === 1 ? 'it' : 'them'} again once this list is started.
          </p>
        </div>
      )}
    </>
  );

  return (
    <div className="import-screen">
      {importing ? (
        <Reading fileName={importing.fileName} progress={importing.progress} />
      ) : review ? (
        <ReviewPanel review={review} notices={notices} />
      ) : (
        <EmptyState notices={notices} />
      )}
    </div>
  );
}

function EmptyState({ notices }: { notices: ReactNode }) {
  return (
    <>
      <h1 className="page-title">Check a new list</h1>
      {notices}
      <section className="drop-zone" aria-labelledby="drop-zone-title">
        <svg className="drop-zone-icon" viewBox="0 0 48 48" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            d="M12 6h17l9 9v25a2 2 0 0 1-2 2H12a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Z"
          />
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="M29 6v9h9M17 24h14M17 30h14M17 36h8"
          />
        </svg>
        <h2 id="drop-zone-title" className="drop-zone-title">
          Drop a list anywhere in this window
        </h2>
        <p className="drop-zone-text">
          A CSV, TSV or TXT file from Excel, Google Sheets, Mailchimp, HubSpot or any other tool.
        </p>
        <ChooseFileButton />
        <ul className="drop-zone-facts">
          <li>Invalid and repeated addresses removed for free</li>
          <li>Columns and row order kept</li>
          <li>Nothing charged until you press Start</li>
        </ul>
      </section>
    </>
  );
}

function ImportFailure({ fileName, message }: { fileName: string; message: string }) {
  const again = useFlowFocus<HTMLButtonElement>('failure');
  return (
    <div className="notice notice-error import-failure" role="alert">
      <ErrorIcon />
      <div className="import-failure-body">
        <p className="notice-title">{fileName} could not be used</p>
        <p>{message}</p>
        <p>Nothing was sent and nothing was charged.</p>
        <div className="button-row">
          <ChooseFileButton ref={again} className="button secondary small">
            Choose another file…
          </ChooseFileButton>
          <button
            type="button"
            className="button ghost small"
            onClick={() => useImportFlow.getState().set({ failure: null })}
          >
            Dismiss
          </button>
        </div>
      </div>
    </div>
  );
}

/** Coarse steps for screen readers: every tenth of the file, not every chunk. */
function announcement(fileName: string, progress: ImportProgressView | null): string {
  if (!progress || progress.totalBytes === 0) return `Reading ${fileName}`;
  const tenth = Math.floor((progress.bytesRead / progress.totalBytes) * 10) / 10;
  return `Reading ${fileName}: ${formatPercent(tenth)} read`;
}

function Reading({
  fileName,
  progress,
}: {
  fileName: string;
  progress: ImportProgressView | null;
}) {
  const share =
    progress && progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : null;
  const valueText = progress
    ? `${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)} read, ${formatNumber(progress.rows)} rows`
    : 'Opening the file';
  return (
    <>
      <h1 className="page-title">Check a new list</h1>
      <section className="card reading" aria-labelledby="reading-title" aria-busy="true">
        <h2 id="reading-title" className="reading-title">
          Reading <span className="file-name">{fileName}</span>
        </h2>
        <ProgressBar value={share} labelledBy="reading-title" valueText={valueText} />
        <p className="reading-numbers" aria-hidden="true">
          <span className="num" data-testid="reading-bytes">
            {progress
              ? `${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)}`
              : 'Opening the file…'}
          </span>
          <span className="num" data-testid="reading-rows">
            {progress ? `${formatNumber(progress.rows)} rows` : ''}
          </span>
        </p>
        <p className="hint">
          Addresses are checked for typos and repeats as the file is read, on your computer. Nothing
          is sent yet.
        </p>
        <p className="visually-hidden" role="status">
          {announcement(fileName, progress)}
        </p>
      </section>
    </>
  );
}
