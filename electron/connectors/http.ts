// How every connector reaches its platform: the key only in the headers the
// connector names and only to the address it was proven against (https, or
// plain http on this machine), no redirect followed, a time limit per call, a
// bounded answer, a few requests at once. A 429 is waited out (Retry-After,
// or the platform's own reset header, or a growing pause) for as long as the
// patience allows, and told to the caller as a wait, not a failure; a lost
// answer or a 5xx is tried again only where a repeat changes nothing.
import type { z } from 'zod';
import { serviceUrlMessage, hostOf } from '../common/urls/service-url';
import { english, message, say, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { parseRetryAfter } from '../service/envelope';
import { abortableSleep } from '../service/retry';

export interface PlatformResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON; undefined when it was empty or not JSON. */
  json: unknown;
  text: string;
}

export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the base address ("lists", "crm/v3/objects/contacts"). */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sending it twice leaves the same state (GETs always; writes of a fixed value). */
  idempotent?: boolean;
  /** Statuses answered to the caller as they are instead of thrown (404 where absence is news). */
  accept?: readonly number[];
}

/** A pause the caller may show: the platform asked us to slow down. */
export interface PlatformWait {
  platform: string;
  until: number;
  /** Why, in English (for a log). */
  reason: string;
  /** Why, as a message to say in the reader's language. */
  said: Message;
}

export interface PlatformHttp {
  /** The address the key is sent to. */
  readonly baseUrl: string;
  /** Ends every wait of the connection's work (a batch's polling too). */
  readonly signal: AbortSignal | undefined;
  request(req: PlatformRequest): Promise<PlatformResponse>;
  /** The answer's body validated by `schema`; a surprise shape is a clear error, never a crash later. */
  json<T>(req: PlatformRequest, schema: z.ZodType<T>): Promise<T>;
  /** Runs `work` over `items` with at most the connection's requests in flight, in order of results. */
  all<I, O>(items: readonly I[], work: (item: I) => Promise<O>): Promise<O[]>;
}

export interface PlatformHttpOptions {
  /** "Mailchimp", for messages. */
  platform: string;
  baseUrl: string;
  headers: Record<string, string>;
  errorText: (res: PlatformResponse) => string | null;
  retryAfter?: (res: PlatformResponse) => number | undefined;
  maxInFlight: number;
  signal?: AbortSignal;
  onWait?: (wait: PlatformWait) => void;
  /** How long 429s are waited out in all before the call fails. Default 30 minutes. */
  patienceMs?: number;
  timeoutMs?: number;
  /** The first pause after a 429 without Retry-After, and after a 5xx (doubles each time). */
  backoffMs?: number;
  maxBodyBytes?: number;
}

const DEFAULTS = {
  patienceMs: 30 * 60_000,
  timeoutMs: 60_000,
  backoffMs: 1_000,
  maxBodyBytes: 64 * 1024 * 1024,
};
const MAX_BACKOFF_MS = 60_000;
const SERVER_ATTEMPTS = 5;

/** The platform refused the call: its status, its own words, and what to do. */
export class PlatformError extends AppError {
  constructor(
    code: 'platform' | 'platform_key',
    what: string | Message,
    readonly status: number | null,
  ) {
    super(code, what);
    this.name = 'PlatformError';
  }
}

function urlOf(baseUrl: string, req: PlatformRequest): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = new URL(req.path.replace(/^\//, ''), base);
  for (const [name, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

const tooLarge = (platform: string) => message('error.connector.tooLarge', { platform });

async function readBody(res: Response, limit: number, platform: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await res.body?.cancel();
    throw new PlatformError('platform', tooLarge(platform), res.status);
  }
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PlatformError('platform', tooLarge(platform), res.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Runs at most `max` tasks at once. */
function createGate(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export function createPlatformHttp(options: PlatformHttpOptions): PlatformHttp {
  const o = { ...DEFAULTS, ...options };
  const problem = serviceUrlMessage(
    o.baseUrl,
    message('address.subject.platform', { platform: o.platform }),
  );
  if (problem !== null) throw new AppError('invalid_input', problem);
  const host = hostOf(o.baseUrl);
  const gate = createGate(Math.max(1, o.maxInFlight));

  async function once(req: PlatformRequest): Promise<PlatformResponse> {
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    // A connector's own JSON type (Klaviyo's application/vnd.api+json) wins.
    if (req.body !== undefined) headers['Content-Type'] ??= 'application/json';
    const res = await fetch(urlOf(o.baseUrl, req), {
      method: req.method,
      headers,
      redirect: 'manual',
      signal,
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    });
    const text = await readBody(res, o.maxBodyBytes, o.platform);
    return { status: res.status, headers: res.headers, json: parseJson(text), text };
  }

  // The platform's own words where it gives them; its status only where it gives none.
  function refused(res: PlatformResponse): PlatformError {
    const own = o.errorText(res);
    if (res.status === 401 || res.status === 403) {
      return new PlatformError(
        'platform_key',
        own
          ? message('error.connector.keyRefusedSaying', { platform: o.platform, own })
          : message('error.connector.keyRefused', { platform: o.platform }),
        res.status,
      );
    }
    if (res.status >= 300 && res.status < 400) {
      return new PlatformError(
        'platform',
        message('error.connector.redirect', { platform: o.platform, server: host }),
        res.status,
      );
    }
    return new PlatformError(
      'platform',
      own
        ? message('error.connector.requestRefusedSaying', { platform: o.platform, own })
        : message('error.connector.requestRefused', {
            platform: o.platform,
            status: String(res.status),
          }),
      res.status,
    );
  }

  async function request(req: PlatformRequest): Promise<PlatformResponse> {
    const repeatable = req.idempotent ?? req.method === 'GET';
    let waited = 0;
    let pause = o.backoffMs;
    let serverFailures = 0;
    for (;;) {
      o.signal?.throwIfAborted();
      let res: PlatformResponse;
      try {
        res = await gate(() => once(req));
      } catch (err) {
        if (err instanceof PlatformError) throw err;
        o.signal?.throwIfAborted();
        serverFailures += 1;
        if (!repeatable || serverFailures >= SERVER_ATTEMPTS) {
          const timedOut = err instanceof Error && err.name === 'TimeoutError';
          throw new PlatformError(
            'platform',
            message(
              timedOut ? 'error.connector.unreachableInTime' : 'error.connector.unreachable',
              { platform: o.platform, server: host },
            ),
            null,
          );
        }
        await abortableSleep(pause, o.signal);
        pause = Math.min(pause * 2, MAX_BACKOFF_MS);
        continue;
      }
      if (res.status === 429) {
        const seconds =
          o.retryAfter?.(res) ?? parseRetryAfter(res.headers.get('retry-after')) ?? undefined;
        const delay = seconds !== undefined ? Math.max(seconds * 1000, 250) : pause;
        if (seconds === undefined) pause = Math.min(pause * 2, MAX_BACKOFF_MS);
        if (waited + delay > o.patienceMs) {
          const minutes = Math.ceil((waited + delay) / 60_000);
          throw new PlatformError(
            'platform',
            message('error.connector.slowDownTooLong', {
              platform: o.platform,
              minutes,
              count: String(minutes),
            }),
            429,
          );
        }
        const slowDown = message('notice.connector.slowDown', { platform: o.platform });
        o.onWait?.({
          platform: o.platform,
          until: Date.now() + delay,
          reason: say(english.t, slowDown),
          said: slowDown,
        });
        await abortableSleep(delay, o.signal);
        waited += delay;
        continue;
      }
      if (res.status >= 500 && repeatable && serverFailures + 1 < SERVER_ATTEMPTS) {
        serverFailures += 1;
        await abortableSleep(pause, o.signal);
        pause = Math.min(pause * 2, MAX_BACKOFF_MS);
        continue;
      }
      if ((res.status >= 200 && res.status < 300) || req.accept?.includes(res.status)) return res;
      throw refused(res);
    }
  }

  return {
    baseUrl: o.baseUrl,
    signal: o.signal,
    request,
    async json(req, schema) {
      const res = await request(req);
      const parsed = schema.safeParse(res.json);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(root)';
      throw new PlatformError(
        'platform',
        message('error.connector.unknownShape', {
          platform: o.platform,
          request: `${req.method} ${req.path}`,
          field,
          issue: issue?.message ?? 'unexpected',
        }),
        res.status,
      );
    },
    async all(items, work) {
      return Promise.all(items.map((item) => work(item)));
    },
  };
}
