import { useRef, type ReactNode, type Ref } from 'react';
import { ACCEPTED_FILES, useFileImport } from './use-file-import';

/** "Choose file…": a real button, with the file input hidden behind it. */
export function ChooseFileButton({
  className = 'button primary',
  children = 'Choose file…',
  disabled,
  ref,
}: {
  className?: string;
  children?: ReactNode;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const open = useFileImport();
  return (
    <>
      <button
        ref={ref}
        type="button"
        className={className}
        onClick={() => input.current?.click()}
        disabled={disabled}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_FILES}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="list-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared so choosing the same file again is a change too.
          e.target.value = '';
          void open(files);
        }}
      />
    </>
  );
}
