import { useAccount, useMainEvents, useSettings } from './api/hooks';
import { useThemeAttribute } from './components/useThemeAttribute';
import { Onboarding } from './features/onboarding/Onboarding';
import { AppHeader } from './features/balance/AppHeader';
import { AccountOverview } from './features/account/AccountOverview';
import { SettingsPanel } from './features/account/SettingsPanel';
import { ErrorNotice } from './components/ErrorNotice';
import { useUiStore } from './state/ui-store';

export function App() {
  useMainEvents();
  const account = useAccount();
  const settings = useSettings();
  useThemeAttribute(settings.data?.theme ?? 'system');
  const settingsOpen = useUiStore((s) => s.settingsOpen);

  if (account.isPending) {
    return <div className="app-loading" aria-busy="true" aria-label="Loading List Cleaner" />;
  }
  if (account.isError) {
    return (
      <main className="center-stage">
        <ErrorNotice error={account.error} />
      </main>
    );
  }
  if (account.data.mode === 'none') return <Onboarding />;

  return (
    <div className="app-shell">
      <AppHeader account={account.data} />
      <main className="workspace" id="main">
        <AccountOverview account={account.data} />
      </main>
      {settingsOpen && <SettingsPanel account={account.data} />}
    </div>
  );
}
