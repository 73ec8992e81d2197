// The Settings form for the service's billing page: the one place its address
// is kept, for the "Add funds" link shown where the balance is low
// (components/AddFundsLink.tsx). https only; empty shows no link.
import type { useUpdateSettings } from '../../../api/hooks';
import { readBillingPage } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';
import { useT } from '../../../i18n/words';

interface Props {
  /** The saved page (null: none); undefined while settings are read. */
  current: string | null | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function BillingPageForm({ current, update, inputId }: Props) {
  const t = useT();
  const field = useSettingEdit(update, {
    read: (text) => readBillingPage(text, t),
    change: (billingUrl) => ({ billingUrl }),
  });

  return (
    <SettingForm
      title={t('settings.billing.title')}
      label={t('settings.billing.label')}
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="billing-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={t('settings.billing.hint')}
      field={(aria) => (
        <input
          {...aria}
          type="url"
          spellCheck={false}
          placeholder="https://"
          value={field.text ?? current ?? ''}
          onChange={(e) => field.edit(e.target.value)}
        />
      )}
    />
  );
}
