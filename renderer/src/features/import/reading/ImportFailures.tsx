// The files of the last batch that could not be used, each with its reason,
// and the way forward: another file, or dismissing the notice.
import { ErrorIcon } from '../../../components/ErrorNotice';
import { ChooseFileButton } from './ChooseFileButton';
import { useImportFlow, type ImportNotice } from '../import-flow';
import { useFileImport, useFlowFocus } from '../use-file-import';
import { formatNumber } from '../../../format';
import { pastedFirstPart } from './PasteBox';
import { useT } from '../../../i18n/words';

/** How a notice names its list: its file, or for one without a name, in words. */
const nameOf = (notice: ImportNotice) => ({
  name: notice.unnamed ?? 'file',
  fileName: notice.fileName,
});

export function ImportFailures({ failures }: { failures: readonly ImportNotice[] }) {
  const again = useFlowFocus<HTMLButtonElement>('failure');
  const t = useT();
  const [first] = failures;
  if (!first) return null;
  const one = failures.length === 1;
  // A paste too long to take: its first part is a way on, the rest pasted next.
  const part = one && first.unnamed === 'pasted' ? pastedFirstPart() : null;
  return (
    <div className="notice notice-error import-failure" role="alert">
      <ErrorIcon />
      <div className="import-failure-body">
        {one ? (
          <>
            <p className="notice-title">{t('import.failure.title', nameOf(first))}</p>
            <p>{first.message}</p>
          </>
        ) : (
          <>
            <p className="notice-title">
              {t('import.failure.titleMany', {
                n: failures.length,
                count: formatNumber(failures.length),
              })}
            </p>
            <ul className="import-failure-list">
              {failures.map((f, i) => (
                <li key={i}>
                  <span className="file-name import-failure-name">
                    {t('import.failure.name', nameOf(f))}
                  </span>{' '}
                  {f.message}
                </li>
              ))}
            </ul>
          </>
        )}
        <p>{one ? t('import.failure.nothingCharged') : t('import.failure.nothingChargedMany')}</p>
        <div className="button-row">
          {part && <FirstPartButton part={part} />}
          <ChooseFileButton ref={again} className="button secondary small">
            {part ? t('import.chooseAFile') : t('import.chooseAnotherFile')}
          </ChooseFileButton>
          <button
            type="button"
            className="button ghost small"
            onClick={() => useImportFlow.getState().set({ failures: [] })}
          >
            {t('import.failure.dismiss')}
          </button>
        </div>
      </div>
    </div>
  );
}

function FirstPartButton({ part }: { part: NonNullable<ReturnType<typeof pastedFirstPart>> }) {
  const { pasteText } = useFileImport();
  const t = useT();
  return (
    <button
      type="button"
      className="button secondary small"
      data-testid="paste-first-part"
      title={t('import.paste.leftOver', { n: part.left, count: formatNumber(part.left) })}
      onClick={() => pasteText(part.text)}
    >
      {t('import.paste.firstPart', { n: part.lines, count: formatNumber(part.lines) })}
    </button>
  );
}
