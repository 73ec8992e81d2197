// Everything about the sandbox that a test, a benchmark or the demo may want
// to tune, with defaults that follow the service interface.

export type Product = 'email' | 'email_avatar' | 'email_batch' | 'email_avatar_batch';

export interface SandboxConfig {
  /** Unit prices in micros of USD per checked address. */
  prices: Record<Product, number>;
  /** In-flight single and multi checks per key. */
  maxInFlight: number;
  /** Multi checks running at once per account. */
  maxConcurrentMulti: number;
  /** Retry-After seconds sent with 42901. */
  busyRetryAfterSeconds: number;
  /** Time limits of the synchronous checks; past them the answer is 50400. */
  singleTimeoutMs: number;
  multiTimeoutMs: number;
  /** Added to every single and multi check: a fixed latency for benchmarks. */
  checkLatencyMs: number;
  /** How long the "slow" test addresses take to check. */
  slowAddressMs: number;
  /** Usage quota: checked addresses per key before 42900; null for none. */
  usageQuota: number | null;
  /** Bulk tasks still processing per key before 42900 ("too many unfinished orders"). */
  maxUnfinishedTasks: number;
  /** Largest JSON body accepted, in bytes. */
  maxJsonBytes: number;
  /** Largest bulk file accepted, in bytes. */
  maxFileBytes: number;
  /** Addresses per bulk task, per product. */
  bulkMinLines: number;
  bulkMaxLines: Record<'email_batch' | 'email_avatar_batch', number>;
  /** Processing speed of bulk tasks, addresses per second. */
  bulkAddressesPerSecond: number;
  /** After a task succeeds, result_url stays absent this long ("briefly not ready"). */
  resultNotReadyMs: number;
  /** How long a result link works after it is handed out. */
  resultLinkTtlMs: number;
  /** How long a finished task (and its result) is kept; then it is gone (40400). */
  taskRetentionMs: number;
  /** Requests kept in the request log; the oldest go first. */
  requestLogLimit: number;
}

export const MICROS_PER_USD = 1_000_000;

export function defaultConfig(): SandboxConfig {
  return {
    prices: { email: 1_000, email_avatar: 3_000, email_batch: 1_000, email_avatar_batch: 3_000 },
    maxInFlight: 5,
    maxConcurrentMulti: 1,
    busyRetryAfterSeconds: 1,
    singleTimeoutMs: 60_000,
    multiTimeoutMs: 300_000,
    checkLatencyMs: 0,
    slowAddressMs: 3_000,
    usageQuota: null,
    maxUnfinishedTasks: 20,
    maxJsonBytes: 1_048_576,
    maxFileBytes: 20 * 1_048_576,
    bulkMinLines: 1_000,
    bulkMaxLines: { email_batch: 500_000, email_avatar_batch: 100_000 },
    bulkAddressesPerSecond: 5_000,
    resultNotReadyMs: 2_000,
    resultLinkTtlMs: 10 * 60_000,
    taskRetentionMs: 60 * 60_000,
    requestLogLimit: 100_000,
  };
}
