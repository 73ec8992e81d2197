// Quick check: one address checked right away with the product chosen, its result as a card,
// and this session's earlier checks below it.
import { useId, useRef, useState, type FormEvent } from 'react';
import { create } from 'zustand';
import type { CheckView, JobProduct } from '../../../../electron/ipc/contract';
import type { MessageId } from '../../../../electron/common/i18n/translate';
import { JOB_PRODUCTS } from '../../../../electron/common/model';
import { providerName } from '../../../../electron/common/catalogs/providers';
import { useQuickCheck } from '../../api/job-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useT } from '../../i18n/words';
import { productWords } from '../jobs/job-words';
import './check.css';

const STATUS = {
  deliverable: { title: 'check.status.deliverable', meaning: 'check.meaning.deliverable' },
  undeliverable: { title: 'check.status.undeliverable', meaning: 'check.meaning.undeliverable' },
  unknown: { title: 'check.status.unknown', meaning: 'check.meaning.unknown' },
} as const satisfies Record<CheckView['status'], { title: MessageId; meaning: MessageId }>;

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
  const t = useT();

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
      <h1 className="page-title">{t('check.title')}</h1>
      <form className="card check-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t('check.addressLabel')}</label>
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
              placeholder={t('check.addressPlaceholder')}
              aria-describedby={hintId}
              aria-invalid={check.isError || undefined}
              maxLength={320}
            />
            <button
              type="submit"
              className="button primary"
              disabled={check.isPending || address.trim() === ''}
            >
              {check.isPending ? t('check.checking') : t('check.submit')}
            </button>
          </div>
          <p className="hint" id={hintId}>
            {t('check.hint')}
          </p>
        </div>
        <fieldset className="check-product">
          <legend>{t('check.product')}</legend>
          <div className="segmented">
            {JOB_PRODUCTS.map((value) => (
              <label key={value} className="segment">
                <input
                  type="radio"
                  name="check-product"
                  value={value}
                  checked={product === value}
                  onChange={() => setProduct(value)}
                />
                <span>{productWords(value, t)}</span>
              </label>
            ))}
          </div>
          {product === 'avatar' && <p className="hint">{t('check.avatarHint')}</p>}
        </fieldset>
      </form>

      <div className="check-results" aria-live="polite">
        {check.isError && (
          <div className="check-error">
            <ErrorNotice error={check.error} title={t('check.failed')} />
          </div>
        )}
        {latest && !check.isError && <ResultCard result={latest} />}
      </div>

      {history.length > 0 && (
        <section className="check-history" aria-labelledby="history-title">
          <h2 id="history-title" className="card-label">
            {t('check.history')}
          </h2>
          <ul>
            {history.map((r) => (
              <li key={r.id} className="history-row">
                <span className="history-address">{r.view.address}</span>
                <span className={`status-pill is-${r.view.status}`}>
                  {t(STATUS[r.view.status].title)}
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
  const t = useT();
  return (
    <article
      className={`card check-card is-${view.status}`}
      aria-label={t('check.resultLabel', { address: view.address })}
      data-testid="check-result"
    >
      <div className="check-card-head">
        <span className={`status-dot is-${view.status}`} aria-hidden="true" />
        <div className="check-card-title">
          <p className="check-address">{view.address}</p>
          <p className={`check-status is-${view.status}`} data-testid="check-status">
            {t(status.title)}
          </p>
        </div>
      </div>
      <p className="check-meaning">{t(status.meaning)}</p>
      <dl className="check-facts">
        <div>
          <dt>{t('check.product')}</dt>
          <dd>{productWords(product, t)}</dd>
        </div>
        {product === 'email' && view.status === 'deliverable' && (
          <div>
            <dt>{t('check.provider')}</dt>
            <dd>{view.provider ? providerName(view.provider, t) : t('check.notReported')}</dd>
          </div>
        )}
        {product === 'avatar' && (
          <div>
            <dt>{t('check.avatar')}</dt>
            <dd>
              {view.avatar === null
                ? t('check.notReported')
                : view.avatar
                  ? t('check.yes')
                  : t('check.no')}
            </dd>
          </div>
        )}
        {product === 'avatar' && view.avatarUrl && (
          <div className="check-url">
            <dt>{t('check.avatarLink')}</dt>
            <dd className="mono">{view.avatarUrl}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
