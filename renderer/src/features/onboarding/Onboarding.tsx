// The first-run form, shown while there is no account: an API key for the service (and its
// address), or the demo account.
import { useId, useState, type FormEvent } from 'react';
import { useSetKey, useSettings, useStartDemo } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Logo } from '../../components/Logo';

export function Onboarding() {
  const settings = useSettings();
  const setKey = useSetKey();
  const startDemo = useStartDemo();
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const keyId = useId();
  const keyHelpId = useId();
  const urlId = useId();

  const busy = setKey.isPending || startDemo.isPending;
  const effectiveUrl = baseUrl ?? settings.data?.baseUrl ?? '';
  const error = setKey.error ?? startDemo.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startDemo.reset();
    setKey.mutate({ apiKey: apiKey.trim(), baseUrl: effectiveUrl.trim() });
  };

  return (
    <main className="center-stage">
      <section className="onboarding card" aria-labelledby="welcome-title">
        <div className="onboarding-brand">
          <Logo size={40} />
          <span className="brand-name">List Cleaner</span>
        </div>
        <h1 id="welcome-title">Welcome to List Cleaner</h1>
        <p className="lead">
          Check every address on your lists before you send. Connect your email verification account
          to start, or look around with the demo account first.
        </p>

        <form className="stack" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={keyId}>API key</label>
            <div className="input-with-action">
              <input
                id={keyId}
                type={showKey ? 'text' : 'password'}
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="Paste your key"
                aria-describedby={keyHelpId}
                disabled={busy}
                required
              />
              <button
                type="button"
                className="input-action"
                onClick={() => setShowKey((v) => !v)}
                aria-pressed={showKey}
              >
                {showKey ? 'Hide' : 'Show'}
              </button>
            </div>
            <p className="hint" id={keyHelpId}>
              Kept in your system keychain, never in a file. List Cleaner checks it with your
              balance before saving it.
            </p>
          </div>

          <details className="disclosure">
            <summary>Where do I find my key?</summary>
            <p>
              Sign in to your email verification service and open your account{' '}
              <strong>Settings</strong>. Your API key is listed there; copy the whole key and paste
              it above. Anyone holding the key can spend your balance, so keep it private.
            </p>
          </details>

          <details className="disclosure">
            <summary>Using another service address?</summary>
            <div className="field">
              <label htmlFor={urlId}>Service address</label>
              <input
                id={urlId}
                type="url"
                value={effectiveUrl}
                onChange={(e) => setBaseUrl(e.target.value)}
                spellCheck={false}
                disabled={busy}
              />
              <p className="hint">Change this only if your provider gave you another address.</p>
            </div>
          </details>

          {error && <ErrorNotice error={error} title="That did not work" />}

          <button type="submit" className="button primary" disabled={busy || apiKey.trim() === ''}>
            {setKey.isPending ? 'Checking your key…' : 'Connect account'}
          </button>
        </form>

        <div className="divider" role="separator">
          <span>or</span>
        </div>

        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => {
            setKey.reset();
            startDemo.mutate();
          }}
        >
          {startDemo.isPending ? 'Starting the demo…' : 'Try the demo account'}
        </button>
        <p className="hint center">
          25 USD of play money on a built-in test service. No key needed, nothing is charged.
        </p>
      </section>
    </main>
  );
}
