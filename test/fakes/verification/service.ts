// An independent fake of the email verification service, written from its
// interface alone (/work/shared/spec/000_fffd4242d7db15e8.txt) and nothing of
// the app: not its client, not its sandbox (electron/sandbox/), which is the
// app's own reading of the same text. Where the two readings could differ,
// this one takes the worst the text allows, so a test that passes here does
// not pass because the app and its sandbox agree on something the service
// never promised:
// - "Endpoints": a synchronous check runs to its end and is charged whether or
//   not its client is still there (nothing in the interface says a dropped
//   connection cancels or refunds it), and holds its slot until then.
// - "Limits": 5 in flight per key, singles and multis together, and 1 multi;
//   a breach is 42901 at once with Retry-After, no charge.
// - POST /api/v1/batch-check rules 2–4: the balance must cover the whole
//   batch; only addresses with a result are charged; a timeout fails it whole.
// - "States and transitions" and POST /api/v1/bulk-tasks rule 1: the whole
//   file is reserved at submit; only addresses checked are charged when the
//   task ends, the rest refunded; the same Idempotency-Key returns the task
//   already made.
// - GET /api/v1/bulk-tasks/{id}: result_url "may be briefly not ready": it is
//   absent the first time a finished task is read.
// - "Bulk task": a seeded share of submit answers in the older kind (only id,
//   product, status, total, created_at), and of multi entries without provider.
// - "Errors": only 422 for 42200 is stated; the other HTTP statuses are this
//   fake's choice, and the envelope's code is what a client must read.
// The fake keeps the test's truth: how many times each address was charged,
// what is still reserved, and the most requests it ever held at once.
import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeReply, type FakeRequest } from '../common/server';
import { normalized, providerOf, validAddress, verdictOf } from './verdicts';

type SyncProduct = 'email' | 'email_avatar';
type BulkProduct = 'email_batch' | 'email_avatar_batch';
type Product = SyncProduct | BulkProduct;

export interface VerificationFakeOptions {
  key?: string;
  balanceMicros?: number;
  /** Micros per checked address ("Price lists are not part of the interface", but for the avatar bulk product). */
  prices?: Partial<Record<Product, number>>;
  /** How long a single and a multi check take, drawn in [min, max] ms from the seed. */
  singleMs?: readonly [number, number];
  multiMs?: readonly [number, number];
  /** How fast a bulk task checks its addresses. */
  bulkAddressesPerSecond?: number;
  /** The share of submit answers in the older kind, and of multi entries without provider. */
  olderShare?: number;
  seed?: number;
  /** Salt of the verdicts (verdicts.ts). */
  salt?: string;
}

/** A synchronous request as the fake saw it. */
export interface SyncSeen {
  kind: 'single' | 'multi';
  addresses: string[];
  at: number;
  endedAt: number | null;
  /** The envelope's code it answered (or will answer). */
  code: number | null;
}

interface Task {
  id: string;
  key: string | null;
  product: BulkProduct;
  createdAt: string;
  submittedLines: number;
  invalid: number;
  duplicates: number;
  addresses: string[];
  reserved: number;
  status: 'processing' | 'success';
  succeeded: number;
  read: number;
}

export interface VerificationFake {
  url: string;
  key: string;
  /** How many times the service charged each address (synchronous and bulk alike). */
  charges: Map<string, number>;
  /** Addresses charged more than once, counted once per extra charge. */
  chargedAgain(): number;
  spentMicros(): number;
  balanceMicros(): number;
  /** Reserved and not yet charged or refunded: 0 once everything has ended. */
  reservedMicros(): number;
  sync: SyncSeen[];
  tasks(): { id: string; status: string; addresses: number }[];
  /** The most synchronous requests, and multis, it held at once. */
  maxInFlight: { all: number; multi: number };
  /** Resolves once no synchronous request is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_PRICES: Record<Product, number> = {
  email: 1_000,
  email_avatar: 3_000,
  email_batch: 1_000,
  email_avatar_batch: 3_000,
};

const HTTP_OF: Record<number, number> = {
  40000: 400,
  40001: 400,
  40002: 400,
  40100: 401,
  40200: 402,
  40400: 404,
  42200: 422,
  42900: 429,
  42901: 429,
  50400: 504,
};

/** mulberry32: the fake's latencies and shapes are the same for the same seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Refused extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(msg);
  }
}

const ok = (data: unknown): FakeReply => ({ status: 200, json: { code: 0, msg: 'ok', data } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SINGLE_TIMEOUT_MS = 60_000;
const MULTI_TIMEOUT_MS = 300_000;

function jsonOf(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Refused(40001, 'invalid JSON body');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Refused(40001, 'invalid JSON body');
  }
  return parsed as Record<string, unknown>;
}

function syncProduct(value: unknown): SyncProduct {
  if (value === 'email' || value === 'email_avatar') return value;
  throw new Refused(40000, 'unsupported service_type');
}

/** The fields of a checked address, by product ("Single check result"). */
function checkedFields(address: string, product: SyncProduct, registered: boolean) {
  if (product === 'email') return { registered, provider: registered ? providerOf(address) : '' };
  const avatar = registered && address.length % 3 === 0;
  return { registered, avatar, avatar_url: avatar ? `https://avatars.example/${address}` : '' };
}

export async function startVerificationFake(
  options: VerificationFakeOptions = {},
): Promise<VerificationFake> {
  const key = options.key ?? `fake_${randomBytes(8).toString('hex')}`;
  const prices = { ...DEFAULT_PRICES, ...options.prices };
  const random = seeded(options.seed ?? 1);
  const salt = options.salt ?? 'fake';
  const olderShare = options.olderShare ?? 0.2;
  const between = ([min, max]: readonly [number, number]) =>
    Math.round(min + random() * (max - min));
  let balance = options.balanceMicros ?? 1_000_000_000;
  let reserved = 0;
  let spent = 0;
  const charges = new Map<string, number>();
  const sync: SyncSeen[] = [];
  const tasks = new Map<string, Task>();
  const byKey = new Map<string, Task>();
  const inFlight = { all: 0, multi: 0 };
  const maxInFlight = { all: 0, multi: 0 };
  const timers = new Set<NodeJS.Timeout>();
  let url = '';

  const reserve = (micros: number) => {
    if (balance < micros) throw new Refused(40200, 'insufficient balance');
    balance -= micros;
    reserved += micros;
  };
  const settle = (reservedMicros: number, charged: string[], price: number) => {
    const cost = charged.length * price;
    reserved -= reservedMicros;
    balance += reservedMicros - cost;
    spent += cost;
    for (const a of charged) charges.set(a, (charges.get(a) ?? 0) + 1);
  };

  /** A slot for the request's whole life at the service, whatever became of its client. */
  async function inSlot<T>(multi: boolean, seen: SyncSeen, work: () => Promise<T>): Promise<T> {
    if (inFlight.all >= 5 || (multi && inFlight.multi >= 1)) {
      throw new Refused(
        42901,
        'all five in-flight slots are taken, or a multi check is already running',
        { 'Retry-After': '1' },
      );
    }
    inFlight.all += 1;
    if (multi) inFlight.multi += 1;
    maxInFlight.all = Math.max(maxInFlight.all, inFlight.all);
    maxInFlight.multi = Math.max(maxInFlight.multi, inFlight.multi);
    sync.push(seen);
    try {
      return await work();
    } finally {
      inFlight.all -= 1;
      if (multi) inFlight.multi -= 1;
      seen.endedAt = Date.now();
    }
  }

  async function single(body: Buffer): Promise<FakeReply> {
    const input = jsonOf(body);
    if ('identifiers' in input) throw new Refused(40000, 'conflicting request fields');
    const product = syncProduct(input.service_type);
    if (typeof input.identifier !== 'string') throw new Refused(40000, 'identifier is required');
    const address = normalized(input.identifier);
    if (!validAddress(address)) throw new Refused(40002, 'invalid email address');
    const seen: SyncSeen = {
      kind: 'single',
      addresses: [address],
      at: Date.now(),
      endedAt: null,
      code: null,
    };
    return inSlot(false, seen, async () => {
      const price = prices[product];
      reserve(price);
      const ms = between(options.singleMs ?? [0, 0]);
      await sleep(Math.min(ms, SINGLE_TIMEOUT_MS));
      const verdict = verdictOf(address, salt);
      if (ms > SINGLE_TIMEOUT_MS || verdict === 'undetermined') {
        settle(price, [], price);
        seen.code = ms > SINGLE_TIMEOUT_MS ? 50400 : 42200;
        throw new Refused(seen.code, 'the check gave no result');
      }
      settle(price, [address], price);
      seen.code = 0;
      const registered = verdict === 'deliverable';
      return ok({
        service_type: product,
        identifier: address,
        ...checkedFields(address, product, registered),
      });
    });
  }

  async function multi(body: Buffer): Promise<FakeReply> {
    const input = jsonOf(body);
    if ('identifier' in input) throw new Refused(40000, 'conflicting request fields');
    const product = syncProduct(input.service_type);
    const list = input.identifiers;
    if (
      !Array.isArray(list) ||
      list.length < 1 ||
      list.length > 100 ||
      list.some((v) => typeof v !== 'string')
    ) {
      throw new Refused(40000, 'identifiers: 1 to 100 addresses');
    }
    const addresses = (list as string[]).map(normalized);
    const seen: SyncSeen = { kind: 'multi', addresses, at: Date.now(), endedAt: null, code: null };
    return inSlot(true, seen, async () => {
      const price = prices[product];
      const whole = addresses.length * price;
      reserve(whole);
      const ms = between(options.multiMs ?? [0, 0]);
      await sleep(Math.min(ms, MULTI_TIMEOUT_MS));
      if (ms > MULTI_TIMEOUT_MS) {
        settle(whole, [], price);
        seen.code = 50400;
        throw new Refused(50400, 'the batch did not finish within its timeout');
      }
      const withoutProvider = random() < olderShare;
      const charged: string[] = [];
      const results = addresses.map((identifier) => {
        const verdict = validAddress(identifier) ? verdictOf(identifier, salt) : 'undetermined';
        if (verdict === 'undetermined') return { identifier, exists: false };
        charged.push(identifier);
        const fields: Record<string, unknown> = checkedFields(
          identifier,
          product,
          verdict === 'deliverable',
        );
        if (withoutProvider) delete fields.provider;
        return { identifier, exists: true, ...fields };
      });
      settle(whole, charged, price);
      seen.code = 0;
      return ok({
        service_type: product,
        total: addresses.length,
        succeeded: charged.length,
        failed: addresses.length - charged.length,
        results,
      });
    });
  }

  function finish(task: Task): void {
    const checked = task.addresses.filter((a) => verdictOf(a, salt) !== 'undetermined');
    settle(task.reserved, checked, prices[task.product]);
    task.succeeded = checked.length;
    task.status = 'success';
  }

  function taskData(task: Task, submit: boolean, older: boolean): Record<string, unknown> {
    const base = {
      id: task.id,
      product: task.product,
      status: task.status,
      created_at: task.createdAt,
    };
    if (older) return { ...base, total: task.submittedLines };
    const done = task.status === 'success';
    const data: Record<string, unknown> = {
      ...base,
      submitted_lines: task.submittedLines,
      total: done ? task.submittedLines - task.invalid - task.duplicates : task.submittedLines,
      invalid_cnt: task.invalid,
      no_code_cnt: 0,
      other_country_cnt: 0,
      duplicate_cnt: task.duplicates,
      preparing: submit,
    };
    if (done) {
      data.success_cnt = task.succeeded;
      data.failure_cnt = task.addresses.length - task.succeeded;
      // "may be briefly not ready": absent the first time a GET reads it finished.
      if (!submit) task.read += 1;
      if (task.read > 1) data.result_url = `${url}/results/${task.id}.csv`;
    }
    return data;
  }

  async function submit(req: FakeRequest): Promise<FakeReply> {
    const idempotencyKey = req.headers['idempotency-key'];
    const ik = typeof idempotencyKey === 'string' ? idempotencyKey : null;
    if (ik !== null && ik.length > 128)
      throw new Refused(40000, 'Idempotency-Key: up to 128 characters');
    const made = ik === null ? undefined : byKey.get(ik);
    if (made) return ok(taskData(made, true, false));
    const type = req.headers['content-type'] ?? '';
    let form: FormData;
    try {
      form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(req.body),
      }).formData();
    } catch {
      throw new Refused(40000, 'a multipart form is required');
    }
    const product = form.get('service_type');
    if (product !== 'email_batch' && product !== 'email_avatar_batch') {
      throw new Refused(40000, 'unsupported service_type');
    }
    const file = form.get('file');
    if (file === null || typeof file === 'string') throw new Refused(40000, 'file is required');
    const lines = (await file.text())
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const max = product === 'email_avatar_batch' ? 100_000 : 500_000;
    if (lines.length < 1_000 || lines.length > max) {
      throw new Refused(40000, `a bulk task takes 1,000 to ${max} addresses`);
    }
    const seenLines = new Set<string>();
    let invalid = 0;
    let duplicates = 0;
    for (const line of lines) {
      const a = normalized(line);
      if (!validAddress(a)) invalid += 1;
      else if (seenLines.has(a)) duplicates += 1;
      else seenLines.add(a);
    }
    const price = prices[product];
    reserve(lines.length * price);
    const task: Task = {
      id: randomBytes(12).toString('hex'),
      key: ik,
      product,
      createdAt: new Date().toISOString(),
      submittedLines: lines.length,
      invalid,
      duplicates,
      addresses: [...seenLines],
      reserved: lines.length * price,
      status: 'processing',
      succeeded: 0,
      read: 0,
    };
    tasks.set(task.id, task);
    if (ik !== null) byKey.set(ik, task);
    const rate = options.bulkAddressesPerSecond ?? 50_000;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        finish(task);
      },
      (task.addresses.length / rate) * 1_000,
    );
    timers.add(timer);
    return ok(taskData(task, true, random() < olderShare));
  }

  function resultFile(id: string): FakeReply {
    const task = tasks.get(id);
    if (!task || task.status !== 'success') throw new Refused(40400, 'no such result');
    const rows = task.addresses
      .filter((a) => verdictOf(a, salt) !== 'undetermined')
      .map((a) => {
        const activated = verdictOf(a, salt) === 'deliverable';
        if (task.product === 'email_batch') return `${a},${activated}`;
        return activated ? `${a},true,false,` : `${a},false,,`;
      });
    const header =
      task.product === 'email_batch'
        ? 'identifier,activated'
        : 'identifier,activated,avatar,avatar_url';
    return {
      status: 200,
      raw: Buffer.from(`${[header, ...rows].join('\n')}\n`),
      contentType: 'text/csv',
    };
  }

  async function route(req: FakeRequest): Promise<FakeReply> {
    const result = /^\/results\/([0-9a-f]+)\.csv$/.exec(req.path);
    if (req.method === 'GET' && result) return resultFile(result[1] as string);
    if (req.headers['x-api-key'] !== key) throw new Refused(40100, 'missing or invalid API key');
    const task = /^\/api\/v1\/bulk-tasks\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && req.path === '/api/v1/balance')
      return ok({ balance_micros: balance });
    if (req.method === 'POST' && req.path === '/api/v1/check') return single(req.body);
    if (req.method === 'POST' && req.path === '/api/v1/batch-check') return multi(req.body);
    if (req.method === 'POST' && req.path === '/api/v1/bulk-tasks') return submit(req);
    if (req.method === 'GET' && task) {
      const found = tasks.get(decodeURIComponent(task[1] as string));
      if (!found) throw new Refused(40400, 'no such task');
      return ok(taskData(found, false, false));
    }
    throw new Refused(40400, 'no such endpoint');
  }

  const server = await startFakeServer(async (req) => {
    try {
      return await route(req);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      return {
        status: HTTP_OF[err.code] ?? 503,
        headers: err.headers,
        json: { code: err.code, msg: err.message },
      };
    }
  });
  url = server.url;

  return {
    url,
    key,
    charges,
    chargedAgain: () => [...charges.values()].reduce((n, c) => n + Math.max(0, c - 1), 0),
    spentMicros: () => spent,
    balanceMicros: () => balance,
    reservedMicros: () => reserved,
    sync,
    tasks: () =>
      [...tasks.values()].map((t) => ({
        id: t.id,
        status: t.status,
        addresses: t.addresses.length,
      })),
    maxInFlight,
    async idle() {
      while (inFlight.all > 0) await sleep(20);
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      await server.stop();
    },
  };
}
