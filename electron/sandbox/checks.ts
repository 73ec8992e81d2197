// POST /api/v1/check and POST /api/v1/batch-check: synchronous checks with
// the interface's field rules, billing only addresses that got a result.
import type { SandboxConfig } from './config';
import { takeUndetermined, type FaultState } from './faults';
import { SandboxError, okReply, type Reply } from './server/http';
import type { Ledger } from './ledger';
import {
  avatarProviders,
  isValidAddress,
  normalizeAddress,
  outcomeOf,
  type Outcome,
} from './outcomes';

type SyncProduct = 'email' | 'email_avatar';

export interface CheckContext {
  key: string;
  ref: string;
  config: SandboxConfig;
  faults: FaultState;
  ledger: Ledger;
  /** Addresses checked per key so far, for the usage quota. */
  usage: Map<string, number>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function parseProduct(value: unknown): SyncProduct {
  if (value === 'email' || value === 'email_avatar') return value;
  throw new SandboxError(40000, 'service_type must be email or email_avatar');
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(40001, 'the body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function checkQuota(ctx: CheckContext, addresses: number): void {
  const { usageQuota } = ctx.config;
  if (usageQuota !== null && (ctx.usage.get(ctx.key) ?? 0) + addresses > usageQuota) {
    throw new SandboxError(42900, 'the usage quota of this key is exhausted');
  }
}

function reserve(ctx: CheckContext, product: SyncProduct, addresses: number): number {
  const micros = ctx.config.prices[product] * addresses;
  if (!ctx.ledger.reserve(ctx.key, micros, { product, addresses, ref: ctx.ref })) {
    throw new SandboxError(40200, 'insufficient balance');
  }
  return micros;
}

/** An outcome the product can answer; undetermined where it cannot. */
function resultOf(address: string, product: SyncProduct, ctx: CheckContext): Outcome {
  const outcome = outcomeOf(address, ctx.config.slowAddressMs);
  if (outcome.verdict !== 'undetermined' && takeUndetermined(ctx.faults, address)) {
    return { ...outcome, verdict: 'undetermined' };
  }
  // The avatar products cover three providers; elsewhere there is no result.
  if (product === 'email_avatar' && !avatarProviders.has(outcome.provider)) {
    return { ...outcome, verdict: 'undetermined' };
  }
  return outcome;
}

function fields(outcome: Outcome, product: SyncProduct): Record<string, unknown> {
  const registered = outcome.verdict === 'deliverable';
  if (product === 'email') return { registered, provider: registered ? outcome.provider : '' };
  return {
    registered,
    avatar: registered && outcome.avatar,
    avatar_url: registered ? outcome.avatarUrl : '',
  };
}

const clean = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export async function singleCheck(body: unknown, ctx: CheckContext): Promise<Reply> {
  const input = asObject(body);
  if ('identifiers' in input) {
    throw new SandboxError(40000, 'send identifier for a single check, not identifiers');
  }
  const product = parseProduct(input.service_type);
  if (typeof input.identifier !== 'string') {
    throw new SandboxError(40000, 'identifier must be a string');
  }
  const identifier = normalizeAddress(input.identifier);
  if (!isValidAddress(identifier)) throw new SandboxError(40002, 'invalid email address');
  checkQuota(ctx, 1);

  const reserved = reserve(ctx, product, 1);
  const movement = { product, addresses: 1, ref: ctx.ref };
  const outcome = resultOf(identifier, product, ctx);
  const workMs = ctx.config.checkLatencyMs + outcome.delayMs;
  if (workMs > ctx.config.singleTimeoutMs) {
    await sleep(ctx.config.singleTimeoutMs);
    ctx.ledger.refund(ctx.key, reserved, movement);
    throw new SandboxError(50400, 'the check did not finish within its time limit');
  }
  if (workMs > 0) await sleep(workMs);
  if (outcome.verdict === 'undetermined') {
    ctx.ledger.refund(ctx.key, reserved, movement);
    throw new SandboxError(42200, 'the address could not be determined at this time');
  }
  ctx.usage.set(ctx.key, (ctx.usage.get(ctx.key) ?? 0) + 1);
  return okReply(clean({ service_type: product, identifier, ...fields(outcome, product) }));
}

export async function multiCheck(body: unknown, ctx: CheckContext): Promise<Reply> {
  const input = asObject(body);
  if ('identifier' in input) {
    throw new SandboxError(40000, 'send identifiers for a multi check, not identifier');
  }
  const product = parseProduct(input.service_type);
  const list = input.identifiers;
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) {
    throw new SandboxError(40000, 'identifiers must be an array of strings');
  }
  if (list.length < 1 || list.length > 100) {
    throw new SandboxError(40000, `a multi check takes 1 to 100 identifiers, not ${list.length}`);
  }
  checkQuota(ctx, list.length);
  // The balance must cover the whole batch before any work starts.
  const reserved = reserve(ctx, product, list.length);
  const movement = { product, addresses: list.length, ref: ctx.ref };

  const checked = (list as string[]).map((raw) => {
    const identifier = normalizeAddress(raw);
    if (!isValidAddress(identifier)) return { identifier, outcome: null };
    return { identifier, outcome: resultOf(identifier, product, ctx) };
  });
  const workMs =
    ctx.config.checkLatencyMs + Math.max(0, ...checked.map((c) => c.outcome?.delayMs ?? 0));
  if (workMs > ctx.config.multiTimeoutMs) {
    await sleep(ctx.config.multiTimeoutMs);
    ctx.ledger.refund(ctx.key, reserved, movement);
    throw new SandboxError(50400, 'the batch did not finish within its time limit');
  }
  if (workMs > 0) await sleep(workMs);

  const withoutProvider = ctx.faults.older.multiWithoutProvider;
  const results = checked.map(({ identifier, outcome }) => {
    if (!outcome || outcome.verdict === 'undetermined') return { identifier, exists: false };
    const f = fields(outcome, product);
    if (withoutProvider) delete f.provider;
    return clean({ identifier, exists: true, ...f });
  });
  const succeeded = results.filter((r) => r.exists).length;
  const unused = list.length - succeeded;
  ctx.ledger.refund(ctx.key, unused * ctx.config.prices[product], {
    ...movement,
    addresses: unused,
  });
  ctx.usage.set(ctx.key, (ctx.usage.get(ctx.key) ?? 0) + succeeded);
  return okReply({
    service_type: product,
    total: list.length,
    succeeded,
    failed: list.length - succeeded,
    results,
  });
}
