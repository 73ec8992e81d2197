// The form that connects a platform: the key pasted (a password field, never
// shown back), proven by main with one read at the platform before it is
// saved, and why it was not saved when it was not. Drawn as every setting is
// (SettingForm), with the platform's own help on where to make a key.
import { useState } from 'react';
import type { ConnectionView } from '../../../../../electron/common/platform-views';
import { useConnectPlatform } from '../../../api/platform-hooks';
import { SettingForm } from '../SettingForm';
import { connectProblem } from './connection-words';

interface Props {
  connection: ConnectionView;
  inputId: string;
  onDone: () => void;
  onCancel: () => void;
}

export function ConnectPlatformForm({ connection: c, inputId, onDone, onCancel }: Props) {
  const connect = useConnectPlatform();
  const [key, setKey] = useState('');
  // Cleared on typing: the reason belongs to the key that was refused.
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <SettingForm
      label={`${c.name} ${c.keyName}`}
      inputId={inputId}
      error={problem}
      canSave={key.trim() !== '' && !connect.isPending}
      submitLabel={connect.isPending ? 'Checking…' : 'Connect'}
      onSubmit={() =>
        connect.mutate(
          { platform: c.platform, key: key.trim() },
          {
            onSuccess: () => {
              setKey('');
              onDone();
            },
            onError: (err) => setProblem(connectProblem(err, c)),
          },
        )
      }
      hint={
        <>
          {c.keyHelp} The key is checked with {c.name} before it is saved; nothing is read or
          written until you choose a {c.listWord}.
        </>
      }
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
          Cancel
        </button>
      </div>
    </SettingForm>
  );
}
