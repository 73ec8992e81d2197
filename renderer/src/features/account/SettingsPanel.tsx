// The Settings dialog: leave the demo or remove the key, replace the key, the service address,
// how often bulk tasks are checked, and the theme.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AccountStatus, Theme } from '../../../../electron/ipc/contract';
import { MIN_POLL_SECONDS } from '../../../../electron/common/limits';
import { THEMES } from '../../../../electron/common/model';
import {
  useClearKey,
  useConfirmKey,
  useSetKey,
  useSettings,
  useUpdateSettings,
} from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useUiStore } from '../../state/ui-store';
import { KeyAddressNotice } from './KeyAddressNotice';

const THEME_WORDS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const themes = THEMES.map((value) => ({ value, label: THEME_WORDS[value] }));

export function SettingsPanel({ account }: { account: AccountStatus }) {
  const close = useUiStore((s) => s.closeSettings);
  const settings = useSettings();
  const update = useUpdateSettings();
  const clearKey = useClearKey();
  const setKey = useSetKey();
  const confirmKey = useConfirmKey();
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [newKey, setNewKey] = useState('');
  const [pollSeconds, setPollSeconds] = useState<string | null>(null);
  const keyId = useId();
  const pollId = useId();
  const pollHintId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const urlId = useId();
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>('button, input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [close]);

  const saveUrl = (e: FormEvent) => {
    e.preventDefault();
    if (baseUrl === null) return;
    update.mutate(
      { baseUrl: baseUrl.trim() },
      {
        onSuccess: () => {
          setBaseUrl(null);
          // A key proven for another host: main asks, in its own dialog, before sending it there.
          if (account.mode === 'key') confirmKey.mutate();
        },
      },
    );
  };

  // The new key is proven by a balance call in main before it replaces the old one.
  const replaceKey = (e: FormEvent) => {
    e.preventDefault();
    if (newKey.trim() !== '') {
      setKey.mutate({ apiKey: newKey.trim() }, { onSuccess: () => setNewKey('') });
    }
  };

  const savePoll = (e: FormEvent) => {
    e.preventDefault();
    if (pollSeconds !== null) {
      update.mutate(
        { pollIntervalSeconds: Number(pollSeconds) },
        { onSuccess: () => setPollSeconds(null) },
      );
    }
  };

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
          <h2 id={titleId}>Settings</h2>
          <button type="button" className="icon-button" onClick={close} aria-label="Close settings">
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

        <section className="dialog-section" aria-label="Account">
          <h3>Account</h3>
          <p>
            {account.mode === 'demo'
              ? 'You are using the demo account.'
              : `Connected with the API key ending in …${account.keyLast4 ?? ''}.`}
          </p>
          {clearKey.error && <ErrorNotice error={clearKey.error} />}
          <button
            type="button"
            className="button danger"
            disabled={clearKey.isPending}
            onClick={() => clearKey.mutate(undefined, { onSuccess: close })}
          >
            {account.mode === 'demo' ? 'Leave the demo' : 'Remove key'}
          </button>
        </section>

        <form className="dialog-section" onSubmit={replaceKey} aria-label="Replace the API key">
          <h3>{account.mode === 'demo' ? 'Use your own key' : 'Replace the key'}</h3>
          <div className="field">
            <label htmlFor={keyId}>New API key</label>
            <div className="input-with-button">
              <input
                id={keyId}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={newKey}
                onChange={(e) => setNewKey(e.target.value)}
              />
              <button
                type="submit"
                className="button secondary"
                disabled={newKey.trim() === '' || setKey.isPending}
              >
                {setKey.isPending ? 'Checking…' : 'Replace'}
              </button>
            </div>
          </div>
          {setKey.error && <ErrorNotice error={setKey.error} />}
        </form>

        <form className="dialog-section" onSubmit={saveUrl}>
          <h3>Service</h3>
          <div className="field">
            <label htmlFor={urlId}>Service address</label>
            <div className="input-with-button">
              <input
                id={urlId}
                type="url"
                value={baseUrl ?? settings.data?.baseUrl ?? ''}
                onChange={(e) => setBaseUrl(e.target.value)}
                spellCheck={false}
              />
              <button
                type="submit"
                className="button secondary"
                disabled={baseUrl === null || update.isPending}
              >
                Save
              </button>
            </div>
          </div>
          <KeyAddressNotice account={account} />
          {confirmKey.error && <ErrorNotice error={confirmKey.error} />}
        </form>

        <form className="dialog-section" onSubmit={savePoll}>
          <h3>Bulk tasks</h3>
          <div className="field">
            <label htmlFor={pollId}>Check a bulk task every (seconds)</label>
            <div className="input-with-button">
              <input
                id={pollId}
                type="number"
                min={MIN_POLL_SECONDS}
                max={3600}
                step={1}
                aria-describedby={pollHintId}
                value={
                  pollSeconds ?? String(settings.data?.pollIntervalSeconds ?? MIN_POLL_SECONDS)
                }
                onChange={(e) => setPollSeconds(e.target.value)}
              />
              <button
                type="submit"
                className="button secondary"
                disabled={pollSeconds === null || update.isPending}
              >
                Save
              </button>
            </div>
            <p className="hint" id={pollHintId}>
              The service asks to be checked no more often than every {MIN_POLL_SECONDS} seconds.
              The demo account is checked every 2 seconds.
            </p>
          </div>
        </form>
        {update.error && <ErrorNotice error={update.error} />}

        <fieldset className="dialog-section">
          <legend>Appearance</legend>
          <div className="segmented">
            {themes.map((t) => (
              <label key={t.value} className="segment">
                <input
                  type="radio"
                  name="theme"
                  value={t.value}
                  checked={(settings.data?.theme ?? 'system') === t.value}
                  onChange={() => update.mutate({ theme: t.value })}
                />
                <span>{t.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
