// The Settings form for how often a bulk task is checked: the interval being edited is this
// form's own; the save goes through the dialog's one settings update, whose error the dialog
// shows below it.
import { useState, type FormEvent } from 'react';
import { DEMO_POLL_SECONDS, MIN_POLL_SECONDS } from '../../../../electron/common/limits';
import type { useUpdateSettings } from '../../api/hooks';

interface Props {
  /** The saved interval in seconds, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  /** The interval field's id, for its label, and its hint's id. */
  inputId: string;
  hintId: string;
}

export function PollIntervalForm({ current, update, inputId, hintId }: Props) {
  const [pollSeconds, setPollSeconds] = useState<string | null>(null);

  const savePoll = (e: FormEvent) => {
    e.preventDefault();
    if (pollSeconds !== null) {
      update.mutate(
        { pollIntervalSeconds: Number(pollSeconds) },
        { onSuccess: () => setPollSeconds(null) },
      );
    }
  };

  return (
    <form className="dialog-section" onSubmit={savePoll}>
      <h3>Bulk tasks</h3>
      <div className="field">
        <label htmlFor={inputId}>Check a bulk task every (seconds)</label>
        <div className="input-with-button">
          <input
            id={inputId}
            type="number"
            min={MIN_POLL_SECONDS}
            max={3600}
            step={1}
            aria-describedby={hintId}
            value={pollSeconds ?? String(current ?? MIN_POLL_SECONDS)}
            onChange={(e) => setPollSeconds(e.target.value)}
          />
          <button
            type="submit"
            className="button secondary"
            disabled={pollSeconds === null || update.isPending}
          >
            Save
          </button>
        </div>
        <p className="hint" id={hintId}>
          The service asks to be checked no more often than every {MIN_POLL_SECONDS} seconds. The
          demo account is checked every {DEMO_POLL_SECONDS} seconds.
        </p>
      </div>
    </form>
  );
}
