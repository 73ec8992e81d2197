// What the Export panel shows once "Save by status…" has written its files:
// each file with its rows, the groups that had none, and the way to them.
import type { StatusExportView } from '../../../../../electron/ipc/contract';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { baseName, emptyGroupsLine, formatWords, groupLabel } from './export-words';
import { SavedNotice } from './SavedNotice';

interface Props {
  saved: StatusExportView;
  /** Show in folder: main opens the folder the files were written in. */
  onShow: () => void;
}

export function StatusExportNotice({ saved, onShow }: Props) {
  const t = useT();
  const empty = emptyGroupsLine(t, saved.empty);
  return (
    <SavedNotice
      testId="status-export-done"
      title={t('export.byStatus.saved', {
        n: saved.files.length,
        count: formatNumber(saved.files.length),
        as: formatWords(t, saved.format).savedAs,
      })}
      path={saved.folder}
      onShow={onShow}
    >
      {saved.files.length > 0 && (
        <table className="status-files">
          <caption className="visually-hidden">{t('export.byStatus.caption')}</caption>
          <tbody>
            {saved.files.map((file) => (
              <tr key={file.group} data-group={file.group}>
                <th scope="row">{groupLabel(t, file.group)}</th>
                <td className="status-file-name">{baseName(file.path)}</td>
                <td className="num status-file-rows">
                  {t('export.byStatus.rows', { n: file.rows, count: formatNumber(file.rows) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {empty && <p className="status-empty">{empty}</p>}
    </SavedNotice>
  );
}
