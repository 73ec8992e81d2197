// The frame of every "saved" notice of the Export panel: the tick, a title,
// the name of what was written, what the notice adds, and the way to it. The
// name only, not the path: the path can be a long temporary folder's, and
// Show in folder opens the place itself. Brought into view when it appears,
// so the panel's success is seen, not only announced.
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../../i18n/words';
import { baseName } from './export-words';

interface Props {
  testId: string;
  title: ReactNode;
  /** The file or folder written: its name is shown. */
  path: string;
  onShow: () => void;
  children?: ReactNode;
}

export function SavedNotice({ testId, title, path, onShow, children }: Props) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [path]);
  return (
    <div className="notice export-success" data-testid={testId} ref={ref}>
      <svg className="notice-icon" viewBox="0 0 20 20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm4 6.2-4.8 5.4a1 1 0 0 1-1.5 0L5.9 11a1 1 0 1 1 1.5-1.3l1.1 1.2 4-4.5a1 1 0 0 1 1.5 1.3Z"
        />
      </svg>
      <div className="export-success-body">
        <p className="notice-title">{title}</p>
        <p className="export-path" data-testid="export-file-name">
          {baseName(path)}
        </p>
        {children}
        <button type="button" className="button secondary small" onClick={onShow}>
          {t('export.showInFolder')}
        </button>
      </div>
    </div>
  );
}
