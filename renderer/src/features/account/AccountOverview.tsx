// The Account screen: the balance, which account is in use and where its key is kept, and the
// way into Settings.
import type { AccountStatus } from '../../../../electron/ipc/contract';
import { useBalance } from '../../api/hooks';
import { useTeam } from '../../api/team-hooks';
import { AddFundsLink } from '../../components/AddFundsLink';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatUsd, formatUsdExact } from '../../format';
import { useUiStore } from '../../state/ui-store';
import { lowBalance } from '../balance/low-balance';
import { KeyAddressNotice } from './KeyAddressNotice';
import { TeamSpend } from './team/TeamSpend';

export function AccountOverview({ account }: { account: AccountStatus }) {
  const balance = useBalance(true);
  const openSettings = useUiStore((s) => s.openSettings);
  const team = useTeam();
  // The demo shares nothing; a key's spend is the team's once a store is saved in Settings → Team.
  const withTeam = account.mode === 'key' && (team.data?.url ?? null) !== null;

  return (
    <div className="overview">
      <h1 className="page-title">Your account</h1>

      <KeyAddressNotice account={account} />

      {account.storageWarning && (
        <div className="notice notice-warning" role="status">
          <p className="notice-title">Your key will be forgotten when you quit</p>
          <p>{account.storageWarning}</p>
        </div>
      )}

      <div className="card-grid">
        <section className="card balance-card" aria-labelledby="balance-title">
          <h2 id="balance-title" className="card-label">
            Available balance
          </h2>
          {balance.isError ? (
            <div className="stack">
              <ErrorNotice error={balance.error} title="We could not read your balance" />
              <div className="button-row">
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => void balance.refetch()}
                >
                  Try again
                </button>
                <button type="button" className="button ghost" onClick={openSettings}>
                  Change key or address
                </button>
              </div>
            </div>
          ) : (
            <>
              <p
                className="big-amount"
                title={balance.data ? formatUsdExact(balance.data.balanceMicros) : undefined}
              >
                {balance.data ? formatUsd(balance.data.balanceMicros) : '—'}
              </p>
              {/* Low by the header's own rule: where to top up, when the service has a page for it. */}
              {balance.data && lowBalance(balance.data.balanceMicros, null) && (
                <p className="balance-low" data-testid="balance-low">
                  Your balance is low. <AddFundsLink />
                </p>
              )}
              <p className="hint">
                Checks are paid per address that gets a result. Invalid and empty rows, and repeats,
                are removed for free before anything is sent.
              </p>
            </>
          )}
        </section>

        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title" className="card-label">
            Account
          </h2>
          {account.mode === 'demo' ? (
            <>
              <p className="card-value">Demo account</p>
              <p className="hint">
                A built-in test service with $25.00 of play money. Results are simulated and nothing
                you do here costs real money.
              </p>
            </>
          ) : (
            <>
              <p className="card-value">API key ending in …{account.keyLast4}</p>
              <p className="hint">
                {account.storage === 'keychain'
                  ? 'Kept in your system keychain.'
                  : 'Kept in memory until you quit.'}{' '}
                Service:{' '}
                <span className="mono" data-user-value>
                  {account.baseUrl}
                </span>
              </p>
            </>
          )}
          <button type="button" className="button ghost small" onClick={openSettings}>
            Manage account
          </button>
        </section>
      </div>

      {withTeam && <TeamSpend />}
    </div>
  );
}
