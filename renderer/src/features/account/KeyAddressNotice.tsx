// The warning shown, in the Account screen and in Settings, while the key waits for the user's
// consent to go to the service address's new host.
import type { AccountStatus } from '../../../../electron/ipc/contract';
import { useConfirmKey } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The service address now points at another host than the key was proven
 * for: the key is not sent there until the user says so in main's own dialog
 * (which names the host), or enters the key again for it.
 */
export function KeyAddressNotice({ account }: { account: AccountStatus }) {
  const confirm = useConfirmKey();
  if (!account.keyUnconfirmed) return null;
  const next = hostOf(account.baseUrl);
  return (
    <div className="notice notice-warning" role="status" data-testid="key-unconfirmed">
      <p className="notice-title">Your key is not sent to {next} yet</p>
      <p>
        It was proven for <span className="mono">{account.keyHost}</span>. List Cleaner asks you
        before your key goes anywhere else, because whoever receives it can spend your balance.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button secondary small"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {confirm.isPending ? 'Checking…' : `Use my key with ${next}…`}
        </button>
      </div>
      {confirm.error && <ErrorNotice error={confirm.error} />}
    </div>
  );
}
