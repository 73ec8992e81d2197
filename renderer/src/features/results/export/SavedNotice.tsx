// The frame of every "saved" notice of the Export panel: the tick, a title,
// where the files went, what the notice adds, and the way to them.
import type { ReactNode } from 'react';

interface Props {
  testId: string;
  title: ReactNode;
  /** The file or folder written, shown whole (its title attribute too). */
  path: string;
  onShow: () => void;
  children?: ReactNode;
}

export function SavedNotice({ testId, title, path, onShow, children }: Props) {
  return (
    <div className="notice export-success" data-testid={testId}>
      <svg className="notice-icon" viewBox="0 0 20 20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm4 6.2-4.8 5.4a1 1 0 0 1-1.5 0L5.9 11a1 1 0 1 1 1.5-1.3l1.1 1.2 4-4.5a1 1 0 0 1 1.5 1.3Z"
        />
      </svg>
      <div className="export-success-body">
        <p className="notice-title">{title}</p>
        <p className="export-path" title={path}>
          {path}
        </p>
        {children}
        <button type="button" className="button secondary small" onClick={onShow}>
          Show in folder
        </button>
      </div>
    </div>
  );
}
