// The Export panel's frame (and the write-back's): a drawer from the right, over the results, as a
// modal <dialog> (the browser keeps the focus inside it and makes the page
// behind inert). Opening moves the focus to its title, so a screen reader
// starts at the top; Escape or the close button closes it, and the focus goes
// back to the button that opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../../i18n/words';
import './drawer.css';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Where the focus returns on closing: the button that opened the drawer. */
  returnFocus: () => HTMLElement | null;
  children: ReactNode;
  /** The write-back panel opens in the same frame, under its own name. */
  testId?: string;
}

export function ExportDrawer({
  open,
  title,
  onClose,
  returnFocus,
  children,
  testId = 'export-drawer',
}: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      titleRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // The dialog closes itself on Escape: the state follows, then the focus goes back.
  const closed = () => {
    onClose();
    returnFocus()?.focus();
  };

  return (
    <dialog
      ref={ref}
      className="drawer"
      aria-labelledby={titleId}
      onClose={closed}
      data-testid={testId}
    >
      {/* Rendered only while open: its queries and notices belong to one visit. */}
      {open && (
        <div className="drawer-frame">
          <header className="drawer-header">
            <h2 className="drawer-title" id={titleId} ref={titleRef} tabIndex={-1}>
              {title}
            </h2>
            <button
              type="button"
              className="drawer-close"
              aria-label={t('export.drawer.close', { title: title.toLowerCase() })}
              onClick={() => ref.current?.close()}
            >
              <svg viewBox="0 0 20 20" aria-hidden="true">
                <path
                  d="M5 5l10 10M15 5L5 15"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}
