// The Settings form for the service address: the address being edited, and the consent a proven
// key needs before it is sent to a new host, are this form's own; the save itself goes through
// the dialog's one settings update, which the other settings share.
import { useState, type FormEvent } from 'react';
import type { AccountStatus } from '../../../../electron/ipc/contract';
import { useConfirmKey, type useUpdateSettings } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { KeyAddressNotice } from './KeyAddressNotice';

interface Props {
  account: AccountStatus;
  /** The saved address, shown until the user edits it. */
  current: string | undefined;
  update: ReturnType<typeof useUpdateSettings>;
  /** The address field's id, for its label. */
  inputId: string;
}

export function ServiceAddressForm({ account, current, update, inputId }: Props) {
  const confirmKey = useConfirmKey();
  const [baseUrl, setBaseUrl] = useState<string | null>(null);

  const saveUrl = (e: FormEvent) => {
    e.preventDefault();
    if (baseUrl === null) return;
    update.mutate(
      { baseUrl: baseUrl.trim() },
      {
        onSuccess: () => {
          setBaseUrl(null);
          // A key proven for another host: main asks, in its own dialog, before sending it there.
          if (account.mode === 'key') confirmKey.mutate();
        },
      },
    );
  };

  return (
    <form className="dialog-section" onSubmit={saveUrl}>
      <h3>Service</h3>
      <div className="field">
        <label htmlFor={inputId}>Service address</label>
        <div className="input-with-button">
          <input
            id={inputId}
            type="url"
            value={baseUrl ?? current ?? ''}
            onChange={(e) => setBaseUrl(e.target.value)}
            spellCheck={false}
          />
          <button
            type="submit"
            className="button secondary"
            disabled={baseUrl === null || update.isPending}
          >
            Save
          </button>
        </div>
      </div>
      <KeyAddressNotice account={account} />
      {confirmKey.error && <ErrorNotice error={confirmKey.error} />}
    </form>
  );
}
