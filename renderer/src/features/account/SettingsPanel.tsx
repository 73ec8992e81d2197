// The Settings dialog: leave the demo or remove the key, replace the key, the service address
// and its billing page, the list platforms connected, the team store, the suppression list,
// the allow and block rules, how often bulk tasks are checked, the spending limit and the
// plan's prices, how long answers already paid for are reused (and forgetting them), other
// vendors' results brought into that memory, the language and the theme.
import { useEffect, useId, useRef } from 'react';
import type { AccountStatus, Theme } from '../../../../electron/ipc/contract';
import { THEMES } from '../../../../electron/common/model';
import { useClearKey, useSettings, useUpdateSettings } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useUiStore } from '../../state/ui-store';
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

export function SettingsPanel({ account }: { account: AccountStatus }) {
  const close = useUiStore((s) => s.closeSettings);
  const t = useT();
  const settings = useSettings();
  // One update for every setting: while any is saving, no other Save is offered, and its error
  // is shown once, below the forms.
  const update = useUpdateSettings();
  const clearKey = useClearKey();
  // The fields' ids are taken here, in one order, and handed to the forms: React numbers ids in
  // the order they are asked for, so the dialog's DOM does not depend on how its forms are split.
  const keyId = useId();
  const pollId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
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
  const focusConnections = useUiStore((s) => s.settingsAt === 'connections');

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Opened at Connections, its heading takes the focus instead (ConnectionsSection).
    if (!focusConnections) dialogRef.current?.querySelector<HTMLElement>('button, input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [close, focusConnections]);

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialogRef}
      >
        <div className="dialog-header">
          <h2 id={titleId}>{t('settings.title')}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={close}
            aria-label={t('settings.close')}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <path
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                d="m5 5 10 10M15 5 5 15"
              />
            </svg>
          </button>
        </div>

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
            onClick={() => clearKey.mutate(undefined, { onSuccess: close })}
          >
            {account.mode === 'demo'
              ? t('settings.account.leaveDemo')
              : t('settings.account.removeKey')}
          </button>
        </section>

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
        <ConnectionsSection idBase={connectionsId} />
        <TeamSection inputId={teamId} />
        <SuppressionSection idBase={suppressionId} />
        <RulesSection inputId={rulesId} />
        <PollIntervalForm
          current={settings.data?.pollIntervalSeconds}
          update={update}
          inputId={pollId}
        />
        <PatienceForm current={settings.data?.patienceHours} update={update} inputId={patienceId} />
        <SpendLimitForm current={settings.data} update={update} inputId={limitId} />
        <PlanPricesForm
          current={settings.data}
          update={update}
          inputIds={{ email: emailPriceId, avatar: avatarPriceId }}
        />
        <ReuseForm current={settings.data?.reuseDays} update={update} inputId={reuseId} />
        <VerdictsSection />
        <RecheckForm current={settings.data?.recheckDays} update={update} />
        {update.error && <ErrorNotice error={update.error} />}

        <LanguageForm current={settings.data} update={update} />
        <fieldset className="dialog-section">
          <legend>{t('settings.theme.title')}</legend>
          <div className="segmented">
            {THEMES.map((theme) => (
              <label key={theme} className="segment">
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  checked={(settings.data?.theme ?? 'system') === theme}
                  onChange={() => update.mutate({ theme })}
                />
                <span>{t(THEME_WORDS[theme])}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
