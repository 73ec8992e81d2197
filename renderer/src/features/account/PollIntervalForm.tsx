// The Settings form for how often a bulk task is checked: never more often
// than the service asks (every 30 s), which the form says in the hint and
// refuses in words, before anything is saved.
import { DEMO_POLL_SECONDS } from '../../../../electron/common/limits';
import type { useUpdateSettings } from '../../api/hooks';
import { formatNumber } from '../../format';
import { POLL_RANGE, readWholeNumber } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';

interface Props {
  /** The saved interval in seconds, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function PollIntervalForm({ current, update, inputId }: Props) {
  const field = useSettingEdit(update, {
    read: (text) => readWholeNumber(text, POLL_RANGE),
    change: (seconds) => ({ pollIntervalSeconds: seconds }),
  });

  return (
    <SettingForm
      title="Bulk tasks"
      label="Check a bulk task every (seconds)"
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="poll-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={`From ${POLL_RANGE.min} to ${formatNumber(POLL_RANGE.max)} seconds: the service asks to be checked no more often than every ${POLL_RANGE.min} seconds. The demo account is checked every ${DEMO_POLL_SECONDS} seconds.`}
      field={(aria) => (
        <input
          {...aria}
          type="number"
          min={POLL_RANGE.min}
          max={POLL_RANGE.max}
          step={1}
          value={field.text ?? String(current ?? POLL_RANGE.min)}
          onChange={(e) => field.edit(e.target.value)}
        />
      )}
    />
  );
}
