// The two summaries of a finished job: rows by outcome (a donut with a legend
// table that carries every number and what each outcome means) and checked
// addresses by mailbox provider (bars, with a table for screen readers). The
// charts are pictures of the tables beside them, so they are hidden from
// assistive technology and never take focus. Their drawing code (recharts)
// loads on demand, the first time a summary is shown; the tables do not wait
// for it, and the pictures' room is kept while it loads. A chart that would
// say nothing (one part at 99% or more: a full circle, one long bar) gives
// way to its sentence, "All but 3 of 12,400 rows are deliverable". Outcomes no
// row got fold into one line that names them ("4 outcomes with no rows: …"),
// and Show lists them with their meaning.
import { lazy, Suspense, useId, useState } from 'react';
import type { RowStatusName } from '../../../../../electron/ipc/contract';
import { formatNumber, formatShare } from '../../../format';
import { useT } from '../../../i18n/words';
import { OUTCOMES, outcomeLabel, outcomeMeaning, providerLabel } from '../outcomes';
import { dominantPart, outcomeSentence, providerSentence } from './plain-words';
import './summary.css';

const OutcomeDonut = lazy(() =>
  import('./ChartPictures').then((m) => ({ default: m.OutcomeDonut })),
);
const ProviderBars = lazy(() =>
  import('./ChartPictures').then((m) => ({ default: m.ProviderBars })),
);

/** The donut's square; .donut in results.css has the same size. */
const DONUT_SIZE = 184;

export function OutcomeSummary({
  statuses,
  free = [],
  note = null,
}: {
  statuses: Record<RowStatusName, number>;
  /** What came without paying (reused, left out, no mail server), one fact each. */
  free?: readonly string[];
  /** A line under the table, such as why there is no provider breakdown. */
  note?: string | null;
}) {
  const t = useT();
  const titleId = useId();
  const [showEmpty, setShowEmpty] = useState(false);
  const empty = OUTCOMES.filter((o) => statuses[o] === 0);
  const total = OUTCOMES.reduce((sum, o) => sum + statuses[o], 0);
  const slices = OUTCOMES.filter((o) => statuses[o] > 0).map((o) => ({
    outcome: o,
    value: statuses[o],
  }));
  const dominant = dominantPart(slices.map((s) => ({ key: s.outcome, value: s.value })));
  return (
    <section className="card results-card" aria-labelledby={titleId}>
      <h2 className="results-card-title" id={titleId}>
        {t('results.outcomes')}
      </h2>
      <div className="outcome-summary">
        {dominant ? (
          <p
            className={`chart-sentence outcome-border-${dominant.key}`}
            data-testid="outcome-sentence"
          >
            {outcomeSentence(dominant, t)}
          </p>
        ) : (
          <div className="donut" aria-hidden="true" data-testid="outcome-donut">
            <Suspense fallback={<span className="donut-placeholder" />}>
              <OutcomeDonut slices={slices} size={DONUT_SIZE} />
            </Suspense>
            <div className="donut-center">
              <span className="donut-total">{formatNumber(total)}</span>
              <span className="donut-caption">{t('results.donut.rows', { n: total })}</span>
            </div>
          </div>
        )}
        <table className="legend-table" data-testid="outcome-table">
          <caption className="visually-hidden">{t('results.outcomes.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('results.column.outcome')}</th>
              <th scope="col" className="num">
                {t('rows.title')}
              </th>
              <th scope="col" className="num">
                {t('results.column.share')}
              </th>
              <th scope="col">{t('results.column.meaning')}</th>
            </tr>
          </thead>
          <tbody>
            {OUTCOMES.map((o) => (
              <tr key={o} data-outcome={o} hidden={statuses[o] === 0 && !showEmpty}>
                <th scope="row">
                  <span className={`legend-swatch outcome-bg-${o}`} aria-hidden="true" />
                  {outcomeLabel(o, t)}
                </th>
                <td className="num">{formatNumber(statuses[o])}</td>
                <td className="num">{formatShare(statuses[o], total)}</td>
                <td className="meaning">{outcomeMeaning(o, t)}</td>
              </tr>
            ))}
            {empty.length > 0 && (
              <tr className="legend-empty" data-testid="outcomes-empty">
                <td colSpan={4}>
                  {t('results.outcomes.empty', {
                    count: empty.length,
                    names: empty.map((o) => outcomeLabel(o, t)).join(', '),
                  })}{' '}
                  <button
                    type="button"
                    className="button ghost small"
                    aria-expanded={showEmpty}
                    onClick={() => setShowEmpty((v) => !v)}
                  >
                    {showEmpty ? t('common.hide') : t('common.show')}
                  </button>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {free.length > 0 && (
        <p className="hint results-note results-free" data-testid="results-free">
          {t('results.free', { facts: free.join(' · ') })}
        </p>
      )}
      {note && <p className="hint results-note">{note}</p>}
    </section>
  );
}

const BAR_ROW = 34;

export function ProviderSummary({ providers }: { providers: Record<string, number> }) {
  const t = useT();
  const titleId = useId();
  const entries = Object.entries(providers)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  const data = entries.map(([code, value]) => ({
    name: providerLabel(code, t),
    value,
    label: `${formatNumber(value)} · ${formatShare(value, total)}`,
  }));
  const chartHeight = data.length * BAR_ROW + 8;
  const dominant = dominantPart(entries.map(([key, value]) => ({ key, value })));

  return (
    <section className="card results-card" aria-labelledby={titleId}>
      <h2 className="results-card-title" id={titleId}>
        {t('results.providers.title')}
      </h2>
      <p className="hint results-card-hint">{t('results.providers.hint')}</p>
      {entries.length === 0 ? (
        <p className="results-empty">{t('results.providers.none')}</p>
      ) : dominant ? (
        <p className="chart-sentence" data-testid="provider-sentence">
          {providerSentence(dominant, providerLabel(dominant.key, t), t)}
        </p>
      ) : (
        <>
          <div className="provider-chart" aria-hidden="true">
            <Suspense fallback={<div style={{ height: chartHeight }} />}>
              <ProviderBars data={data} height={chartHeight} />
            </Suspense>
          </div>
          <table className="visually-hidden">
            <caption>{t('results.providers.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('results.column.provider')}</th>
                <th scope="col">{t('results.column.addresses')}</th>
                <th scope="col">{t('results.column.share')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.name}>
                  <th scope="row">{d.name}</th>
                  <td>{formatNumber(d.value)}</td>
                  <td>{formatShare(d.value, total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
