// What the Export panel shows once "Save by status…" has written its files:
// each file with its rows, the groups that had none, and the way to them.
import type { StatusExportView } from '../../../../../electron/ipc/contract';
import { formatNumber, plural } from '../../../format';
import { FORMAT_WORDS, GROUP_LABEL, baseName, emptyGroupsLine } from './export-words';
import { SavedNotice } from './SavedNotice';

interface Props {
  saved: StatusExportView;
  /** Show in folder: main opens the folder the files were written in. */
  onShow: () => void;
}

export function StatusExportNotice({ saved, onShow }: Props) {
  const empty = emptyGroupsLine(saved.empty);
  return (
    <SavedNotice
      testId="status-export-done"
      title={
        <>
          Saved {plural(saved.files.length, 'file', 'files')} by status{' '}
          {FORMAT_WORDS[saved.format].saved}
        </>
      }
      path={saved.folder}
      onShow={onShow}
    >
      {saved.files.length > 0 && (
        <table className="status-files">
          <caption className="visually-hidden">Files written, with their rows</caption>
          <tbody>
            {saved.files.map((file) => (
              <tr key={file.group} data-group={file.group}>
                <th scope="row">{GROUP_LABEL[file.group]}</th>
                <td className="status-file-name">{baseName(file.path)}</td>
                <td className="num status-file-rows">
                  {formatNumber(file.rows)} {file.rows === 1 ? 'row' : 'rows'}
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
