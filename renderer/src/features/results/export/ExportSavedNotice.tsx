// What the Export panel shows once a file is saved: how many rows went into which file, in which
// format (and on which sheets, for a workbook too big for one), and the way to it. A view of the
// finished export only; the panel decides when it is shown.
import type { ExportView } from '../../../../../electron/ipc/contract';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { continuedSheetsLine, formatWords } from './export-words';
import { SavedNotice } from './SavedNotice';

interface Props {
  saved: ExportView;
  /** Show in folder: main opens the folder of the file it wrote. */
  onShow: () => void;
}

export function ExportSavedNotice({ saved, onShow }: Props) {
  const t = useT();
  const continued = continuedSheetsLine(t, saved.sheets);
  return (
    <SavedNotice
      testId="export-done"
      title={t('export.saved.title', {
        n: saved.rowsTotal,
        written: formatNumber(saved.rowsWritten),
        total: formatNumber(saved.rowsTotal),
        as: formatWords(t, saved.format).savedAs,
      })}
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
