// The Settings form that replaces the API key: the key being typed and the
// call that proves it belong to this form alone, so they live here rather
// than in the dialog around it. Drawn as every setting is (SettingForm).
import { useState } from 'react';
import type { AccountStatus } from '../../../../../electron/ipc/contract';
import { useSetKey } from '../../../api/hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { SettingForm } from './SettingForm';
import { SecretInput } from '../../../components/SecretInput';
import { useT } from '../../../i18n/words';

interface Props {
  account: AccountStatus;
  inputId: string;
}

export function ReplaceKeyForm({ account, inputId }: Props) {
  const setKey = useSetKey();
  const t = useT();
  const [newKey, setNewKey] = useState('');

  return (
    <SettingForm
      title={account.mode === 'demo' ? t('settings.key.ownTitle') : t('settings.key.replaceTitle')}
      label={t('settings.key.label')}
      inputId={inputId}
      error={null}
      canSave={newKey.trim() !== '' && !setKey.isPending}
      submitLabel={setKey.isPending ? t('settings.checking') : t('settings.key.replace')}
      // The new key is proven by a balance call in main before it replaces the old one.
      onSubmit={() => setKey.mutate({ apiKey: newKey.trim() }, { onSuccess: () => setNewKey('') })}
      hint={t('settings.key.hint')}
      field={(aria) => (
        <SecretInput {...aria} value={newKey} onChange={(e) => setNewKey(e.target.value)} />
      )}
    >
      {setKey.error && <ErrorNotice error={setKey.error} />}
    </SettingForm>
  );
}
