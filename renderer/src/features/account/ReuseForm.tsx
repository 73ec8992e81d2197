// The Settings section on answers already paid for: how long one is reused
// instead of paid for again (0 turns reuse off), how many are kept for the
// account in use, and forgetting them, asked first, since later lists then
// pay for those addresses again.
import { useRef, useState } from 'react';
import { useForgetMemory, useMemoryStatus, type useUpdateSettings } from '../../api/hooks';
import { DangerConfirm } from '../../components/DangerConfirm';
import { ErrorNotice } from '../../components/ErrorNotice';
import { plural } from '../../format';
import { readWholeNumber, REUSE_RANGE } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';

interface Props {
  /** The saved window in days, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function ReuseForm({ current, update, inputId }: Props) {
  const field = useSettingEdit(update, {
    read: (text) => readWholeNumber(text, REUSE_RANGE),
    change: (days) => ({ reuseDays: days }),
  });

  return (
    <SettingForm
      title="Answers already paid for"
      label="Reuse an answer for (days)"
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="reuse-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={`An address checked again within this many days takes its earlier answer, free, instead of being paid for twice. From ${REUSE_RANGE.min} to ${REUSE_RANGE.max}; 0 turns this off.`}
      field={(aria) => (
        <input
          {...aria}
          type="number"
          min={REUSE_RANGE.min}
          max={REUSE_RANGE.max}
          step={1}
          value={field.text ?? String(current ?? '')}
          onChange={(e) => field.edit(e.target.value)}
        />
      )}
    >
      <ForgetMemory />
    </SettingForm>
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
        <DangerConfirm
          className="memory-confirm"
          label="Forget remembered answers?"
          confirm="Forget them"
          keep="Keep them"
          pending={forget.isPending}
          // Said under the form, where it stays once the question is gone.
          error={null}
          onConfirm={() =>
            forget.mutate(undefined, {
              onSuccess: () => {
                setAsking(false);
                // The button is disabled now that nothing is kept: the count takes the focus.
                requestAnimationFrame(() => status.current?.focus());
              },
            })
          }
          onKeep={() => {
            setAsking(false);
            requestAnimationFrame(() => forgetButton.current?.focus());
          }}
        >
          Forget {kept === null ? 'the answers' : plural(kept, 'answer', 'answers')} kept for this
          account? Lists checked later pay for those addresses again. Your jobs and saved files are
          not touched.
        </DangerConfirm>
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
