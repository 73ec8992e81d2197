// The Settings form for how long a job waits out the service: through
// maintenance, a full service, no network or a balance run dry, a job keeps
// trying by itself for this many hours, then pauses for the user, keeping
// everything it has.
import type { useUpdateSettings } from '../../../api/hooks';
import { PATIENCE_RANGE, readWholeNumber } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';
import { useT } from '../../../i18n/words';
import { formatNumber } from '../../../format';

interface Props {
  /** The saved patience in hours, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function PatienceForm({ current, update, inputId }: Props) {
  const t = useT();
  const field = useSettingEdit(update, {
    read: (text) => readWholeNumber(text, PATIENCE_RANGE, t),
    change: (hours) => ({ patienceHours: hours }),
  });

  return (
    <SettingForm
      title={t('settings.patience.title')}
      label={t('settings.patience.label')}
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="patience-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={t('settings.patience.hint', {
        min: formatNumber(PATIENCE_RANGE.min),
        max: formatNumber(PATIENCE_RANGE.max),
      })}
      field={(aria) => (
        <input
          {...aria}
          type="number"
          min={PATIENCE_RANGE.min}
          max={PATIENCE_RANGE.max}
          step={1}
          value={field.text ?? String(current ?? '')}
          onChange={(e) => field.edit(e.target.value)}
        />
      )}
    />
  );
}
