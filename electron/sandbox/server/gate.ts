// What an API request must pass before its endpoint runs, in this order: a
// valid key, no maintenance, capacity to spare, then an injected dropped
// connection (before or after the work), then, for the synchronous checks, a
// free in-flight slot. Kept apart from the routes so the order reads in one place.
import type { Socket } from 'node:net';
import type { SandboxConfig } from '../config';
import { Readable } from 'node:stream';
import { takeCounted, takeReset, type FaultState } from '../faults';
import { SandboxError, type Reply } from './http';
import type { Slots } from '../limits';

/** Synchronous checks count against the in-flight limits. */
export type Slot = 'single' | 'multi';

/** The live parts of the sandbox the gate reads. */
export interface GateState {
  config: SandboxConfig;
  faults: FaultState;
  slots: Slots;
}

export interface Passage {
  /** The request's API key if it names an account, else null. */
  key: string | null;
  path: string;
  slot?: Slot;
  socket: Socket;
}

/** Refuses the request unless the key is valid and the service is up and has room. */
function admit(faults: FaultState, key: string | null, path: string): asserts key is string {
  if (key === null) throw new SandboxError(40100, 'missing or invalid API key');
  if (faults.maintenance)
    throw new SandboxError(50300, 'the validation service is under maintenance');
  if (faults.capacity.remaining > 0) {
    faults.capacity.remaining -= 1;
    throw new SandboxError(50303, 'the service is at capacity', {
      'Retry-After': faults.capacity.retryAfter,
    });
  }
  const refusal = takeCounted(faults.refusals, path);
  if (refusal) {
    const waitHeader = refusal.code === 42901 || refusal.code === 50303;
    throw new SandboxError(
      refusal.code,
      'refused for a while (sandbox fault)',
      waitHeader ? { 'Retry-After': refusal.retryAfter } : undefined,
    );
  }
}

/** A proxy's error page in front of the service: HTML, no envelope. */
function errorPage(status: number): Reply {
  return {
    kind: 'stream',
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    stream: Readable.from([`<html><body><h1>${status} Bad Gateway</h1></body></html>`]),
  };
}

/** Runs the endpoint once the request is through the gate; 'dropped' when a reset fault cut it. */
export async function throughGate(
  state: GateState,
  passage: Passage,
  run: (key: string) => Promise<Reply>,
): Promise<Reply | 'dropped'> {
  const { key, socket } = passage;
  const page = takeCounted(state.faults.errorPages, passage.path);
  if (page) return errorPage(page.status);
  admit(state.faults, key, passage.path);
  const reset = takeReset(state.faults, passage.path);
  if (reset === 'before') {
    socket.destroy();
    return 'dropped';
  }
  let release: (() => void) | null = null;
  if (passage.slot) {
    release = state.slots.enter(key, passage.slot === 'multi');
    if (!release) {
      throw new SandboxError(
        42901,
        'all in-flight slots are taken, or a multi check is already running',
        {
          'Retry-After': String(state.config.busyRetryAfterSeconds),
        },
      );
    }
  }
  try {
    const reply = await run(key);
    if (reset === 'after') {
      socket.destroy();
      return 'dropped';
    }
    return reply;
  } catch (err) {
    if (reset === 'after') {
      socket.destroy();
      return 'dropped';
    }
    throw err;
  } finally {
    release?.();
  }
}
