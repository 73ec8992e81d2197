// The Settings form for the service's billing page: the one place its address
// is kept, for the "Add funds" link shown where the balance is low
// (components/AddFundsLink.tsx). https only; empty shows no link.
import type { useUpdateSettings } from '../../api/hooks';
import { readBillingPage } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';

interface Props {
  /** The saved page (null: none); undefined while settings are read. */
  current: string | null | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function BillingPageForm({ current, update, inputId }: Props) {
  const field = useSettingEdit(update, {
    read: readBillingPage,
    change: (billingUrl) => ({ billingUrl }),
  });

  return (
    <SettingForm
      title="Adding funds"
      label="Your service’s billing page"
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="billing-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint="Where you add funds to your account at the service, starting with https://. When your balance runs low, an “Add funds” link opens it in your browser. Empty: no link."
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
