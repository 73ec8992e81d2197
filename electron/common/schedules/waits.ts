// Why a job waits for the service, as every process names it: the core waits
// these refusals out (jobs/waits/wait-out.ts), the window and the command line
// say them. No dependencies.

export const WAIT_REASONS = [
  /** 50300: the service is under maintenance. */
  'maintenance',
  /** 50303: the service is at capacity. */
  'capacity',
  /** 42901: the account's checks at a time are all in use. */
  'busy',
  /** 42900: too many unfinished orders, or a usage quota used up. */
  'orders',
  /** 50400, or no answer in time. */
  'timeout',
  /** An error page (HTTP 5xx) instead of the service's answer. */
  'server_error',
  /** No network, or the service cannot be reached. */
  'unreachable',
  /** 40200: the balance does not cover the next request. */
  'funds',
  /** A bulk task the service could not finish (refunded): sent again. */
  'task_failed',
] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];
