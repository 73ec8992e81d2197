// The Settings form that replaces the API key: the key being typed and the call that proves it
// belong to this form alone, so they live here rather than in the dialog around it.
import { useState, type FormEvent } from 'react';
import type { AccountStatus } from '../../../../electron/ipc/contract';
import { useSetKey } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';

interface Props {
  account: AccountStatus;
  /** The key field's id, for its label. */
  inputId: string;
}

export function ReplaceKeyForm({ account, inputId }: Props) {
  const setKey = useSetKey();
  const [newKey, setNewKey] = useState('');

  // The new key is proven by a balance call in main before it replaces the old one.
  const replaceKey = (e: FormEvent) => {
    e.preventDefault();
    if (newKey.trim() !== '') {
      setKey.mutate({ apiKey: newKey.trim() }, { onSuccess: () => setNewKey('') });
    }
  };

  return (
    <form className="dialog-section" onSubmit={replaceKey} aria-label="Replace the API key">
      <h3>{account.mode === 'demo' ? 'Use your own key' : 'Replace the key'}</h3>
      <div className="field">
        <label htmlFor={inputId}>New API key</label>
        <div className="input-with-button">
          <input
            id={inputId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
          />
          <button
            type="submit"
            className="button secondary"
            disabled={newKey.trim() === '' || setKey.isPending}
          >
            {setKey.isPending ? 'Checking…' : 'Replace'}
          </button>
        </div>
      </div>
      {setKey.error && <ErrorNotice error={setKey.error} />}
    </form>
  );
}
