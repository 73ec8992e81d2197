// Limits the service sets that every process shares: main validates settings
// against them, and the window's settings form shows them. No dependencies,
// so the renderer can take them without pulling main's code (or zod) into
// the window's bundle.

/** The service asks to be polled no more often than this; only the sandbox may go faster. */
export const MIN_POLL_SECONDS = 30;
