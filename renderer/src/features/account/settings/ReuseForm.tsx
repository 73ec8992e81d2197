// The Settings section on answers already paid for: how long one is reused
// instead of paid for again (0 turns reuse off), how many are kept for the
// account in use, and forgetting them, asked first, since later lists then
// pay for those addresses again.
import { useRef, useState } from 'react';
import { useForgetMemory, useMemoryStatus, type useUpdateSettings } from '../../../api/hooks';
import { DangerConfirm } from '../../../components/DangerConfirm';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { readWholeNumber, REUSE_RANGE } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';
import { useT } from '../../../i18n/words';

interface Props {
  /** The saved window in days, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function ReuseForm({ current, update, inputId }: Props) {
  const t = useT();
  const field = useSettingEdit(update, {
    read: (text) => readWholeNumber(text, REUSE_RANGE, t),
    change: (days) => ({ reuseDays: days }),
  });

  return (
    <SettingForm
      title={t('settings.reuse.title')}
      label={t('settings.reuse.label')}
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="reuse-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={t('settings.reuse.hint', {
        min: formatNumber(REUSE_RANGE.min),
        max: formatNumber(REUSE_RANGE.max),
      })}
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
  const t = useT();
  const forget = useForgetMemory();
  const [asking, setAsking] = useState(false);
  const forgetButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const kept = memory.data?.outcomes ?? null;

  if (memory.data && !memory.data.available) {
    return (
      <p className="hint" data-testid="memory-status">
        {t('settings.memory.unavailable')}
      </p>
    );
  }

  return (
    <div className="memory" data-testid="memory">
      <p data-testid="memory-status" aria-live="polite" tabIndex={-1} ref={status}>
        {kept === null
          ? t('settings.memory.counting')
          : t('settings.memory.kept', { n: kept, count: formatNumber(kept) })}
      </p>
      {asking ? (
        <DangerConfirm
          className="memory-confirm"
          label={t('settings.memory.forgetQuestion')}
          confirm={t('settings.memory.forgetThem')}
          keep={t('settings.memory.keepThem')}
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
          {kept === null
            ? t('settings.memory.forgetAll')
            : t('settings.memory.forgetSome', { n: kept, count: formatNumber(kept) })}
        </DangerConfirm>
      ) : (
        <button
          ref={forgetButton}
          type="button"
          className="button danger small"
          disabled={kept === 0 || forget.isPending}
          onClick={() => setAsking(true)}
        >
          {t('settings.memory.forget')}
        </button>
      )}
      {memory.isError && <ErrorNotice error={memory.error} />}
      {forget.isError && <ErrorNotice error={forget.error} />}
    </div>
  );
}
