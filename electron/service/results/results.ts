// What the client hands back: the service's data as typed values, in the
// words the rest of List Cleaner uses (an outcome, not a "registered" flag).
import type { BalanceData, BulkProduct, BulkTaskData, MultiData } from '../schemas';

export interface Balance {
  balanceMicros: number;
}

export type Outcome = 'deliverable' | 'undeliverable' | 'unknown';

export interface CheckResult {
  identifier: string;
  outcome: Outcome;
  /** For email: a provider code, '' when not registered; null where the answer has none. */
  provider: string | null;
  avatar: boolean | null;
  avatarUrl: string | null;
}

export interface BatchResult {
  total: number;
  succeeded: number;
  failed: number;
  /** One per address sent, in the same order. */
  results: CheckResult[];
}

export interface BulkTask {
  id: string;
  product: BulkProduct;
  status: 'processing' | 'success' | 'failed';
  total: number;
  createdAt: string;
  submittedLines: number | null;
  invalidCnt: number | null;
  duplicateCnt: number | null;
  preparing: boolean | null;
  successCnt: number | null;
  failureCnt: number | null;
  resultUrl: string | null;
}

export const toBalance = (d: BalanceData): Balance => ({ balanceMicros: d.balance_micros });

export function toTask(d: BulkTaskData): BulkTask {
  return {
    id: d.id,
    product: d.product,
    status: d.status,
    total: d.total,
    createdAt: d.created_at,
    submittedLines: d.submitted_lines ?? null,
    invalidCnt: d.invalid_cnt ?? null,
    duplicateCnt: d.duplicate_cnt ?? null,
    preparing: d.preparing ?? null,
    successCnt: d.success_cnt ?? null,
    failureCnt: d.failure_cnt ?? null,
    resultUrl: d.result_url ?? null,
  };
}

export function toResult(entry: {
  identifier: string;
  registered: boolean;
  provider?: string;
  avatar?: boolean;
  avatar_url?: string;
}): CheckResult {
  return {
    identifier: entry.identifier,
    outcome: entry.registered ? 'deliverable' : 'undeliverable',
    provider: entry.provider ?? null,
    avatar: entry.avatar ?? null,
    avatarUrl: entry.avatar_url ?? null,
  };
}

export const unknownResult = (identifier: string): CheckResult => ({
  identifier,
  outcome: 'unknown',
  provider: null,
  avatar: null,
  avatarUrl: null,
});

/** An entry the service could not look up (exists: false) is an unknown outcome, not a failure. */
export function toBatch(d: MultiData): BatchResult {
  return {
    total: d.total,
    succeeded: d.succeeded,
    failed: d.failed,
    results: d.results.map((entry) =>
      entry.exists ? toResult(entry) : unknownResult(entry.identifier),
    ),
  };
}
