// What the Export panel shows once a file is saved: how many rows went into which file, in which
// format (and on which sheets, for a workbook too big for one), and the way to it. A view of the
// finished export only; the panel decides when it is shown.
import type { ExportView } from '../../../../../electron/ipc/contract';
import { formatNumber } from '../../../format';
import { FORMAT_WORDS, continuedSheetsLine } from './export-words';
import { SavedNotice } from './SavedNotice';

interface Props {
  saved: ExportView;
  /** Show in folder: main opens the folder of the file it wrote. */
  onShow: () => void;
}

export function ExportSavedNotice({ saved, onShow }: Props) {
  const continued = continuedSheetsLine(saved.sheets);
  return (
    <SavedNotice
      testId="export-done"
      title={
        <>
          Saved {formatNumber(saved.rowsWritten)} of {formatNumber(saved.rowsTotal)} rows{' '}
          {FORMAT_WORDS[saved.format].saved}
        </>
      }
      path={saved.path}
      onShow={onShow}
    >
      {continued && (
        <p className="export-sheets" data-testid="export-sheets">
          {continued}
        </p>
      )}
    </SavedNotice>
  );
}
