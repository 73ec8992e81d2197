// Quick check: one address checked right away with the product chosen, its result as a card,
// and this session's earlier checks below it.
import { useId, useRef, useState, type FormEvent } from 'react';
import { create } from 'zustand';
import type { CheckView, JobProduct } from '../../../../electron/ipc/contract';
import { providerName } from '../../../../electron/common/providers';
import { english } from '../../../../electron/common/i18n/message';
import { useQuickCheck } from '../../api/job-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import './check.css';

const STATUS: Record<CheckView['status'], { title: string; meaning: string }> = {
  deliverable: {
    title: 'Deliverable',
    meaning: 'The mailbox exists at its provider: mail sent to it can be received.',
  },
  undeliverable: {
    title: 'Undeliverable',
    meaning: 'There is no such mailbox: mail sent to it would bounce. Remove it from your list.',
  },
  unknown: {
    title: 'Unknown',
    meaning:
      'The service could not tell this time (or the product does not cover this provider). It was not charged.',
  },
};

interface CheckResult {
  id: number;
  view: CheckView;
  product: JobProduct;
}

let nextId = 0;

/** Checks done in this session, newest first: UI state, gone when the app quits. */
const useCheckHistory = create<{ results: CheckResult[]; add(r: CheckResult): void }>((set) => ({
  results: [],
  add: (r) => set((s) => ({ results: [r, ...s.results].slice(0, 10) })),
}));

export function QuickCheck() {
  const [address, setAddress] = useState('');
  const [product, setProduct] = useState<JobProduct>('email');
  const check = useQuickCheck();
  const results = useCheckHistory((s) => s.results);
  const add = useCheckHistory((s) => s.add);
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    if (trimmed === '') {
      input.current?.focus();
      return;
    }
    try {
      const view = await check.mutateAsync({ address: trimmed, product });
      add({ id: (nextId += 1), view, product });
      setAddress('');
      input.current?.focus();
    } catch {
      // Shown as the error card.
    }
  };

  const [latest, ...earlier] = results;
  const history = check.isError ? results : earlier;
  return (
    <div className="quick-check">
      <h1 className="page-title">Quick check</h1>
      <form className="card check-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={inputId}>Email address</label>
          <div className="input-with-button">
            <input
              ref={input}
              id={inputId}
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder="name@example.com"
              aria-describedby={hintId}
              aria-invalid={check.isError || undefined}
              maxLength={320}
            />
            <button
              type="submit"
              className="button primary"
              disabled={check.isPending || address.trim() === ''}
            >
              {check.isPending ? 'Checking…' : 'Check'}
            </button>
          </div>
          <p className="hint" id={hintId}>
            One address, checked right away. It is charged only if it gets a result.
          </p>
        </div>
        <fieldset className="check-product">
          <legend>Product</legend>
          <div className="segmented">
            {(
              [
                ['email', 'Email'],
                ['avatar', 'Email + avatar'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="segment">
                <input
                  type="radio"
                  name="check-product"
                  value={value}
                  checked={product === value}
                  onChange={() => setProduct(value)}
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
          {product === 'avatar' && (
            <p className="hint">Avatars cover three mailbox providers only.</p>
          )}
        </fieldset>
      </form>

      <div className="check-results" aria-live="polite">
        {check.isError && (
          <div className="check-error">
            <ErrorNotice error={check.error} title="This address was not checked" />
          </div>
        )}
        {latest && !check.isError && <ResultCard result={latest} />}
      </div>

      {history.length > 0 && (
        <section className="check-history" aria-labelledby="history-title">
          <h2 id="history-title" className="card-label">
            Earlier in this session
          </h2>
          <ul>
            {history.map((r) => (
              <li key={r.id} className="history-row">
                <span className="history-address">{r.view.address}</span>
                <span className={`status-pill is-${r.view.status}`}>
                  {STATUS[r.view.status].title}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ResultCard({ result }: { result: CheckResult }) {
  const { view, product } = result;
  const status = STATUS[view.status];
  return (
    <article
      className={`card check-card is-${view.status}`}
      aria-label={`Result for ${view.address}`}
      data-testid="check-result"
    >
      <div className="check-card-head">
        <span className={`status-dot is-${view.status}`} aria-hidden="true" />
        <div className="check-card-title">
          <p className="check-address">{view.address}</p>
          <p className={`check-status is-${view.status}`} data-testid="check-status">
            {status.title}
          </p>
        </div>
      </div>
      <p className="check-meaning">{status.meaning}</p>
      <dl className="check-facts">
        <div>
          <dt>Product</dt>
          <dd>{product === 'avatar' ? 'Email + avatar' : 'Email'}</dd>
        </div>
        {product === 'email' && view.status === 'deliverable' && (
          <div>
            <dt>Provider</dt>
            <dd>{view.provider ? providerName(view.provider, english.t) : 'Not reported'}</dd>
          </div>
        )}
        {product === 'avatar' && (
          <div>
            <dt>Avatar</dt>
            <dd>{view.avatar === null ? 'Not reported' : view.avatar ? 'Yes' : 'No'}</dd>
          </div>
        )}
        {product === 'avatar' && view.avatarUrl && (
          <div className="check-url">
            <dt>Avatar link</dt>
            <dd className="mono">{view.avatarUrl}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
