import type { AccountStatus } from '../../../../electron/ipc/contract';
import { Logo } from '../../components/Logo';
import { useUiStore } from '../../state/ui-store';
import { BalanceDisplay } from './BalanceDisplay';

export function accountLabel(account: AccountStatus): string {
  if (account.mode === 'demo') return 'Demo';
  if (account.mode === 'key' && account.keyLast4) return `…${account.keyLast4}`;
  return 'No account';
}

export function AppHeader({ account }: { account: AccountStatus }) {
  const openSettings = useUiStore((s) => s.openSettings);
  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        Skip to content
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
            account.mode === 'demo' ? 'Demo account' : `API key ending in ${account.keyLast4 ?? ''}`
          }
          data-testid="account-label"
        >
          {accountLabel(account)}
        </span>
        <button type="button" className="icon-button" onClick={openSettings} aria-label="Settings">
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M11.3 1.9a1 1 0 0 0-1-.9H9.7a1 1 0 0 0-1 .9l-.2 1.6a6.9 6.9 0 0 0-1.5.9l-1.5-.6a1 1 0 0 0-1.2.4l-.3.5a1 1 0 0 0 .2 1.3l1.3 1a7 7 0 0 0 0 1.8l-1.3 1a1 1 0 0 0-.2 1.3l.3.5a1 1 0 0 0 1.2.4l1.5-.6c.5.4 1 .7 1.5.9l.2 1.6a1 1 0 0 0 1 .9h.6a1 1 0 0 0 1-.9l.2-1.6a6.9 6.9 0 0 0 1.5-.9l1.5.6a1 1 0 0 0 1.2-.4l.3-.5a1 1 0 0 0-.2-1.3l-1.3-1a7 7 0 0 0 0-1.8l1.3-1a1 1 0 0 0 .2-1.3l-.3-.5a1 1 0 0 0-1.2-.4l-1.5.6a6.9 6.9 0 0 0-1.5-.9l-.2-1.6ZM10 13a3 3 0 1 1 0-6 3 3 0 0 1 0 6Z"
            />
          </svg>
        </button>
      </div>
    </header>
  );
}
