// The results' filter of rows, per job: which outcomes, providers, domains,
// findings and risks the rows table shows. The same filter goes to main with each
// page of rows and, when the user picks "The rows I see", with the export, so
// the saved file holds exactly the rows on screen. UI state only (zustand):
// main keeps nothing of it.
import { create } from 'zustand';
import type { RowFilter, RowFlag } from '../../../../../electron/ipc/contract';
import type { RiskLevel } from '../../../../../electron/common/model';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { outcomeLabel, providerLabel } from '../outcomes';

export const NO_FILTER: RowFilter = {
  outcomes: [],
  providers: [],
  domains: [],
  findings: [],
  risks: [],
};

export type Facet = keyof RowFilter;
/** One value of a facet (each facet is a list; risks may be absent from a filter made elsewhere). */
export type FacetValue<F extends Facet> = NonNullable<RowFilter[F]>[number];

/** The findings a row may be filtered by, in the words of the free checks. */
const FINDING_LABEL_ID = {
  role: 'rows.finding.role',
  free: 'rows.finding.free',
  disposable: 'rows.finding.disposable',
  typo: 'rows.finding.typo',
  no_mail_server: 'rows.finding.noMailServer',
  reused: 'rows.finding.reused',
} as const satisfies Record<RowFlag, MessageId>;

export const findingLabel = (finding: RowFlag, t: Translate): string =>
  t(FINDING_LABEL_ID[finding]);

const RISK_LABEL_ID = {
  low: 'rows.risk.low',
  medium: 'rows.risk.medium',
  high: 'rows.risk.high',
} as const satisfies Record<RiskLevel, MessageId>;

export const riskLabel = (risk: RiskLevel, t: Translate): string => t(RISK_LABEL_ID[risk]);

/** The filter in a canonical order, so the same choice is one cache entry however it was made. */
export function canonical(f: RowFilter): RowFilter {
  const sorted = <T extends string>(values: readonly T[]) => [...new Set(values)].sort();
  return {
    outcomes: sorted(f.outcomes),
    providers: sorted(f.providers),
    domains: sorted(f.domains.map((d) => d.trim().toLowerCase()).filter(Boolean)),
    findings: sorted(f.findings),
    risks: sorted(f.risks ?? []),
  };
}

/** Any of `choices`: "Deliverable or Unknown". */
const anyOf = (choices: readonly string[], t: Translate): string =>
  choices.reduce((said, choice) => (said ? t('rows.filter.or', { said, choice }) : choice), '');

/** The filter in words, for the export's choice and the screen reader: "Undeliverable · gmail.com". */
export function filterWords(f: RowFilter, t: Translate): string {
  const parts = [
    anyOf(
      f.outcomes.map((o) => outcomeLabel(o, t)),
      t,
    ),
    anyOf(
      f.providers.map((p) => providerLabel(p, t)),
      t,
    ),
    anyOf(f.domains, t),
    anyOf(
      f.findings.map((x) => findingLabel(x, t)),
      t,
    ),
    anyOf(
      (f.risks ?? []).map((r) => riskLabel(r, t)),
      t,
    ),
  ];
  return parts.filter(Boolean).join(' · ');
}

interface FilterState {
  byJob: Record<string, RowFilter>;
  toggle<F extends Facet>(jobId: string, facet: F, value: FacetValue<F>, on: boolean): void;
  clear(jobId: string): void;
}

export const useFilterStore = create<FilterState>((set) => ({
  byJob: {},
  toggle: (jobId, facet, value, on) =>
    set((s) => {
      const now = s.byJob[jobId] ?? NO_FILTER;
      const values = ((now[facet] ?? []) as string[]).filter((v) => v !== value);
      if (on) values.push(value);
      return { byJob: { ...s.byJob, [jobId]: canonical({ ...now, [facet]: values }) } };
    }),
  clear: (jobId) =>
    set((s) => ({
      byJob: Object.fromEntries(Object.entries(s.byJob).filter(([id]) => id !== jobId)),
    })),
}));

/** The filter of a job's rows: no filter until the user picks one. */
export const useRowFilter = (jobId: string): RowFilter =>
  useFilterStore((s) => s.byJob[jobId] ?? NO_FILTER);
