// The files of the last batch that could not be used, each with its reason,
// and the way forward: another file, or dismissing the notice.
import { ErrorIcon } from '../../../components/ErrorNotice';
import { ChooseFileButton } from './ChooseFileButton';
import { useImportFlow, type ImportNotice } from '../import-flow';
import { useFileImport, useFlowFocus } from '../use-file-import';
import { PASTED_LIST } from '../import-words';
import { formatNumber } from '../../../format';
import { pastedFirstPart } from './PasteBox';

export function ImportFailures({ failures }: { failures: readonly ImportNotice[] }) {
  const again = useFlowFocus<HTMLButtonElement>('failure');
  const [first] = failures;
  if (!first) return null;
  const one = failures.length === 1;
  // A paste too long to take: its first part is a way on, the rest pasted next.
  const part = one && first.fileName === PASTED_LIST.failure ? pastedFirstPart() : null;
  return (
    <div className="notice notice-error import-failure" role="alert">
      <ErrorIcon />
      <div className="import-failure-body">
        {one ? (
          <>
            <p className="notice-title">{first.fileName} could not be used</p>
            <p>{first.message}</p>
          </>
        ) : (
          <>
            <p className="notice-title">{failures.length} lists could not be used</p>
            <ul className="import-failure-list">
              {failures.map((f, i) => (
                <li key={i}>
                  <span className="file-name import-failure-name">{f.fileName}:</span> {f.message}
                </li>
              ))}
            </ul>
          </>
        )}
        <p>Nothing was sent and nothing was charged{one ? '' : ' for them'}.</p>
        <div className="button-row">
          {part && <FirstPartButton part={part} />}
          <ChooseFileButton ref={again} className="button secondary small">
            {part ? 'Choose a file…' : 'Choose another file…'}
          </ChooseFileButton>
          <button
            type="button"
            className="button ghost small"
            onClick={() => useImportFlow.getState().set({ failures: [] })}
          >
            Dismiss
          </button>
        </div>
      </div>
    </div>
  );
}

function FirstPartButton({ part }: { part: NonNullable<ReturnType<typeof pastedFirstPart>> }) {
  const { pasteText } = useFileImport();
  return (
    <button
      type="button"
      className="button secondary small"
      data-testid="paste-first-part"
      title={`${formatNumber(part.left)} lines are left over: paste them as another list next.`}
      onClick={() => pasteText(part.text)}
    >
      Check the first {formatNumber(part.lines)} lines
    </button>
  );
}
