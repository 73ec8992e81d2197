// The warning shown, in the Account screen and in Settings, while the key waits for the user's
// consent to go to the service address's new host.
import type { AccountStatus } from '../../../../electron/ipc/contract';
import { useConfirmKey } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useRich, useT } from '../../i18n/words';

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
  const t = useT();
  const rich = useRich();
  if (!account.keyUnconfirmed) return null;
  const next = hostOf(account.baseUrl);
  return (
    <div className="notice notice-warning" role="status" data-testid="key-unconfirmed">
      <p className="notice-title">{t('settings.keyAddress.title', { host: next })}</p>
      <p>
        {rich('settings.keyAddress.body', {
          host: account.keyHost ?? '',
          mono: (chunks) => <span className="mono">{chunks}</span>,
        })}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button secondary small"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {confirm.isPending
            ? t('settings.checking')
            : t('settings.keyAddress.confirm', { host: next })}
        </button>
      </div>
      {confirm.error && <ErrorNotice error={confirm.error} />}
    </div>
  );
}
