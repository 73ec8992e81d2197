// The Settings section on checking a list again: off unless the user turns it
// on, then after how many days a finished list says "checked 94 days ago:
// check again" (on the Jobs screen and above its results). The switch saves at
// once; the days are typed and saved, a slip refused in words before saving.
import { useId, type FormEvent } from 'react';
import { MAX_RECHECK_DAYS } from '../../../../electron/common/limits';
import type { useUpdateSettings } from '../../api/hooks';
import { formatNumber } from '../../format';
import { DEFAULT_RECHECK_DAYS, readRecheckDays } from '../jobs/recheck-words';
import { SavedNote } from './SpendingForm';
import './recheck-form.css';
import { FieldError } from '../../components/FieldError';
import { useSettingEdit } from './use-setting-edit';

interface Props {
  /** The saved days, null when reminders are off; undefined while settings are read. */
  current: number | null | undefined;
  update: ReturnType<typeof useUpdateSettings>;
}

export function RecheckForm({ current, update }: Props) {
  const id = useId();
  const field = useSettingEdit(update);
  const on = current !== null && current !== undefined;

  const save = (e: FormEvent) => {
    e.preventDefault();
    field.submit(readRecheckDays, (read) => ({ recheckDays: read.days }));
  };

  return (
    <form
      className="dialog-section"
      onSubmit={save}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="recheck-form"
    >
      <h3 id={`${id}-title`}>Checking lists again</h3>
      <label className="recheck-switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={current === undefined || update.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(e) =>
            field.save({ recheckDays: e.target.checked ? DEFAULT_RECHECK_DAYS : null })
          }
        />
        <span>Remind me to check a list again</span>
      </label>
      {on && (
        <div className="field">
          <label htmlFor={`${id}-days`}>Remind me after (days)</label>
          <div className="input-with-button">
            <input
              id={`${id}-days`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={field.text ?? String(current)}
              onChange={(e) => field.edit(e.target.value)}
              aria-invalid={field.error !== null}
              aria-describedby={`${id}-hint${field.error ? ` ${id}-error` : ''}`}
            />
            <button
              type="submit"
              className="button secondary"
              disabled={field.text === null || update.isPending}
            >
              Save
            </button>
          </div>
          {field.error && <FieldError id={`${id}-error`} message={field.error} />}
        </div>
      )}
      <p className="hint" id={`${id}-hint`}>
        {on
          ? `A list finished ${dayWords(current)} ago or more says “checked … days ago: check again” on the Jobs screen and above its results, until you check it again. At most ${formatNumber(MAX_RECHECK_DAYS)} days.`
          : 'Off: no list asks to be checked again. Addresses go bad over time, so a list kept for sending is worth checking again after a while.'}{' '}
        <SavedNote saved={field.saved} testId="recheck-saved" />
      </p>
    </form>
  );
}

const dayWords = (days: number) => (days === 1 ? '1 day' : `${formatNumber(days)} days`);
