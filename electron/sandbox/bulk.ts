// Bulk tasks: POST /api/v1/bulk-tasks (a multipart file upload), GET
// /api/v1/bulk-tasks/{id}, and the signed, time-limited result file. A task's
// state is derived from the clock, so polling never changes what it reports.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import busboy from 'busboy';
import { Zip, ZipDeflate } from 'fflate';
import type { SandboxConfig } from './config';
import type { FaultState } from './faults';
import { SandboxError, okReply, sandboxCodes, type Reply } from './http';
import type { Ledger } from './ledger';
import {
  avatarProviders,
  isValidAddress,
  normalizeAddress,
  outcomeOf,
  providerOf,
  verdictOf,
} from './outcomes';

export type BulkProduct = 'email_batch' | 'email_avatar_batch';

interface BulkTask {
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

export interface BulkService {
  submit(req: IncomingMessage, ctx: BulkContext): Promise<Reply>;
  get(id: string, ctx: BulkContext): Reply;
  result(id: string, query: URLSearchParams, ctx: Omit<BulkContext, 'key'>): Reply;
  /** Task ids per key, for tests. */
  tasks(key?: string): readonly string[];
  dispose(): void;
}

interface ParsedUpload {
  serviceType: string | null;
  sawFile: boolean;
  tooLarge: boolean;
  notUtf8: boolean;
  submittedLines: number;
  invalidCnt: number;
  duplicateCnt: number;
  addresses: string[];
  verdicts: number[];
}

const verdictCodes = { deliverable: 0, undeliverable: 1, undetermined: 2 } as const;
const UNDETERMINED = verdictCodes.undetermined;
const DELIVERABLE = verdictCodes.deliverable;

/** Streams the multipart body, keeping only unique valid addresses in memory. */
function parseUpload(req: IncomingMessage, maxFileBytes: number): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    const parsed: ParsedUpload = {
      serviceType: null,
      sawFile: false,
      tooLarge: false,
      notUtf8: false,
      submittedLines: 0,
      invalidCnt: 0,
      duplicateCnt: 0,
      addresses: [],
      verdicts: [],
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fileSize: maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
      });
    } catch {
      reject(new SandboxError(40000, 'the multipart body has no boundary'));
      return;
    }
    const seen = new Set<string>();
    const takeLine = (raw: string) => {
      let line = raw.trim();
      if (line.length >= 2 && line.startsWith('"') && line.endsWith('"'))
        line = line.slice(1, -1).trim();
      if (line === '') return;
      parsed.submittedLines += 1;
      const address = normalizeAddress(line);
      if (!isValidAddress(address)) parsed.invalidCnt += 1;
      else if (seen.has(address)) parsed.duplicateCnt += 1;
      else {
        seen.add(address);
        parsed.addresses.push(address);
        parsed.verdicts.push(verdictCodes[verdictOf(address)]);
      }
    };

    bb.on('field', (name, value) => {
      if (name === 'service_type') parsed.serviceType = value;
    });
    bb.on('file', (name, stream) => {
      if (name !== 'file' || parsed.sawFile) {
        stream.resume();
        return;
      }
      parsed.sawFile = true;
      const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
      let carry = '';
      stream.on('limit', () => {
        parsed.tooLarge = true;
      });
      stream.on('data', (chunk: Buffer) => {
        if (parsed.tooLarge || parsed.notUtf8) return;
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          parsed.notUtf8 = true;
          return;
        }
        const lines = (carry + text).split(/\r\n|\n|\r/);
        carry = lines.pop() ?? '';
        for (const line of lines) takeLine(line);
      });
      stream.on('end', () => {
        if (parsed.tooLarge || parsed.notUtf8) return;
        try {
          carry += decoder.decode();
        } catch {
          parsed.notUtf8 = true;
          return;
        }
        takeLine(carry);
      });
    });
    bb.on('error', () => reject(new SandboxError(40000, 'the multipart body is malformed')));
    bb.on('close', () => resolve(parsed));
    req.pipe(bb);
  });
}

function checkUpload(parsed: ParsedUpload, config: SandboxConfig): BulkProduct {
  const product = parsed.serviceType;
  if (product === null) throw new SandboxError(40000, 'the service_type part is missing');
  if (product !== 'email_batch' && product !== 'email_avatar_batch') {
    throw new SandboxError(40000, 'service_type must be email_batch or email_avatar_batch');
  }
  if (!parsed.sawFile) throw new SandboxError(40000, 'the file part is missing');
  if (parsed.tooLarge) {
    throw new SandboxError(
      sandboxCodes.tooLarge,
      `the file is over max_file_bytes (${config.maxFileBytes} bytes)`,
    );
  }
  if (parsed.notUtf8) throw new SandboxError(40000, 'the file is not UTF-8 text');
  if (parsed.submittedLines === 0) throw new SandboxError(40000, 'the file is empty');
  const max = config.bulkMaxLines[product];
  if (parsed.submittedLines < config.bulkMinLines || parsed.submittedLines > max) {
    throw new SandboxError(
      40000,
      `a ${product} task takes ${config.bulkMinLines} to ${max} lines; the file has ${parsed.submittedLines}`,
    );
  }
  if (product === 'email_avatar_batch') {
    const outside = parsed.addresses.filter((a) => !avatarProviders.has(providerOf(a))).length;
    if (outside > 0) {
      throw new SandboxError(
        40000,
        `${outside} addresses are outside the covered providers (provider_code_1, provider_code_5, provider_code_6)`,
      );
    }
  }
  return product;
}

export function createBulkService(): BulkService {
  const tasks = new Map<string, BulkTask>();
  const idempotency = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const secret = randomBytes(32);

  const settle = (
    task: BulkTask,
    ledger: Ledger,
    config: SandboxConfig,
    usage: Map<string, number>,
  ) => {
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
  };

  const sign = (id: string, expires: number) =>
    createHmac('sha256', secret).update(`${id}.${expires}`).digest('hex');

  const view = (task: BulkTask, ctx: BulkContext, now: number): Record<string, unknown> => {
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
      const expires = now + ctx.config.resultLinkTtlMs;
      data.result_url = `${ctx.baseUrl}/api/v1/bulk-results/${task.id}?expires=${expires}&sig=${sign(task.id, expires)}`;
    }
    return data;
  };

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
      const task = tasks.get(id);
      const expires = Number(query.get('expires'));
      const sig = query.get('sig') ?? '';
      const expected = Buffer.from(sign(id, expires));
      const given = Buffer.from(sig);
      if (!task || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new SandboxError(sandboxCodes.linkExpired, 'this result link is not valid');
      }
      if (Date.now() > expires) {
        throw new SandboxError(
          sandboxCodes.linkExpired,
          'this result link has expired; get the task again for a fresh one',
        );
      }
      const avatar = task.product === 'email_avatar_batch';
      const slowMs = ctx.config.slowAddressMs;
      const { addresses, verdicts } = task;
      function* csvChunks(): Generator<string> {
        let chunk = avatar ? 'identifier,activated,avatar,avatar_url\n' : 'identifier,activated\n';
        for (let i = 0; i < addresses.length; i++) {
          const verdict = verdicts[i];
          if (verdict === UNDETERMINED) continue;
          const address = addresses[i] as string;
          const activated = verdict === DELIVERABLE;
          if (!avatar) chunk += `${address},${activated}\n`;
          else if (!activated) chunk += `${address},false,,\n`;
          else {
            const outcome = outcomeOf(address, slowMs);
            chunk += `${address},true,${outcome.avatar},${outcome.avatarUrl}\n`;
          }
          if (chunk.length > 64 * 1024) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      }

      let stream: Readable = Readable.from(csvChunks(), { objectMode: false });
      let contentType = 'text/csv; charset=utf-8';
      if (ctx.faults.older.zipResult) {
        stream = zipped(`${task.id}.csv`, stream);
        contentType = 'application/octet-stream';
      }
      return { kind: 'stream', status: 200, headers: { 'Content-Type': contentType }, stream };
    },

    tasks: (key) =>
      [...tasks.values()].filter((t) => key === undefined || t.key === key).map((t) => t.id),

    dispose() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** A zip archive holding one file, built as the CSV streams through. */
function zipped(name: string, source: Readable): Readable {
  const out = new Readable({ read() {} });
  const zip = new Zip((err, data, final) => {
    if (err) out.destroy(err);
    else {
      out.push(Buffer.from(data));
      if (final) out.push(null);
    }
  });
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  source.on('data', (chunk: string | Buffer) =>
    entry.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)),
  );
  source.on('end', () => {
    entry.push(new Uint8Array(0), true);
    zip.end();
  });
  source.on('error', (err) => out.destroy(err));
  return out;
}
