// The Settings section on answers already paid for: how long one is reused
// instead of paid for again (0 turns reuse off), how many are kept for the
// account in use, and forgetting them, asked first, since later lists then
// pay for those addresses again.
import { useRef, useState, type FormEvent } from 'react';
import { MAX_REUSE_DAYS } from '../../../../electron/common/limits';
import { useForgetMemory, useMemoryStatus, type useUpdateSettings } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { plural } from '../../format';
import { SavedNote } from './SpendingForm';
import { useSettingEdit } from './use-setting-edit';

interface Props {
  /** The saved window in days, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function ReuseForm({ current, update, inputId }: Props) {
  const field = useSettingEdit(update);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (field.text !== null) field.save({ reuseDays: Number(field.text) });
  };

  return (
    <div className="dialog-section" role="group" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Answers already paid for</h3>
      <form className="field" onSubmit={save}>
        <label htmlFor={inputId}>Reuse an answer for (days)</label>
        <div className="input-with-button">
          <input
            id={inputId}
            type="number"
            min={0}
            max={MAX_REUSE_DAYS}
            step={1}
            required
            aria-describedby={`${inputId}-hint`}
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
        <p className="hint" id={`${inputId}-hint`}>
          An address checked again within this many days takes its earlier answer, free, instead of
          being paid for twice. 0 turns this off; at most {MAX_REUSE_DAYS}.{' '}
          <SavedNote saved={field.saved} testId="reuse-saved" />
        </p>
      </form>
      <ForgetMemory />
    </div>
  );
}

function ForgetMemory() {
  const memory = useMemoryStatus();
  const forget = useForgetMemory();
  const [asking, setAsking] = useState(false);
  const forgetButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const kept = memory.data?.outcomes ?? null;

  if (memory.data && !memory.data.available) {
    return (
      <p className="hint" data-testid="memory-status">
        Answers cannot be remembered on this computer, so every list is paid for in full.
      </p>
    );
  }

  return (
    <div className="memory" data-testid="memory">
      <p data-testid="memory-status" aria-live="polite" tabIndex={-1} ref={status}>
        {kept === null
          ? 'Counting the answers kept…'
          : kept === 0
            ? 'No answers are kept for this account.'
            : `${plural(kept, 'answer is', 'answers are')} kept for this account.`}
      </p>
      {asking ? (
        <div className="memory-confirm" role="group" aria-label="Forget remembered answers?">
          <p>
            Forget {kept === null ? 'the answers' : plural(kept, 'answer', 'answers')} kept for this
            account? Lists checked later pay for those addresses again. Your jobs and saved files
            are not touched.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button danger small"
              disabled={forget.isPending}
              onClick={() =>
                forget.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    // The button is disabled now that nothing is kept: the count takes the focus.
                    requestAnimationFrame(() => status.current?.focus());
                  },
                })
              }
            >
              Forget them
            </button>
            <button
              type="button"
              className="button secondary small"
              autoFocus
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => forgetButton.current?.focus());
              }}
            >
              Keep them
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={forgetButton}
          type="button"
          className="button danger small"
          disabled={kept === 0 || forget.isPending}
          onClick={() => setAsking(true)}
        >
          Forget remembered answers…
        </button>
      )}
      {memory.isError && <ErrorNotice error={memory.error} />}
      {forget.isError && <ErrorNotice error={forget.error} />}
    </div>
  );
}
