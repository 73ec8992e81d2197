// Switchable faults, so client tests can meet every bad day the real service
// may have: capacity, maintenance, dropped connections, slowness, failed
// tasks, and the older kinds of response.

export type ResetWhen = 'before' | 'after';

export interface OlderKind {
  /** Submit answers with only id, product, status, total and created_at. */
  submit: boolean;
  /** Multi check entries without provider. */
  multiWithoutProvider: boolean;
  /** The result file served as a zip archive holding the CSV. */
  zipResult: boolean;
}

export interface FaultState {
  capacity: { remaining: number; retryAfter: string };
  maintenance: boolean;
  resets: { when: ResetWhen; remaining: number; path: string | null };
  /** Cut a result download after this many bytes, for the next N downloads. */
  downloadCut: { afterBytes: number; remaining: number };
  slowMs: number;
  failNextTasks: number;
  older: OlderKind;
  /** The next requests (to path, if set) answer this envelope code before any work. */
  refusals: { code: number; remaining: number; path: string | null; retryAfter: string };
  /** The next requests (to path, if set) answer an HTML error page with this status, no envelope. */
  errorPages: { status: number; remaining: number; path: string | null };
  /**
   * Each address with a verdict is undetermined for its first `asks` checks
   * (42200 single, `exists: false` multi, charging nothing), then answered:
   * a greylisting mail server, for the tests of asking unknowns again.
   */
  undetermined: { asks: number; seen: Map<string, number> };
}

export interface FaultControls {
  /** The next n API requests answer 50303 with this Retry-After (seconds or an HTTP date). */
  capacity(n: number, retryAfter?: string | number): void;
  maintenance(on: boolean): void;
  /** The next n requests (to path, if given) lose their connection before or after the work. */
  resetConnection(when: ResetWhen, n?: number, path?: string): void;
  cutDownloads(afterBytes: number, n?: number): void;
  /** Every response waits this much longer. */
  slow(ms: number): void;
  /** The next n bulk tasks submitted end as failed. */
  failNextTasks(n?: number): void;
  olderKind(kind: Partial<OlderKind>): void;
  /**
   * The next n API requests (to path, if given) answer `code` in the envelope
   * before any work, charging nothing: 42900, 42901, 50300, 50400, 40200…
   * Retry-After goes with 42901 and 50303.
   */
  refuse(code: number, n?: number, path?: string, retryAfter?: string | number): void;
  /** The next n API requests (to path, if given) answer a proxy's HTML page with this HTTP status. */
  errorPage(status: number, n?: number, path?: string): void;
  /** Every address with a verdict answers "undetermined" to its first n checks, then its verdict. */
  undetermineFirst(n: number): void;
  /** Back to a healthy service. */
  clear(): void;
}

export function healthyFaults(): FaultState {
  return {
    capacity: { remaining: 0, retryAfter: '1' },
    maintenance: false,
    resets: { when: 'before', remaining: 0, path: null },
    downloadCut: { afterBytes: 0, remaining: 0 },
    slowMs: 0,
    failNextTasks: 0,
    older: { submit: false, multiWithoutProvider: false, zipResult: false },
    refusals: { code: 0, remaining: 0, path: null, retryAfter: '1' },
    errorPages: { status: 502, remaining: 0, path: null },
    undetermined: { asks: 0, seen: new Map() },
  };
}

/** Takes one of the faults counted down per request, when it applies to this path. */
export function takeCounted<T extends { remaining: number; path: string | null }>(
  fault: T,
  path: string,
): T | null {
  if (fault.remaining <= 0 || (fault.path !== null && fault.path !== path)) return null;
  fault.remaining -= 1;
  return fault;
}

export function createFaultControls(state: FaultState): FaultControls {
  return {
    capacity(n, retryAfter = 1) {
      state.capacity = { remaining: n, retryAfter: String(retryAfter) };
    },
    maintenance(on) {
      state.maintenance = on;
    },
    resetConnection(when, n = 1, path) {
      state.resets = { when, remaining: n, path: path ?? null };
    },
    cutDownloads(afterBytes, n = 1) {
      state.downloadCut = { afterBytes, remaining: n };
    },
    slow(ms) {
      state.slowMs = ms;
    },
    failNextTasks(n = 1) {
      state.failNextTasks = n;
    },
    refuse(code, n = 1, path, retryAfter = 1) {
      state.refusals = { code, remaining: n, path: path ?? null, retryAfter: String(retryAfter) };
    },
    errorPage(status, n = 1, path) {
      state.errorPages = { status, remaining: n, path: path ?? null };
    },
    undetermineFirst(n) {
      state.undetermined = { asks: n, seen: new Map() };
    },
    olderKind(kind) {
      state.older = { ...state.older, ...kind };
    },
    clear() {
      Object.assign(state, healthyFaults());
    },
  };
}

/** Takes one pending reset for this path, if any. */
export function takeReset(state: FaultState, path: string): ResetWhen | null {
  const r = state.resets;
  if (r.remaining <= 0 || (r.path !== null && r.path !== path)) return null;
  r.remaining -= 1;
  return r.when;
}

/** Whether this check of the address is one of the first it answers "undetermined" (undetermineFirst). */
export function takeUndetermined(state: FaultState, address: string): boolean {
  const u = state.undetermined;
  if (u.asks <= 0) return false;
  const seen = u.seen.get(address) ?? 0;
  if (seen >= u.asks) return false;
  u.seen.set(address, seen + 1);
  return true;
}
