// The sandbox's bulk task service: POST /api/v1/bulk-tasks makes a task from
// an uploaded file (reserving its whole cost, under the key's limits and
// Idempotency-Key), GET /api/v1/bulk-tasks/{id} reports it, and a signed link
// opens its result file. This file keeps the tasks and their timers; reading
// the upload, a task's state and the result file each live in their own file.
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { SandboxError, okReply, sandboxCodes, type Reply } from '../server/http';
import { checkUpload, parseUpload } from './bulk-upload';
import { settle, taskView, type BulkContext, type BulkTask } from './bulk-task';
import { createResultLinks, resultFile } from './bulk-result';

export type { BulkContext, BulkProduct } from './bulk-task';

export interface BulkService {
  submit(req: IncomingMessage, ctx: BulkContext): Promise<Reply>;
  get(id: string, ctx: BulkContext): Reply;
  result(id: string, query: URLSearchParams, ctx: Omit<BulkContext, 'key'>): Reply;
  /** Task ids per key, for tests. */
  tasks(key?: string): readonly string[];
  dispose(): void;
}

export function createBulkService(): BulkService {
  const tasks = new Map<string, BulkTask>();
  const idempotency = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const links = createResultLinks();
  const view = (task: BulkTask, ctx: BulkContext, now: number) =>
    taskView(task, ctx, now, links.url);

  return {
    async submit(req, ctx) {
      const type = req.headers['content-type'] ?? '';
      if (!/^multipart\/form-data\b/i.test(type)) {
        throw new SandboxError(
          sandboxCodes.unsupportedMediaType,
          'send the file as multipart/form-data',
        );
      }
      const idemHeader = req.headers['idempotency-key'];
      const idemKey = typeof idemHeader === 'string' ? idemHeader : null;
      if (idemKey !== null && (idemKey.length === 0 || idemKey.length > 128)) {
        throw new SandboxError(40000, 'Idempotency-Key must be 1 to 128 characters');
      }
      const parsed = await parseUpload(req, ctx.config.maxFileBytes);
      const now = Date.now();

      // The same key returns the task it already made, and charges nothing more.
      const existing = idemKey === null ? undefined : idempotency.get(`${ctx.key}\0${idemKey}`);
      const existingTask = existing === undefined ? undefined : tasks.get(existing);
      if (existingTask) return okReply(view(existingTask, ctx, now));

      const product = checkUpload(parsed, ctx.config);
      const unfinished = [...tasks.values()].filter(
        (t) => t.key === ctx.key && now < t.finishAt,
      ).length;
      if (unfinished >= ctx.config.maxUnfinishedTasks) {
        throw new SandboxError(42900, 'too many unfinished bulk tasks on this key');
      }
      const { usageQuota } = ctx.config;
      if (
        usageQuota !== null &&
        (ctx.usage.get(ctx.key) ?? 0) + parsed.addresses.length > usageQuota
      ) {
        throw new SandboxError(42900, 'the usage quota of this key is exhausted');
      }
      const id = randomBytes(12).toString('hex');
      const reservedMicros = parsed.submittedLines * ctx.config.prices[product];
      if (
        !ctx.ledger.reserve(ctx.key, reservedMicros, {
          product,
          addresses: parsed.submittedLines,
          ref: id,
        })
      ) {
        throw new SandboxError(40200, 'insufficient balance for the whole file');
      }
      const willFail = ctx.faults.failNextTasks > 0;
      if (willFail) ctx.faults.failNextTasks -= 1;
      const durationMs = Math.ceil(
        (parsed.addresses.length / ctx.config.bulkAddressesPerSecond) * 1000,
      );
      const task: BulkTask = {
        id,
        key: ctx.key,
        product,
        createdAt: now,
        finishAt: now + durationMs,
        submittedLines: parsed.submittedLines,
        invalidCnt: parsed.invalidCnt,
        duplicateCnt: parsed.duplicateCnt,
        addresses: parsed.addresses,
        verdicts: Uint8Array.from(parsed.verdicts),
        willFail,
        reservedMicros,
        settled: null,
      };
      tasks.set(id, task);
      if (idemKey !== null) idempotency.set(`${ctx.key}\0${idemKey}`, id);
      // Money moves when the task finishes, whether or not anyone is polling;
      // the task and its result are kept for taskRetentionMs after that.
      const later = (ms: number, run: () => void) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          run();
        }, ms);
        timer.unref();
        timers.add(timer);
      };
      later(durationMs, () => {
        settle(task, ctx.ledger, ctx.config, ctx.usage);
        later(ctx.config.taskRetentionMs, () => {
          tasks.delete(id);
          if (idemKey !== null) idempotency.delete(`${ctx.key}\0${idemKey}`);
        });
      });

      const data = view(task, ctx, now);
      if (ctx.faults.older.submit) {
        return okReply({
          id: data.id,
          product: data.product,
          status: data.status,
          total: data.total,
          created_at: data.created_at,
        });
      }
      return okReply(data);
    },

    get(id, ctx) {
      const task = tasks.get(id);
      if (!task || task.key !== ctx.key)
        throw new SandboxError(sandboxCodes.notFound, 'no such task');
      return okReply(view(task, ctx, Date.now()));
    },

    result(id, query, ctx) {
      const task = links.open(id, query, tasks.get(id));
      return resultFile(task, ctx.config.slowAddressMs, ctx.faults.older.zipResult);
    },

    tasks: (key) =>
      [...tasks.values()].filter((t) => key === undefined || t.key === key).map((t) => t.id),

    dispose() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
