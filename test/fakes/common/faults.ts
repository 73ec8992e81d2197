// Fault injection shared by the platform fakes, in the spirit of
// electron/sandbox/faults.ts: a client's tests switch a bad day on, the fake
// answers in the platform's own shape (each fake decides what a refusal or a
// refused key looks like).

export interface FaultState {
  /** The next n API requests are refused as over the platform's rate limit. */
  refuse: number;
  /** The next n API requests are answered as if the key were wrong. */
  failAuth: number;
  /** The next n API requests answer this 5xx status. */
  serverError: { status: number; remaining: number };
  /** Every API answer waits this much longer. */
  slowMs: number;
}

export interface FaultControls {
  refuse(n?: number): void;
  failAuth(n?: number): void;
  serverError(status?: number, n?: number): void;
  slow(ms: number): void;
  clear(): void;
}

export function healthyFaults(): FaultState {
  return { refuse: 0, failAuth: 0, serverError: { status: 503, remaining: 0 }, slowMs: 0 };
}

export function createFaultControls(state: FaultState): FaultControls {
  return {
    refuse: (n = 1) => void (state.refuse = n),
    failAuth: (n = 1) => void (state.failAuth = n),
    serverError: (status = 503, n = 1) => void (state.serverError = { status, remaining: n }),
    slow: (ms) => void (state.slowMs = ms),
    clear: () => void Object.assign(state, healthyFaults()),
  };
}

export type TakenFault = 'refuse' | 'failAuth' | { serverError: number } | null;

/** Takes the first pending counted fault, if any (auth first: a refused key is seen before any limit). */
export function takeFault(state: FaultState): TakenFault {
  if (state.failAuth > 0) {
    state.failAuth -= 1;
    return 'failAuth';
  }
  if (state.refuse > 0) {
    state.refuse -= 1;
    return 'refuse';
  }
  if (state.serverError.remaining > 0) {
    state.serverError.remaining -= 1;
    return { serverError: state.serverError.status };
  }
  return null;
}
