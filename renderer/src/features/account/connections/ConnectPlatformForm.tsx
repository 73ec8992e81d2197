// The form that connects a platform: the key pasted (a password field, never
// shown back), proven by main with one read at the platform before it is
// saved, and why it was not saved when it was not. Drawn as every setting is
// (SettingForm), with the platform's own help on where to make a key.
import { useState } from 'react';
import type { ConnectionView } from '../../../../../electron/common/views/platform-views';
import { useConnectPlatform } from '../../../api/platform-hooks';
import { SettingForm } from '../settings/SettingForm';
import { useT } from '../../../i18n/words';
import { connectProblem, keyLabel } from './connection-words';

interface Props {
  connection: ConnectionView;
  inputId: string;
  onDone: () => void;
  onCancel: () => void;
}

export function ConnectPlatformForm({ connection: c, inputId, onDone, onCancel }: Props) {
  const connect = useConnectPlatform();
  const t = useT();
  const [key, setKey] = useState('');
  // Cleared on typing: the reason belongs to the key that was refused.
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <SettingForm
      label={keyLabel(c, t)}
      inputId={inputId}
      error={problem}
      canSave={key.trim() !== '' && !connect.isPending}
      submitLabel={connect.isPending ? t('connections.checking') : t('connections.connect')}
      onSubmit={() =>
        connect.mutate(
          { platform: c.platform, key: key.trim() },
          {
            onSuccess: () => {
              setKey('');
              onDone();
            },
            onError: (err) => setProblem(connectProblem(err, c, t)),
          },
        )
      }
      hint={`${c.keyHelp} ${t('connections.checkedFirst', {
        name: c.name,
        platform: c.platform,
      })}`}
      field={(aria) => (
        <input
          {...aria}
          type="password"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={key}
          onChange={(e) => {
            setKey(e.target.value);
            setProblem(null);
          }}
        />
      )}
      testId={`connect-${c.platform}`}
    >
      <div className="button-row">
        <button type="button" className="button ghost small" onClick={onCancel}>
          {t('connections.cancel')}
        </button>
      </div>
    </SettingForm>
  );
}
