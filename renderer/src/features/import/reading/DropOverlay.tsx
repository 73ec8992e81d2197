// Opening a list by dropping it anywhere on the window, and the overlay shown while files are
// dragged over it.
import { useEffect, useState } from 'react';
import { useUiStore } from '../../../state/ui-store';
import { useFileImport } from '../use-file-import';
import { useT } from '../../../i18n/words';
import '../import.css';

/**
 * Files dragged with nothing else, and not over a zone that takes its own
 * files (`data-own-drop`: the results' bounce report, another vendor's
 * results), which is not a list.
 */
const carriesFiles = (e: DragEvent) =>
  (e.dataTransfer?.types.includes('Files') ?? false) &&
  !(e.target instanceof Element && e.target.closest('[data-own-drop]'));

/**
 * Drop lists anywhere on the window: while files are dragged over it, a
 * clear overlay says what will happen; the drop reads every file, each as
 * its own list (joining the files still to read when a drop is under way).
 * A drop is never left to the browser, which would navigate away to the file.
 */
export function DropOverlay() {
  const [over, setOver] = useState(false);
  const importing = useUiStore((s) => s.importing);
  const { openFiles } = useFileImport();
  const t = useT();

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed: count them.
    let depth = 0;
    // Over Settings, a file is for Settings (the suppression list takes its own drops), never a
    // list read behind the dialog; it is still never left to the browser.
    const forSettings = () => useUiStore.getState().settingsOpen;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      if (forSettings()) return;
      e.preventDefault();
      depth += 1;
      setOver(true);
    };
    const overWindow = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      if (forSettings()) return;
      openFiles([...(e.dataTransfer?.files ?? [])]);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overWindow);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overWindow);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [openFiles]);

  if (!over) return null;
  // Pointer-only feedback: keyboard and screen-reader users have "Choose file…".
  return (
    <div className="drop-overlay" aria-hidden="true" data-testid="drop-overlay">
      <div className="drop-overlay-card">
        <svg className="drop-overlay-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
          />
        </svg>
        {importing ? (
          <>
            <p className="drop-overlay-title">
              {t('import.overlay.stillReading', { fileName: importing.fileName })}
            </p>
            <p className="drop-overlay-hint">{t('import.overlay.stillReadingHint')}</p>
          </>
        ) : (
          <>
            <p className="drop-overlay-title">{t('import.overlay.title')}</p>
            <p className="drop-overlay-hint">{t('import.overlay.hint')}</p>
          </>
        )}
      </div>
    </div>
  );
}
