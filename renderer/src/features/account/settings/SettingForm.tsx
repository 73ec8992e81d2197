// One Settings form, drawn the same way for every setting typed in: a title,
// the label, the field with its one Save beside it, why a value was refused
// (under the field, read out at once), the hint that says what the field
// takes, and "Saved." once the save is done. Each form brings only its field
// and its rule, so how a setting is edited, refused and confirmed lives here.
import type { FormEvent, ReactNode } from 'react';
import { FieldError } from '../../../components/FieldError';
import { useT } from '../../../i18n/words';

/** What the field needs to be named by the label and described by the hint and the error. */
export interface FieldAria {
  id: string;
  'aria-describedby': string;
  'aria-invalid': true | undefined;
}

interface Props {
  /** The section's title; none for a field inside a section of its own (the reminder's days). */
  title?: string;
  label: string;
  inputId: string;
  hint: ReactNode;
  /** Why the value typed was refused; null when it was not. */
  error: string | null;
  /** The value was just saved, and not edited since. */
  saved?: boolean;
  savedTestId?: string;
  /** Save is offered for an edit only, and not while a save is under way. */
  canSave: boolean;
  submitLabel?: string;
  onSubmit: () => void;
  field: (aria: FieldAria) => ReactNode;
  /** What follows the hint inside the section: a notice, a related action. */
  children?: ReactNode;
  testId?: string;
}

export function SettingForm(props: Props) {
  const t = useT();
  const { inputId, error } = props;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const titleId = `${inputId}-title`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.canSave) props.onSubmit();
  };

  return (
    // noValidate: the form's own rule refuses a value in words beside the field; the browser's
    // bubble would say it in other words, somewhere else, and vanish.
    <form
      className={props.title === undefined ? 'setting-form' : 'dialog-section setting-form'}
      onSubmit={submit}
      noValidate
      aria-labelledby={props.title === undefined ? undefined : titleId}
      data-testid={props.testId}
    >
      {props.title !== undefined && <h3 id={titleId}>{props.title}</h3>}
      <div className="field">
        <label htmlFor={inputId}>{props.label}</label>
        <div className="input-with-button">
          {props.field({
            id: inputId,
            'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
            'aria-invalid': error ? true : undefined,
          })}
          <button type="submit" className="button secondary" disabled={!props.canSave}>
            {props.submitLabel ?? t('settings.save')}
          </button>
        </div>
        {error && <FieldError id={errorId} message={error} />}
        <p className="hint" id={hintId}>
          {props.hint}
          {props.savedTestId && (
            <>
              {' '}
              <SavedNote saved={props.saved ?? false} testId={props.savedTestId} />
            </>
          )}
        </p>
      </div>
      {props.children}
    </form>
  );
}

/** "Saved." after a save, until the field is edited again; read out once. */
export function SavedNote({ saved, testId }: { saved: boolean; testId: string }) {
  const t = useT();
  return (
    <span className="form-saved" role="status" data-testid={testId}>
      {saved ? t('settings.saved') : ''}
    </span>
  );
}
