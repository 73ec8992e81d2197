// The window's root: the first-run form until there is an account, then the header, the tabs
// and the screen chosen, with the update banner above. Settings is a page shown in the screen's
// place; the screen stays mounted (hidden) under it, so closing Settings finds it as it was.
import { useAccount, useMainEvents, useSettings } from './api/hooks';
import { useJobEvents, useJobs } from './api/job-hooks';
import { usePlatformEvents } from './api/platform-hooks';
import { useThemeAttribute } from './components/useThemeAttribute';
import { Onboarding } from './features/onboarding/Onboarding';
import { AppHeader } from './features/balance/AppHeader';
import { SettingsPanel } from './features/account/SettingsPanel';
import { AccountOverview } from './features/account/AccountOverview';
import type { AccountStatus } from '../../electron/ipc/contract';
import { ErrorNotice } from './components/ErrorNotice';
import { ImportScreen } from './features/import/ImportScreen';
import { DropOverlay } from './features/import/reading/DropOverlay';
import { JobsScreen } from './features/jobs/JobsScreen';
import { ResultsScreen } from './features/results/ResultsScreen';
import { QuickCheck } from './features/check/QuickCheck';
import { WatchesScreen } from './features/watches/WatchesScreen';
import { useWatchEvents } from './api/watch-hooks';
import { useUiStore, type Screen } from './state/ui-store';
import { TeamNoticeBanner } from './features/account/team/TeamNoticeBanner';
import { UpdateBanner } from './features/update/UpdateBanner';
import { useLanguage, useT } from './i18n/words';
import type { MessageId } from '../../electron/common/i18n/translate';

const SCREENS: { id: Screen; label: MessageId }[] = [
  { id: 'import', label: 'nav.import' },
  { id: 'jobs', label: 'nav.jobs' },
  { id: 'watches', label: 'nav.watches' },
  { id: 'results', label: 'nav.results' },
  { id: 'check', label: 'nav.check' },
  { id: 'account', label: 'nav.account' },
];

function Navigation() {
  const t = useT();
  const screen = useUiStore((s) => s.screen);
  const selected = useUiStore((s) => s.selectedJobId);
  const go = useUiStore((s) => s.go);
  const settingsOpen = useUiStore((s) => s.settingsOpen);
  const jobs = useJobs();
  const active = jobs.data?.filter((j) => j.running || j.state === 'queued').length ?? 0;
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      {SCREENS.map(({ id, label }) => {
        if (id === 'results' && selected === null) return null;
        return (
          <button
            key={id}
            type="button"
            className="nav-item"
            data-screen={id}
            aria-current={screen === id && !settingsOpen ? 'page' : undefined}
            onClick={() => go(id)}
          >
            {t(label)}
            {id === 'jobs' && active > 0 && (
              <span className="nav-badge" aria-label={t('nav.running', { count: active })}>
                {active}
              </span>
            )}
          </button>
        );
      })}
    </nav>
  );
}

function Workspace({ account }: { account: AccountStatus }) {
  useJobEvents(useUiStore.getState().setImportProgress);
  usePlatformEvents();
  useWatchEvents();
  const screen = useUiStore((s) => s.screen);
  const settingsOpen = useUiStore((s) => s.settingsOpen);
  return (
    <>
      <Navigation />
      {/* "Skip to content" (#main) leads to Settings while it shows in the screen's place. */}
      <main className="workspace" id={settingsOpen ? undefined : 'main'} hidden={settingsOpen}>
        {screen === 'import' && <ImportScreen />}
        {screen === 'jobs' && <JobsScreen />}
        {screen === 'watches' && <WatchesScreen />}
        {screen === 'results' && <ResultsScreen />}
        {screen === 'check' && <QuickCheck />}
        {screen === 'account' && <AccountOverview account={account} />}
      </main>
      <DropOverlay />
    </>
  );
}

export function App() {
  useMainEvents();
  const account = useAccount();
  const settings = useSettings();
  useThemeAttribute(settings.data?.theme ?? 'system');
  useLanguage(settings.data?.language ?? 'en');
  const t = useT();
  const settingsOpen = useUiStore((s) => s.settingsOpen);

  if (account.isPending) {
    return <div className="app-loading" aria-busy="true" aria-label={t('app.loading')} />;
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
    <div className={`app-shell${settingsOpen ? ' is-settings' : ''}`}>
      <UpdateBanner />
      <TeamNoticeBanner />
      <AppHeader account={account.data} />
      <Workspace account={account.data} />
      {settingsOpen && <SettingsPanel account={account.data} />}
    </div>
  );
}
