// The one query-key factory: every cache entry of server state is named here,
// so invalidation after an event or a mutation cannot miss a spelling.
export const queryKeys = {
  account: ['account'] as const,
  balance: ['balance'] as const,
  settings: ['settings'] as const,
  update: ['update'] as const,
  jobs: {
    all: ['jobs'] as const,
    list: () => [...queryKeys.jobs.all, 'list'] as const,
    summary: (jobId: string) => [...queryKeys.jobs.all, 'summary', jobId] as const,
    rows: (jobId: string, page: number) => [...queryKeys.jobs.all, 'rows', jobId, page] as const,
    rowsOf: (jobId: string) => [...queryKeys.jobs.all, 'rows', jobId] as const,
    estimate: (jobId: string, product: string) =>
      [...queryKeys.jobs.all, 'estimate', jobId, product] as const,
  },
};
