// A list pasted rather than dropped: the "Paste addresses" box on the empty
// import screen, and a paste anywhere on the import screen, which takes the
// clipboard's text as a list at once. Both go through the same queue as a
// dropped file (main names the job "Pasted list, <date>").
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useUiStore } from '../../../state/ui-store';
import { useImportFlow } from '../import-flow';
import { pasteFirstPart } from '../import-words';
import { ChooseFileButton } from './ChooseFileButton';
import { formatNumber } from '../../../format';
import { MAX_PASTE_CHARS } from '../../../../../electron/common/limits';
import { useFileImport } from '../use-file-import';
import { useT } from '../../../i18n/words';
import './paste.css';

// Paste on the Mac is Command-V; the hint names the keys the user has.
const PASTE_KEYS =
  typeof navigator !== 'undefined' && /Mac/i.test(navigator.userAgent) ? '⌘V' : 'Ctrl+V';

/**
 * The text last sent, from the box or a paste on the screen. The box goes
 * while the list is read; when main could not use it, the box comes back with
 * it, to be mended rather than pasted again.
 */
let sent = '';

/** `sent`'s first part, worked out once per text: counting the lines of 20 MB is not for each render. */
let firstPartOf: { text: string; part: ReturnType<typeof pasteFirstPart> } | null = null;

/** The first part of the text last pasted, when it was too long to take (import-words.ts). */
export function pastedFirstPart(): ReturnType<typeof pasteFirstPart> {
  if (firstPartOf?.text !== sent) firstPartOf = { text: sent, part: pasteFirstPart(sent) };
  return firstPartOf.part;
}

/**
 * The textarea is uncontrolled: a pasted list may be megabytes, and React
 * would copy it on every keystroke. Its text is read when the button is pressed.
 */
export function PasteBox() {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [initial] = useState(() => {
    const failed = useImportFlow.getState().failures.some((f) => f.unnamed === 'pasted');
    // A text too long to take is not put back: drawing millions of lines in a box
    // freezes the window, and its notice offers the first part or a file instead.
    return failed && sent.length <= MAX_PASTE_CHARS ? sent : '';
  });
  // A text refused on the screen comes back to be mended; its reason and ways on are in the
  // failure notice above (ImportFailures), so the box says them only for its own Use.
  const [problem, setProblem] = useState<string | null>(null);
  // A text too long to take: its first part, offered as a way on.
  const [firstPart, setFirstPart] = useState<ReturnType<typeof pasteFirstPart>>(null);
  const { pasteText } = useFileImport();
  const t = useT();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = box.current?.value ?? '';
    const refused = pasteText(text);
    if (refused === null) sent = text;
    setProblem(refused);
    setFirstPart(refused ? pasteFirstPart(text) : null);
    // The reason is read out (role=alert); the text stays, to be mended where it is.
    if (refused) box.current?.focus();
  };

  return (
    <section className="card paste-card" aria-labelledby={`${id}-title`}>
      <form className="paste-form" onSubmit={submit}>
        <h2 id={`${id}-title`} className="paste-title">
          <label htmlFor={`${id}-text`}>{t('import.paste.title')}</label>
        </h2>
        <p className="hint" id={`${id}-hint`}>
          {t('import.paste.hint', { keys: PASTE_KEYS })}
        </p>
        <textarea
          ref={box}
          id={`${id}-text`}
          className="paste-text"
          rows={6}
          spellCheck={false}
          autoComplete="off"
          placeholder={'anne@example.com\nbruno@example.org'}
          defaultValue={initial}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onInput={() => problem && setProblem(null)}
        />
        {problem && (
          <div className="paste-problem stack-sm" id={`${id}-problem`} role="alert">
            <p>{problem}</p>
            {firstPart && (
              <div className="button-row">
                <button
                  type="button"
                  className="button secondary small"
                  data-testid="paste-first-part"
                  onClick={() => {
                    if (pasteText(firstPart.text) === null) sent = firstPart.text;
                  }}
                >
                  {t('import.paste.firstPart', {
                    n: firstPart.lines,
                    count: formatNumber(firstPart.lines),
                  })}
                </button>
                <ChooseFileButton className="button secondary small">
                  {t('import.chooseAFile')}
                </ChooseFileButton>
                <span className="hint">
                  {t('import.paste.leftOver', {
                    n: firstPart.left,
                    count: formatNumber(firstPart.left),
                  })}
                </span>
              </div>
            )}
          </div>
        )}
        <div className="button-row">
          <button type="submit" className="button secondary">
            {t('import.paste.use')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Inputs that take typed text, where a paste belongs to the field and not to the screen. */
const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function isTextField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !NOT_TEXT.has(el.type);
}

/**
 * A paste anywhere on the import screen, outside a text field and outside a
 * dialog, reads the clipboard's text as a list at once: the quickest way from
 * a spreadsheet's selected column to a review. A clipboard with no text (a
 * picture) is left alone.
 */
export function usePasteAnywhere(): void {
  const { pasteText } = useFileImport();
  useEffect(() => {
    const paste = (e: ClipboardEvent) => {
      if (e.defaultPrevented || isTextField(e.target) || isTextField(document.activeElement)) {
        return;
      }
      const active = document.activeElement;
      if (useUiStore.getState().settingsOpen || active?.closest('dialog, [role="dialog"]')) return;
      const data = e.clipboardData;
      if (!data || !data.types.includes('text/plain')) return;
      e.preventDefault();
      const text = data.getData('text/plain');
      const refused = pasteText(text);
      // Refused, the text waits in the box with the ways on (a part of it, a file).
      sent = text;
      if (refused) {
        useImportFlow.getState().set({
          failures: [{ fileName: '', message: refused, unnamed: 'pasted' }],
          focus: 'failure',
        });
      }
    };
    document.addEventListener('paste', paste);
    return () => document.removeEventListener('paste', paste);
  }, [pasteText]);
}
