// The Settings form for how often a bulk task is checked: never more often
// than the service asks (every 30 s), which the form says in the hint and
// refuses in words, before anything is saved.
import { DEMO_POLL_SECONDS } from '../../../../../electron/common/limits';
import type { useUpdateSettings } from '../../../api/hooks';
import { formatNumber } from '../../../format';
import { POLL_RANGE, readWholeNumber } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';
import { useT } from '../../../i18n/words';

interface Props {
  /** The saved interval in seconds, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function PollIntervalForm({ current, update, inputId }: Props) {
  const t = useT();
  const field = useSettingEdit(update, {
    read: (text) => readWholeNumber(text, POLL_RANGE, t),
    change: (seconds) => ({ pollIntervalSeconds: seconds }),
  });

  return (
    <SettingForm
      title={t('settings.poll.title')}
      label={t('settings.poll.label')}
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="poll-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={t('settings.poll.hint', {
        min: formatNumber(POLL_RANGE.min),
        max: formatNumber(POLL_RANGE.max),
        demo: formatNumber(DEMO_POLL_SECONDS),
      })}
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
