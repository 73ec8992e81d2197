// The Settings page, shown in place of the screen (which stays as it was underneath): a header
// that stays, a sidebar of its sections, and the sections in one column that scrolls on its own.
// Account: leave the demo or remove the key, replace the key, the service address and its
// billing page. Spending: the limit and the plan's prices. Checking: how often bulk tasks are
// checked, how long the service may refuse, how long answers already paid for are reused (and
// forgetting them), re-check reminders. Then the list platforms connected, the team store, the
// suppression list, the allow and block rules, other vendors' results brought into the memory,
// and the language and theme. Each section can be opened from anywhere (openSettings(section)):
// it is scrolled to the top of the column and its heading takes the focus.
import { useEffect, useId, type ReactNode } from 'react';
import type { AccountStatus, Theme } from '../../../../electron/ipc/contract';
import { THEMES } from '../../../../electron/common/model';
import { useClearKey, useSettings, useUpdateSettings } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useUiStore, type SettingsSection } from '../../state/ui-store';
import { SettingsNav, useSettingsSections } from './settings/SettingsNav';
import { BillingPageForm } from './settings/BillingPageForm';
import { ConnectionsSection } from './connections/ConnectionsSection';
import { LanguageForm } from './settings/LanguageForm';
import { TeamSection } from './team/TeamSection';
import { RulesSection } from './rules/RulesSection';
import { SuppressionSection } from './suppression/SuppressionSection';
import { PatienceForm } from './settings/PatienceForm';
import { PollIntervalForm } from './settings/PollIntervalForm';
import { RecheckForm } from './settings/RecheckForm';
import { ReplaceKeyForm } from './settings/ReplaceKeyForm';
import { ReuseForm } from './settings/ReuseForm';
import { ServiceAddressForm } from './settings/ServiceAddressForm';
import { VerdictsSection } from './verdicts/VerdictsSection';
import { PlanPricesForm, SpendLimitForm } from './settings/SpendingForm';
import { useT } from '../../i18n/words';
import type { MessageId } from '../../../../electron/common/i18n/translate';
import './settings.css';

const THEME_WORDS = {
  system: 'settings.theme.system',
  light: 'settings.theme.light',
  dark: 'settings.theme.dark',
} as const satisfies Record<Theme, MessageId>;

/** One section of the page: its forms, found by the sidebar and by openSettings(section). */
function Group({ id, children }: { id: SettingsSection; children: ReactNode }) {
  return (
    <div className="settings-group" id={`settings-${id}`} data-settings-section={id}>
      {children}
    </div>
  );
}

export function SettingsPanel({ account }: { account: AccountStatus }) {
  const close = useUiStore((s) => s.closeSettings);
  const t = useT();
  const settings = useSettings();
  // One update for every setting: while any is saving, no other Save is offered, and its error
  // is shown once, below the forms.
  const update = useUpdateSettings();
  // The fields' ids are taken here, in one order, and handed to the forms: React numbers ids in
  // the order they are asked for, so the page's DOM does not depend on how its forms are split.
  const keyId = useId();
  const pollId = useId();
  const urlId = useId();
  const titleId = useId();
  const limitId = useId();
  const emailPriceId = useId();
  const avatarPriceId = useId();
  const reuseId = useId();
  const patienceId = useId();
  const billingId = useId();
  const connectionsId = useId();
  const teamId = useId();
  const rulesId = useId();
  const suppressionId = useId();
  const { column, current, show, onScroll } = useSettingsSections();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // The page's title first; a section asked for takes the focus next (the effect below).
    document.getElementById(titleId)?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      // A form's own Escape (a question open in it) is its own, not the page's.
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [close, titleId]);

  return (
    <main className="settings-page" id="main" aria-labelledby={titleId} data-testid="settings-page">
      <header className="settings-header">
        <h1 id={titleId} tabIndex={-1}>
          {t('settings.title')}
        </h1>
        <button type="button" className="button secondary" onClick={close}>
          {t('settings.close')}
        </button>
      </header>
      <SettingsNav current={current} show={show} />
      <div className="settings-column" ref={column} onScroll={onScroll}>
        <Group id="account">
          <KeyOrDemo account={account} onGone={close} />
          <ReplaceKeyForm account={account} inputId={keyId} />
          <ServiceAddressForm
            account={account}
            current={settings.data?.baseUrl}
            update={update}
            inputId={urlId}
          />
          {account.mode === 'key' && (
            <BillingPageForm
              current={settings.data?.billingUrl}
              update={update}
              inputId={billingId}
            />
          )}
        </Group>
        <Group id="spending">
          <SpendLimitForm current={settings.data} update={update} inputId={limitId} />
          <PlanPricesForm
            current={settings.data}
            update={update}
            inputIds={{ email: emailPriceId, avatar: avatarPriceId }}
          />
        </Group>
        <Group id="checking">
          <PollIntervalForm
            current={settings.data?.pollIntervalSeconds}
            update={update}
            inputId={pollId}
          />
          <PatienceForm
            current={settings.data?.patienceHours}
            update={update}
            inputId={patienceId}
          />
          <ReuseForm current={settings.data?.reuseDays} update={update} inputId={reuseId} />
          <RecheckForm current={settings.data?.recheckDays} update={update} />
        </Group>
        <Group id="platforms">
          <ConnectionsSection idBase={connectionsId} />
        </Group>
        <Group id="team">
          <TeamSection inputId={teamId} />
        </Group>
        <Group id="suppression">
          <SuppressionSection idBase={suppressionId} />
        </Group>
        <Group id="rules">
          <RulesSection inputId={rulesId} />
        </Group>
        <Group id="vendors">
          <VerdictsSection />
        </Group>
        <Group id="appearance">
          <LanguageForm current={settings.data} update={update} />
          <ThemeForm current={settings.data?.theme} update={update} />
        </Group>
        {/* Pinned to the column's foot: a refused save is seen from whichever section it was in. */}
        {update.error && (
          <div className="settings-error">
            <ErrorNotice error={update.error} />
          </div>
        )}
      </div>
    </main>
  );
}

/** Account: the key or the demo, and leaving the demo or removing the key (which signs out). */
function KeyOrDemo({ account, onGone }: { account: AccountStatus; onGone: () => void }) {
  const t = useT();
  const clearKey = useClearKey();
  return (
    <section className="dialog-section" aria-label={t('settings.account.title')}>
      <h3>{t('settings.account.title')}</h3>
      <p>
        {account.mode === 'demo'
          ? t('settings.account.demo')
          : t('settings.account.key', { last4: account.keyLast4 ?? '' })}
      </p>
      {clearKey.error && <ErrorNotice error={clearKey.error} />}
      <button
        type="button"
        className="button danger"
        disabled={clearKey.isPending}
        onClick={() => clearKey.mutate(undefined, { onSuccess: onGone })}
      >
        {account.mode === 'demo'
          ? t('settings.account.leaveDemo')
          : t('settings.account.removeKey')}
      </button>
    </section>
  );
}

function ThemeForm({
  current,
  update,
}: {
  current: Theme | undefined;
  update: ReturnType<typeof useUpdateSettings>;
}) {
  const t = useT();
  return (
    <fieldset className="dialog-section">
      <legend>{t('settings.theme.title')}</legend>
      <div className="segmented">
        {THEMES.map((theme) => (
          <label key={theme} className="segment">
            <input
              type="radio"
              name="theme"
              value={theme}
              checked={(current ?? 'system') === theme}
              onChange={() => update.mutate({ theme })}
            />
            <span>{t(THEME_WORDS[theme])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
