// The results' filter of rows, per job: which outcomes, providers, domains
// and findings the rows table shows. The same filter goes to main with each
// page of rows and, when the user picks "The rows I see", with the export, so
// the saved file holds exactly the rows on screen. UI state only (zustand):
// main keeps nothing of it.
import { create } from 'zustand';
import type { RowFilter, RowFlag } from '../../../../../electron/ipc/contract';
import { providerLabel, OUTCOME_LABEL } from '../outcomes';

export const NO_FILTER: RowFilter = { outcomes: [], providers: [], domains: [], findings: [] };

export type Facet = keyof RowFilter;

/** The findings a row may be filtered by, in the words of the free checks. */
export const FINDING_LABEL: Record<RowFlag, string> = {
  role: 'Role address',
  free: 'Free webmail',
  disposable: 'Disposable domain',
  typo: 'Likely typo',
  no_mail_server: 'No mail server',
  reused: 'Reused answer',
};

/** The filter in a canonical order, so the same choice is one cache entry however it was made. */
export function canonical(f: RowFilter): RowFilter {
  const sorted = <T extends string>(values: readonly T[]) => [...new Set(values)].sort();
  return {
    outcomes: sorted(f.outcomes),
    providers: sorted(f.providers),
    domains: sorted(f.domains.map((d) => d.trim().toLowerCase()).filter(Boolean)),
    findings: sorted(f.findings),
  };
}

/** The filter in words, for the export's choice and the screen reader: "Undeliverable · gmail.com". */
export function filterWords(f: RowFilter): string {
  const parts = [
    f.outcomes.map((o) => OUTCOME_LABEL[o]).join(' or '),
    f.providers.map(providerLabel).join(' or '),
    f.domains.join(' or '),
    f.findings.map((x) => FINDING_LABEL[x]).join(' or '),
  ];
  return parts.filter(Boolean).join(' · ');
}

interface FilterState {
  byJob: Record<string, RowFilter>;
  toggle<F extends Facet>(jobId: string, facet: F, value: RowFilter[F][number], on: boolean): void;
  clear(jobId: string): void;
}

export const useFilterStore = create<FilterState>((set) => ({
  byJob: {},
  toggle: (jobId, facet, value, on) =>
    set((s) => {
      const now = s.byJob[jobId] ?? NO_FILTER;
      const values = (now[facet] as string[]).filter((v) => v !== value);
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
