// The first-run form, shown while there is no account: an API key for the service (and its
// address), or the demo account.
import { useId, useState, type FormEvent } from 'react';
import { say } from '../../../../electron/common/i18n/message';
import { isLoopbackUrl, serviceUrlMessage } from '../../../../electron/common/urls/service-url';
import { useSetKey, useSettings, useStartDemo } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FieldError } from '../../components/FieldError';
import { Logo } from '../../components/Logo';
import { SecretInput } from '../../components/SecretInput';
import { useRich, useT } from '../../i18n/words';
import { serviceWords } from '../account/service-words';

export function Onboarding() {
  const settings = useSettings();
  const setKey = useSetKey();
  const startDemo = useStartDemo();
  const t = useT();
  const rich = useRich();
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const keyId = useId();
  const keyHelpId = useId();
  const urlId = useId();
  const urlErrorId = useId();
  // Checked here, in the reader's language, before main's check (whose words are English).
  const [addressProblem, setAddressProblem] = useState<string | null>(null);

  const busy = setKey.isPending || startDemo.isPending;
  const saved = settings.data?.baseUrl ?? '';
  // A service on this computer is named in words, never by its loopback address
  // (issue 48): the field then holds only what the user types, and left empty
  // it means the saved address.
  const local = isLoopbackUrl(saved);
  const shownUrl = baseUrl ?? (local ? '' : saved);
  const effectiveUrl = shownUrl.trim() === '' ? saved : shownUrl;
  const error = setKey.error ?? startDemo.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startDemo.reset();
    const problem = serviceUrlMessage(effectiveUrl.trim());
    setAddressProblem(problem ? say(t, problem) : null);
    if (problem) return;
    setKey.mutate({ apiKey: apiKey.trim(), baseUrl: effectiveUrl.trim() });
  };

  return (
    <main className="center-stage">
      <section className="onboarding card" aria-labelledby="welcome-title">
        <div className="onboarding-brand">
          <Logo size={40} />
          <span className="brand-name">List Cleaner</span>
        </div>
        <h1 id="welcome-title">{t('onboarding.title')}</h1>
        <p className="lead">{t('onboarding.lead')}</p>

        <form className="stack" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={keyId}>{t('onboarding.keyLabel')}</label>
            <SecretInput
              id={keyId}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              placeholder={t('onboarding.keyPlaceholder')}
              aria-describedby={keyHelpId}
              disabled={busy}
              required
            />
            <p className="hint" id={keyHelpId}>
              {t('onboarding.keyHint')}
            </p>
          </div>

          <details className="disclosure">
            <summary>{t('onboarding.whereKey')}</summary>
            <p>
              {rich('onboarding.whereKeyBody', {
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
          </details>

          <details className="disclosure">
            <summary>{t('onboarding.otherAddress')}</summary>
            <div className="field">
              <label htmlFor={urlId}>{t('onboarding.addressLabel')}</label>
              <input
                id={urlId}
                type="url"
                value={shownUrl}
                placeholder={local ? serviceWords(saved, t) : undefined}
                onChange={(e) => setBaseUrl(e.target.value)}
                spellCheck={false}
                aria-invalid={addressProblem ? true : undefined}
                aria-describedby={addressProblem ? urlErrorId : undefined}
                disabled={busy}
              />
              <p className="hint">{t('onboarding.addressHint')}</p>
            </div>
          </details>

          {addressProblem && <FieldError id={urlErrorId} message={addressProblem} />}
          {error && <ErrorNotice error={error} title={t('onboarding.failed')} />}

          <button type="submit" className="button primary" disabled={busy || apiKey.trim() === ''}>
            {setKey.isPending ? t('onboarding.checkingKey') : t('onboarding.connect')}
          </button>
        </form>

        <div className="divider" role="separator">
          <span>{t('onboarding.or')}</span>
        </div>

        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => {
            setKey.reset();
            setAddressProblem(null);
            startDemo.mutate();
          }}
        >
          {startDemo.isPending ? t('onboarding.startingDemo') : t('onboarding.tryDemo')}
        </button>
        <p className="hint center">{t('onboarding.demoHint')}</p>
      </section>
    </main>
  );
}
