// The one query-key factory: every cache entry of server state is named here,
// so invalidation after an event or a mutation cannot miss a spelling.
export const queryKeys = {
  account: ['account'] as const,
  balance: ['balance'] as const,
  settings: ['settings'] as const,
};
