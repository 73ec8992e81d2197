// The Settings form for the service address: the address being edited, and
// the consent a proven key needs before it is sent to a new host, are this
// form's own; the save itself goes through the dialog's one settings update,
// which the other settings share.
import type { AccountStatus } from '../../../../../electron/ipc/contract';
import { useConfirmKey, type useUpdateSettings } from '../../../api/hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { KeyAddressNotice } from '../KeyAddressNotice';
import { readServiceAddress } from './setting-rules';
import { SettingForm } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';
import { useT } from '../../../i18n/words';

interface Props {
  account: AccountStatus;
  /** The saved address, shown until the user edits it. */
  current: string | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  inputId: string;
}

export function ServiceAddressForm({ account, current, update, inputId }: Props) {
  const confirmKey = useConfirmKey();
  const t = useT();
  const field = useSettingEdit(update, {
    read: (text) => readServiceAddress(text, t),
    change: (baseUrl) => ({ baseUrl }),
    // A key proven for another host: main asks, in its own dialog, before sending it there.
    onSaved: () => {
      if (account.mode === 'key') confirmKey.mutate();
    },
  });

  return (
    <SettingForm
      title={t('settings.address.title')}
      label={t('settings.address.label')}
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="address-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={t('settings.address.hint')}
      field={(aria) => (
        <input
          {...aria}
          type="url"
          spellCheck={false}
          value={field.text ?? current ?? ''}
          onChange={(e) => field.edit(e.target.value)}
        />
      )}
    >
      <KeyAddressNotice account={account} />
      {confirmKey.error && <ErrorNotice error={confirmKey.error} />}
    </SettingForm>
  );
}
