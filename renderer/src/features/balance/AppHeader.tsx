// The header above every screen: the app's name, the balance, which account is in use, and
// the Settings button.
import type { AccountStatus } from '../../../../electron/ipc/contract';
import { Logo } from '../../components/Logo';
import { useUiStore } from '../../state/ui-store';
import { BalanceDisplay } from './BalanceDisplay';
import { useT } from '../../i18n/words';
import type { Translator } from '../../../../electron/common/i18n/translate';

function accountLabel(account: AccountStatus, t: Translator['t']): string {
  if (account.mode === 'demo') return t('header.demo');
  if (account.mode === 'key' && account.keyLast4) return `…${account.keyLast4}`;
  return t('header.noAccount');
}

export function AppHeader({ account }: { account: AccountStatus }) {
  const openSettings = useUiStore((s) => s.openSettings);
  const t = useT();
  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        {t('header.skip')}
      </a>
      <div className="brand">
        <Logo />
        <span className="brand-name">List Cleaner</span>
      </div>
      <div className="header-end">
        <BalanceDisplay />
        <span
          className={`account-chip ${account.mode === 'demo' ? 'is-demo' : ''}`}
          aria-label={
            account.mode === 'demo'
              ? t('header.demoAccount')
              : t('header.keyEnding', { last4: account.keyLast4 ?? '' })
          }
          data-testid="account-label"
        >
          {accountLabel(account, t)}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => openSettings()}
          aria-label={t('header.settings')}
        >
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.7"
            strokeLinecap="round"
          >
            <path d="M3 6h8M15 6h2M3 14h2M9 14h8" />
            <circle cx="13" cy="6" r="2" />
            <circle cx="7" cy="14" r="2" />
          </svg>
        </button>
      </div>
    </header>
  );
}
