// The two summaries of a finished job: rows by outcome (a donut with a legend
// table that carries every number and what each outcome means) and checked
// addresses by mailbox provider (bars, with a table for screen readers). The
// charts are pictures of the tables beside them, so they are hidden from
// assistive technology and never take focus.
import { useId } from 'react';
import { Bar, BarChart, Cell, LabelList, Pie, PieChart, XAxis, YAxis } from 'recharts';
import type { RowStatusName } from '../../../../electron/ipc/contract';
import {
  OUTCOME_LABEL,
  OUTCOME_MEANING,
  OUTCOMES,
  formatCount,
  formatShare,
  providerLabel,
} from './outcomes';

export function OutcomeSummary({
  statuses,
  note = null,
}: {
  statuses: Record<RowStatusName, number>;
  /** A line under the table, such as why there is no provider breakdown. */
  note?: string | null;
}) {
  const titleId = useId();
  const total = OUTCOMES.reduce((sum, o) => sum + statuses[o], 0);
  const slices = OUTCOMES.filter((o) => statuses[o] > 0).map((o) => ({
    outcome: o,
    value: statuses[o],
  }));
  return (
    <section className="card results-card" aria-labelledby={titleId}>
      <h2 className="results-card-title" id={titleId}>
        Outcomes
      </h2>
      <div className="outcome-summary">
        <div className="donut" aria-hidden="true">
          <PieChart width={184} height={184} accessibilityLayer={false}>
            <Pie
              data={slices}
              dataKey="value"
              nameKey="outcome"
              innerRadius={60}
              outerRadius={90}
              startAngle={90}
              endAngle={-270}
              paddingAngle={slices.length > 1 ? 1.5 : 0}
              stroke="none"
              rootTabIndex={-1}
              isAnimationActive={false}
            >
              {slices.map((s) => (
                <Cell key={s.outcome} className={`outcome-fill-${s.outcome}`} />
              ))}
            </Pie>
          </PieChart>
          <div className="donut-center">
            <span className="donut-total">{formatCount(total)}</span>
            <span className="donut-caption">{total === 1 ? 'row' : 'rows'}</span>
          </div>
        </div>
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
                <td className="num">{formatCount(statuses[o])}</td>
                <td className="num">{formatShare(statuses[o], total)}</td>
                <td className="meaning">{OUTCOME_MEANING[o]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
    label: `${formatCount(value)} · ${formatShare(value, total)}`,
  }));

  return (
    <section className="card results-card" aria-labelledby={titleId}>
      <h2 className="results-card-title" id={titleId}>
        Mailbox providers
      </h2>
      <p className="hint results-card-hint">Checked addresses by the provider that hosts them.</p>
      {entries.length === 0 ? (
        <p className="results-empty">No address was checked, so there are no providers to show.</p>
      ) : (
        <>
          <div className="provider-chart" aria-hidden="true">
            <BarChart
              layout="vertical"
              data={data}
              responsive
              style={{ width: '100%', height: data.length * BAR_ROW + 8 }}
              margin={{ top: 4, right: 120, bottom: 4, left: 0 }}
              barCategoryGap={6}
              accessibilityLayer={false}
            >
              <XAxis type="number" hide domain={[0, 'dataMax']} />
              <YAxis
                type="category"
                dataKey="name"
                width={128}
                tickLine={false}
                axisLine={false}
                interval={0}
              />
              <Bar
                dataKey="value"
                className="provider-bar"
                radius={[0, 4, 4, 0]}
                isAnimationActive={false}
                minPointSize={2}
              >
                <LabelList dataKey="label" position="right" className="provider-bar-label" />
              </Bar>
            </BarChart>
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
                  <td>{formatCount(d.value)}</td>
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
