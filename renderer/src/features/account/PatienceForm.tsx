// The Settings form for how long a job waits out the service: through
// maintenance, a full service, no network or a balance run dry, a job keeps
// trying by itself for this many hours, then pauses for the user, keeping
// everything it has.
import type { useUpdateSettings } from '../../api/hooks';
import { PATIENCE_RANGE, readWholeNumber } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';

interface Props {
  /** The saved patience in hours, shown until the user edits it. */
  current: number | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function PatienceForm({ current, update, inputId }: Props) {
  const field = useSettingEdit(update, {
    read: (text) => readWholeNumber(text, PATIENCE_RANGE),
    change: (hours) => ({ patienceHours: hours }),
  });

  return (
    <SettingForm
      title="When the service refuses"
      label="Keep trying for (hours)"
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="patience-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={`Under maintenance, too busy, out of reach or short of funds, the service refuses for a while: a job waits and tries again by itself, charging nothing for what was refused. After this many hours (from ${PATIENCE_RANGE.min} to ${PATIENCE_RANGE.max}) it pauses, keeping everything, until you continue it.`}
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
