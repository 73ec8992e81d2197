// The rows table's filter: outcomes, providers, domains, findings and risks as
// toggles, each with how many it concerns where that is known. Within a
// group any choice passes; across groups all must. The table, the count
// above it and the export's "The rows I see" all follow it.
import { useId, useState, type FormEvent } from 'react';
import type { RowFilter, RowStatusName } from '../../../../../electron/ipc/contract';
import { RISK_LEVELS, ROW_FLAGS } from '../../../../../electron/common/model';
import { isFiltered } from '../../../../../electron/common/row-filter';
import { useJobDomains } from '../../../api/job-hooks';
import { FieldError } from '../../../components/FieldError';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { OUTCOMES, outcomeLabel, providerLabel } from '../outcomes';
import { findingLabel, riskLabel, useFilterStore, type Facet, type FacetValue } from './row-filter';

interface Props {
  jobId: string;
  filter: RowFilter;
  statuses: Record<RowStatusName, number>;
  /** Provider code → addresses; empty when the checks named none. */
  providers: Record<string, number>;
}

/** Providers offered as toggles: the most common; the rest are rare enough to find by domain. */
const PROVIDERS_SHOWN = 8;

export function RowsFilter({ jobId, filter, statuses, providers }: Props) {
  const t = useT();
  const toggle = useFilterStore((s) => s.toggle);
  const clear = useFilterStore((s) => s.clear);
  const set = <F extends Facet>(facet: F, value: FacetValue<F>, on: boolean) =>
    toggle(jobId, facet, value, on);
  const topProviders = Object.entries(providers)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, PROVIDERS_SHOWN);

  return (
    <div className="rows-filter" role="group" aria-label={t('rows.filter.label')}>
      <Chips label={t('results.column.outcome')}>
        {OUTCOMES.filter((o) => statuses[o] > 0 || filter.outcomes.includes(o)).map((o) => (
          <Chip
            key={o}
            label={outcomeLabel(o, t)}
            count={statuses[o]}
            on={filter.outcomes.includes(o)}
            onChange={(on) => set('outcomes', o, on)}
            swatch={`outcome-bg-${o}`}
          />
        ))}
      </Chips>
      {topProviders.length > 0 && (
        <Chips label={t('results.column.provider')}>
          {topProviders.map(([code, n]) => (
            <Chip
              key={code}
              label={providerLabel(code, t)}
              count={n}
              on={filter.providers.includes(code)}
              onChange={(on) => set('providers', code, on)}
            />
          ))}
        </Chips>
      )}
      <DomainChoice jobId={jobId} filter={filter} onChange={(d, on) => set('domains', d, on)} />
      <Chips label={t('rows.filter.findings')}>
        {ROW_FLAGS.map((f) => (
          <Chip
            key={f}
            label={findingLabel(f, t)}
            on={filter.findings.includes(f)}
            onChange={(on) => set('findings', f, on)}
          />
        ))}
      </Chips>
      <Chips label={t('rows.filter.risk')}>
        {RISK_LEVELS.map((r) => (
          <Chip
            key={r}
            label={riskLabel(r, t)}
            on={(filter.risks ?? []).includes(r)}
            onChange={(on) => set('risks', r, on)}
          />
        ))}
      </Chips>
      {isFiltered(filter) && (
        <button type="button" className="button ghost small" onClick={() => clear(jobId)}>
          {t('rows.filter.clear')}
        </button>
      )}
    </div>
  );
}

function Chips({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <fieldset className="filter-group">
      <legend>{label}</legend>
      <div className="filter-chips">{children}</div>
    </fieldset>
  );
}

function Chip(props: {
  label: string;
  count?: number;
  on: boolean;
  onChange: (on: boolean) => void;
  swatch?: string;
}) {
  return (
    <label className={`filter-chip ${props.on ? 'is-on' : ''}`}>
      <input
        type="checkbox"
        checked={props.on}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.swatch && <span className={`legend-swatch ${props.swatch}`} aria-hidden="true" />}
      <span>{props.label}</span>
      {props.count !== undefined && (
        <span className="filter-count">{formatNumber(props.count)}</span>
      )}
    </label>
  );
}

/**
 * Domains: the chosen ones as removable chips, and a field to add one, with
 * the job's top domains offered as suggestions. A domain with no address in
 * the list is refused here, with the reason, rather than filtering to nothing.
 */
function DomainChoice(props: {
  jobId: string;
  filter: RowFilter;
  onChange: (domain: string, on: boolean) => void;
}) {
  const { jobId, filter, onChange } = props;
  const t = useT();
  const listId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const domains = useJobDomains(jobId);
  const top = domains.data?.top ?? [];

  const add = (e: FormEvent) => {
    e.preventDefault();
    const domain = typed.trim().toLowerCase().replace(/^.*@/, '');
    if (domain === '') return;
    if (domains.data && domains.data.other === null && !top.some((d) => d.domain === domain)) {
      setProblem(t('rows.filter.noDomain', { domain }));
      return;
    }
    setProblem(null);
    setTyped('');
    onChange(domain, true);
  };

  return (
    <fieldset className="filter-group">
      <legend>{t('results.column.domain')}</legend>
      <div className="filter-chips">
        {filter.domains.map((d) => (
          <button
            key={d}
            type="button"
            className="filter-chip is-on is-removable"
            onClick={() => onChange(d, false)}
            aria-label={t('rows.filter.removeDomain', { domain: d })}
          >
            <span>{d}</span>
            <span aria-hidden="true">×</span>
          </button>
        ))}
        <form className="filter-domain" onSubmit={add}>
          <input
            type="text"
            list={listId}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setProblem(null);
            }}
            placeholder={t('rows.filter.domainPlaceholder')}
            aria-label={t('rows.filter.domainLabel')}
            aria-describedby={problem ? hintId : undefined}
            aria-invalid={problem ? true : undefined}
            spellCheck={false}
            autoCapitalize="off"
          />
          <datalist id={listId}>
            {top.map((d) => (
              <option key={d.domain} value={d.domain}>
                {formatNumber(d.addresses)}
              </option>
            ))}
          </datalist>
          <button type="submit" className="button secondary small">
            {t('rows.filter.add')}
          </button>
        </form>
      </div>
      {problem && <FieldError id={hintId} message={problem} />}
    </fieldset>
  );
}
