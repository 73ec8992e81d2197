// The Settings section on checking a list again: off unless the user turns it
// on, then after how many days a finished list says "checked 94 days ago:
// check again" (on the Jobs screen and above its results). The switch saves at
// once, as a switch does; the days are a form of their own with one Save, a
// slip refused in words before saving.
import { useId } from 'react';
import { MAX_RECHECK_DAYS } from '../../../../../electron/common/limits';
import type { useUpdateSettings } from '../../../api/hooks';
import { formatNumber } from '../../../format';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { DEFAULT_RECHECK_DAYS, readRecheckDays } from '../../jobs/recheck-words';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';
import type { Read } from './setting-rules';
import { useT } from '../../../i18n/words';

interface Props {
  /** The saved days, null when reminders are off; undefined while settings are read. */
  current: number | null | undefined;
  update: ReturnType<typeof useUpdateSettings>;
}

/** The jobs' own rule for the days (recheck-words.ts), read as every setting is. */
const readDays = (text: string, t: Translate): Read<number> => {
  const read = readRecheckDays(text, t);
  return read.ok ? { ok: true, value: read.days } : read;
};

export function RecheckForm({ current, update }: Props) {
  const id = useId();
  const t = useT();
  const field = useSettingEdit(update, {
    read: (text) => readDays(text, t),
    change: (days) => ({ recheckDays: days }),
  });
  const on = current !== null && current !== undefined;

  return (
    <section className="dialog-section" aria-labelledby={`${id}-title`} data-testid="recheck-form">
      <h3 id={`${id}-title`}>{t('settings.recheck.title')}</h3>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={current === undefined || update.isPending}
          aria-describedby={on ? undefined : `${id}-off`}
          onChange={(e) =>
            field.save({ recheckDays: e.target.checked ? DEFAULT_RECHECK_DAYS : null })
          }
        />
        <span>{t('settings.recheck.switch')}</span>
      </label>
      {on ? (
        <SettingForm
          label={t('settings.recheck.label')}
          inputId={`${id}-days`}
          error={field.error}
          saved={field.saved}
          savedTestId="recheck-saved"
          canSave={field.canSave}
          onSubmit={field.submit}
          hint={t('settings.recheck.hint', {
            days: current,
            count: formatNumber(current),
            max: formatNumber(MAX_RECHECK_DAYS),
          })}
          field={(aria) => (
            <input
              {...aria}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={field.text ?? String(current)}
              onChange={(e) => field.edit(e.target.value)}
            />
          )}
        />
      ) : (
        <p className="hint" id={`${id}-off`}>
          {t('settings.recheck.off')}
        </p>
      )}
    </section>
  );
}
