// What the Export panel shows once a file is saved: how many rows went into which file, and the
// way to it. A view of the finished export only; the panel decides when it is shown.
import type { ExportView } from '../../../../electron/ipc/contract';
import { formatNumber } from '../../format';

interface Props {
  saved: ExportView;
  /** Show in folder: main opens the folder of the file it wrote. */
  onShow: () => void;
}

export function ExportSavedNotice({ saved, onShow }: Props) {
  return (
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
        <button type="button" className="button secondary small" onClick={onShow}>
          Show in folder
        </button>
      </div>
    </div>
  );
}
