// The one query-key factory: every cache entry of server state is named here,
// so invalidation after an event or a mutation cannot miss a spelling.
import type { RowFilter, SkipChoice } from '../../../electron/common/views/views';
import type { ExportFilter, OthersChoice } from '../../../electron/common/model';

/** The rows an export keeps: a panel's choice, or the results' filter. */
export type ExportRows = ExportFilter | RowFilter;
import type { PlatformId } from '../../../electron/common/catalogs/platforms';

export const queryKeys = {
  account: ['account'] as const,
  balance: ['balance'] as const,
  settings: ['settings'] as const,
  update: ['update'] as const,
  /** The memory of answers already paid for, of the account in use. */
  memory: ['memory'] as const,
  /** The team store: where it is, its schema, and the account's answers there. */
  team: ['team'] as const,
  /** The team's finished jobs and spend, from the store (under 'team': a store's change refreshes them). */
  teamHistory: (offset: number) => [...queryKeys.team, 'history', offset] as const,
  teamSpend: () => [...queryKeys.team, 'spend'] as const,
  /** The user's allow and block rules (Settings → Rules). */
  rules: ['rules'] as const,
  /** The account's suppression list: its count and files. */
  suppression: ['suppression'] as const,
  platforms: {
    all: ['platforms'] as const,
    /** Each platform and whether a key is saved for it. */
    connections: () => [...queryKeys.platforms.all, 'connections'] as const,
    /** A connected platform's lists, audiences or segments, with their sizes. */
    lists: (platform: PlatformId) => [...queryKeys.platforms.all, 'lists', platform] as const,
  },
  watches: {
    all: ['watches'] as const,
    list: () => [...queryKeys.watches.all, 'list'] as const,
    /** A watch's runs, newest first. */
    runs: (watchId: string) => [...queryKeys.watches.all, 'runs', watchId] as const,
    /** What "Keep this list clean…" would watch for a finished platform job. */
    draft: (jobId: string) => [...queryKeys.watches.all, 'draft', jobId] as const,
    /** This computer's scheduler entry ("Run watches when List Cleaner is closed"). */
    scheduler: () => [...queryKeys.watches.all, 'scheduler'] as const,
  },
  /** A job's newest bounce report match, or null before the first. */
  bounces: (jobId: string) => ['bounces', jobId] as const,
  writeBack: {
    all: ['write-back'] as const,
    /** What writing a job's verdicts back would change. */
    plan: (jobId: string) => [...queryKeys.writeBack.all, 'plan', jobId] as const,
    /** The job's write-back as it stands (main pushes each change), or null before the first. */
    report: (jobId: string) => [...queryKeys.writeBack.all, 'report', jobId] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    list: () => [...queryKeys.jobs.all, 'list'] as const,
    summary: (jobId: string) => [...queryKeys.jobs.all, 'summary', jobId] as const,
    /** A page of rows, of all of them or of those a filter passes. */
    rows: (jobId: string, page: number, filter: RowFilter | null) =>
      [...queryKeys.jobs.all, 'rows', jobId, filter, page] as const,
    rowsOf: (jobId: string) => [...queryKeys.jobs.all, 'rows', jobId] as const,
    /** The bounces to expect of the rows an export keeps: under rowsOf, so new answers renew it. */
    forecast: (jobId: string, filter: ExportRows) =>
      [...queryKeys.jobs.all, 'rows', jobId, 'forecast', filter] as const,
    /** A job's addresses by domain (the results' per-domain table and the domain filter). */
    domains: (jobId: string) => [...queryKeys.jobs.all, 'domains', jobId] as const,
    /** Every estimate: settings and the memory of answers change them all. */
    estimates: () => [...queryKeys.jobs.all, 'estimate'] as const,
    /** Every estimate of a job, whatever the product and the choice of what not to pay for. */
    estimatesOf: (jobId: string) => [...queryKeys.jobs.estimates(), jobId] as const,
    /**
     * The choice of what not to pay for, and for Email + avatar of what becomes
     * of the addresses it does not cover, change what is sent, and so the estimate.
     */
    estimate: (jobId: string, product: string, skip: SkipChoice, others: OthersChoice = 'skip') =>
      [
        ...queryKeys.jobs.estimatesOf(jobId),
        product,
        { disposable: skip.disposable, noMail: skip.noMail, role: skip.role },
        product === 'avatar' ? others : 'skip',
      ] as const,
  },
};
