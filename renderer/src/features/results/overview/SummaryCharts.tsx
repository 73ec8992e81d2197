// The two summaries of a finished job: rows by outcome (a donut with a legend
// table that carries every number and what each outcome means) and checked
// addresses by mailbox provider (bars, with a table for screen readers). The
// charts are pictures of the tables beside them, so they are hidden from
// assistive technology and never take focus. Their drawing code (recharts)
// loads on demand, the first time a summary is shown; the tables do not wait
// for it, and the pictures' room is kept while it loads. A chart that would
// say nothing (one part at 99% or more: a full circle, one long bar) gives
// way to its sentence, "All but 3 of 12,400 rows are deliverable".
import { lazy, Suspense, useId } from 'react';
import type { RowStatusName } from '../../../../../electron/ipc/contract';
import { formatNumber, formatShare } from '../../../format';
import { OUTCOME_LABEL, OUTCOME_MEANING, OUTCOMES, providerLabel } from '../outcomes';
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
  const titleId = useId();
  const total = OUTCOMES.reduce((sum, o) => sum + statuses[o], 0);
  const slices = OUTCOMES.filter((o) => statuses[o] > 0).map((o) => ({
    outcome: o,
    value: statuses[o],
  }));
  const dominant = dominantPart(slices.map((s) => ({ key: s.outcome, value: s.value })));
  return (
    <section className="card results-card" aria-labelledby={titleId}>
      <h2 className="results-card-title" id={titleId}>
        Outcomes
      </h2>
      <div className="outcome-summary">
        {dominant ? (
          <p
            className={`chart-sentence outcome-border-${dominant.key}`}
            data-testid="outcome-sentence"
          >
            {outcomeSentence(dominant)}
          </p>
        ) : (
          <div className="donut" aria-hidden="true" data-testid="outcome-donut">
            <Suspense fallback={<span className="donut-placeholder" />}>
              <OutcomeDonut slices={slices} size={DONUT_SIZE} />
            </Suspense>
            <div className="donut-center">
              <span className="donut-total">{formatNumber(total)}</span>
              <span className="donut-caption">{total === 1 ? 'row' : 'rows'}</span>
            </div>
          </div>
        )}
        <table className="legend-table" data-testid="outcome-table">
          <caption className="visually-hidden">
            Rows by outcome, with what each outcome means
          </caption>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col" className="num">
                Rows
              </th>
              <th scope="col" className="num">
                Share
              </th>
              <th scope="col">What it means</th>
            </tr>
          </thead>
          <tbody>
            {OUTCOMES.map((o) => (
              <tr key={o} data-outcome={o}>
                <th scope="row">
                  <span className={`legend-swatch outcome-bg-${o}`} aria-hidden="true" />
                  {OUTCOME_LABEL[o]}
                </th>
                <td className="num">{formatNumber(statuses[o])}</td>
                <td className="num">{formatShare(statuses[o], total)}</td>
                <td className="meaning">{OUTCOME_MEANING[o]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {free.length > 0 && (
        <p className="hint results-note results-free" data-testid="results-free">
          Without paying: {free.join(' · ')}.
        </p>
      )}
      {note && <p className="hint results-note">{note}</p>}
    </section>
  );
}

const BAR_ROW = 34;

export function ProviderSummary({ providers }: { providers: Record<string, number> }) {
  const titleId = useId();
  const entries = Object.entries(providers)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  const data = entries.map(([code, value]) => ({
    name: providerLabel(code),
    value,
    label: `${formatNumber(value)} · ${formatShare(value, total)}`,
  }));
  const chartHeight = data.length * BAR_ROW + 8;
  const dominant = dominantPart(entries.map(([key, value]) => ({ key, value })));

  return (
    <section className="card results-card" aria-labelledby={titleId}>
      <h2 className="results-card-title" id={titleId}>
        Mailbox providers
      </h2>
      <p className="hint results-card-hint">Checked addresses by the provider that hosts them.</p>
      {entries.length === 0 ? (
        <p className="results-empty">No address was checked, so there are no providers to show.</p>
      ) : dominant ? (
        <p className="chart-sentence" data-testid="provider-sentence">
          {providerSentence(dominant, providerLabel(dominant.key))}
        </p>
      ) : (
        <>
          <div className="provider-chart" aria-hidden="true">
            <Suspense fallback={<div style={{ height: chartHeight }} />}>
              <ProviderBars data={data} height={chartHeight} />
            </Suspense>
          </div>
          <table className="visually-hidden">
            <caption>Checked addresses by mailbox provider</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Addresses</th>
                <th scope="col">Share</th>
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
