// What a bulk task is once created, and what GET /api/v1/bulk-tasks/{id}
// answers for it. Its state is derived from the clock, so polling never
// changes what it reports; settling (the refund of what was reserved but not
// used) happens once, whichever comes first: the finish timer or a poll.
import type { SandboxConfig } from '../config';
import type { FaultState } from '../faults';
import type { Ledger } from '../ledger';

export type BulkProduct = 'email_batch' | 'email_avatar_batch';

export interface BulkTask {
  id: string;
  key: string;
  product: BulkProduct;
  createdAt: number;
  finishAt: number;
  submittedLines: number;
  invalidCnt: number;
  duplicateCnt: number;
  /** Unique valid addresses, normalized, in file order. */
  addresses: string[];
  /** The verdict of each address, worked out once as the file arrived. */
  verdicts: Uint8Array;
  willFail: boolean;
  reservedMicros: number;
  settled: { successCnt: number; failureCnt: number } | null;
}

export interface BulkContext {
  key: string;
  baseUrl: string;
  config: SandboxConfig;
  faults: FaultState;
  ledger: Ledger;
  usage: Map<string, number>;
}

/** How a verdict is kept in BulkTask.verdicts, one byte an address. */
export const verdictCodes = { deliverable: 0, undeliverable: 1, undetermined: 2 } as const;
export const UNDETERMINED = verdictCodes.undetermined;
export const DELIVERABLE = verdictCodes.deliverable;

/** Refunds what the finished task did not use, once; a failed task refunds it all. */
export function settle(
  task: BulkTask,
  ledger: Ledger,
  config: SandboxConfig,
  usage: Map<string, number>,
): void {
  if (task.settled) return;
  const movement = { product: task.product, ref: task.id };
  if (task.willFail) {
    task.settled = { successCnt: 0, failureCnt: task.addresses.length };
    ledger.refund(task.key, task.reservedMicros, { ...movement, addresses: task.submittedLines });
    return;
  }
  let successCnt = 0;
  for (const verdict of task.verdicts) if (verdict !== UNDETERMINED) successCnt += 1;
  task.settled = { successCnt, failureCnt: task.addresses.length - successCnt };
  const charged = successCnt * config.prices[task.product];
  ledger.refund(task.key, task.reservedMicros - charged, {
    ...movement,
    addresses: task.submittedLines - successCnt,
  });
  usage.set(task.key, (usage.get(task.key) ?? 0) + successCnt);
}

/** A signed link to task `id`'s result file, good until `expires` (ms since epoch). */
export type ResultUrl = (baseUrl: string, id: string, expires: number) => string;

/** The task as the service reports it at `now`, with a fresh result link once one is ready. */
export function taskView(
  task: BulkTask,
  ctx: BulkContext,
  now: number,
  resultUrl: ResultUrl,
): Record<string, unknown> {
  const created_at = new Date(task.createdAt).toISOString();
  if (now < task.finishAt) {
    return {
      id: task.id,
      product: task.product,
      status: 'processing',
      submitted_lines: task.submittedLines,
      total: task.submittedLines,
      invalid_cnt: 0,
      no_code_cnt: 0,
      other_country_cnt: 0,
      duplicate_cnt: 0,
      preparing: true,
      created_at,
    };
  }
  settle(task, ctx.ledger, ctx.config, ctx.usage);
  const settled = task.settled ?? { successCnt: 0, failureCnt: 0 };
  const data: Record<string, unknown> = {
    id: task.id,
    product: task.product,
    status: task.willFail ? 'failed' : 'success',
    submitted_lines: task.submittedLines,
    total: task.addresses.length,
    invalid_cnt: task.invalidCnt,
    no_code_cnt: 0,
    other_country_cnt: 0,
    duplicate_cnt: task.duplicateCnt,
    preparing: false,
    success_cnt: settled.successCnt,
    failure_cnt: settled.failureCnt,
    created_at,
  };
  if (!task.willFail && now >= task.finishAt + ctx.config.resultNotReadyMs) {
    data.result_url = resultUrl(ctx.baseUrl, task.id, now + ctx.config.resultLinkTtlMs);
  }
  return data;
}
