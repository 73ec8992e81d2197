// The Settings form for how long a job waits out the service: through
// maintenance, a full service, no network or a balance run dry, a job keeps
// trying by itself for this many hours, then pauses for the user, keeping
// everything it has.
import type { FormEvent } from 'react';
import { MAX_PATIENCE_HOURS } from '../../../../electron/common/limits';
import type { useUpdateSettings } from '../../api/hooks';
import { FieldError } from '../../components/FieldError';
import { SavedNote } from './SpendingForm';
import { useSettingEdit } from './use-setting-edit';

interface Props {
  /** The saved patience in hours, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

/** The hours typed, or why they cannot be saved. */
export function readPatienceHours(
  text: string,
): { ok: true; hours: number } | { ok: false; message: string } {
  const hours = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(hours)) {
    return { ok: false, message: 'Enter a whole number of hours.' };
  }
  if (hours < 1 || hours > MAX_PATIENCE_HOURS) {
    return { ok: false, message: `Enter from 1 to ${MAX_PATIENCE_HOURS} hours.` };
  }
  return { ok: true, hours };
}

export function PatienceForm({ current, update, inputId }: Props) {
  const field = useSettingEdit(update);
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const save = (e: FormEvent) => {
    e.preventDefault();
    field.submit(readPatienceHours, (read) => ({ patienceHours: read.hours }));
  };

  return (
    <form className="dialog-section" onSubmit={save}>
      <h3>When the service refuses</h3>
      <div className="field">
        <label htmlFor={inputId}>Keep trying for (hours)</label>
        <div className="input-with-button">
          <input
            id={inputId}
            type="number"
            min={1}
            max={MAX_PATIENCE_HOURS}
            step={1}
            required
            aria-describedby={field.error ? `${errorId} ${hintId}` : hintId}
            aria-invalid={field.error ? true : undefined}
            value={field.text ?? String(current ?? '')}
            onChange={(e) => field.edit(e.target.value)}
          />
          <button
            type="submit"
            className="button secondary"
            disabled={field.text === null || update.isPending}
          >
            Save
          </button>
        </div>
        {field.error && <FieldError id={errorId} message={field.error} />}
        <p className="hint" id={hintId}>
          Under maintenance, too busy, out of reach or short of funds, the service refuses for a
          while: a job waits and tries again by itself, charging nothing for what was refused. After
          this many hours it pauses, keeping everything, until you continue it.{' '}
          <SavedNote saved={field.saved} testId="patience-saved" />
        </p>
      </div>
    </form>
  );
}
