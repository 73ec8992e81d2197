// "Choose file…", wherever a list can be opened: the file comes from main's Open dialog
// (use-file-import.ts).
import type { ReactNode, Ref } from 'react';
import { useFileImport } from '../use-file-import';
import { useT } from '../../../i18n/words';

/** "Choose file…": main's own Open dialog, so the window never names a path. */
export function ChooseFileButton({
  className = 'button primary',
  children,
  disabled,
  ref,
}: {
  className?: string;
  children?: ReactNode;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { chooseFile } = useFileImport();
  const t = useT();
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      onClick={() => void chooseFile()}
      disabled={disabled}
    >
      {children ?? t('import.chooseFile')}
    </button>
  );
}
