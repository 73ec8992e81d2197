// The Account screen: the balance, which account is in use and where its key is kept, and the
// way into Settings.
import { serviceWords } from './service-words';
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
import { ChargedTwiceLine } from './ChargedTwiceLine';
import { useT } from '../../i18n/words';

export function AccountOverview({ account }: { account: AccountStatus }) {
  const balance = useBalance(true);
  const openSettings = useUiStore((s) => s.openSettings);
  const t = useT();
  const team = useTeam();
  // The demo shares nothing; a key's spend is the team's once a store is saved in Settings → Team.
  const withTeam = account.mode === 'key' && (team.data?.url ?? null) !== null;

  return (
    <div className="overview">
      <h1 className="page-title">{t('account.title')}</h1>

      <KeyAddressNotice account={account} />

      {account.storageWarning && (
        <div className="notice notice-warning" role="status">
          <p className="notice-title">{t('account.keyForgotten')}</p>
          <p>{account.storageWarning}</p>
        </div>
      )}

      <div className="card-grid">
        <section className="card balance-card" aria-labelledby="balance-title">
          <h2 id="balance-title" className="card-label">
            {t('account.balance.title')}
          </h2>
          {balance.isError ? (
            <div className="stack">
              <ErrorNotice error={balance.error} title={t('account.balance.failed')} />
              <div className="button-row">
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => void balance.refetch()}
                >
                  {t('account.tryAgain')}
                </button>
                <button
                  type="button"
                  className="button ghost"
                  onClick={() => openSettings('account')}
                >
                  {t('account.changeKey')}
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
                  {t('account.balance.low')} <AddFundsLink />
                </p>
              )}
              <p className="hint">{t('account.balance.hint')}</p>
              <ChargedTwiceLine />
            </>
          )}
        </section>

        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title" className="card-label">
            {t('account.card.title')}
          </h2>
          {account.mode === 'demo' ? (
            <>
              <p className="card-value">{t('account.card.demo')}</p>
              <p className="hint">{t('account.card.demoHint')}</p>
            </>
          ) : (
            <>
              <p className="card-value">
                {t('account.card.key', { last4: account.keyLast4 ?? '' })}
              </p>
              <p className="hint">
                {account.storage === 'keychain'
                  ? t('account.card.inKeychain')
                  : t('account.card.inMemory')}{' '}
                {t('account.card.service')}{' '}
                <span data-testid="account-service">{serviceWords(account.baseUrl, t)}</span>
              </p>
            </>
          )}
          <button
            type="button"
            className="button ghost small"
            onClick={() => openSettings('account')}
          >
            {t('account.manage')}
          </button>
        </section>
      </div>

      {withTeam && <TeamSpend />}
    </div>
  );
}
