// Which domains can receive mail, asked of the DNS before anything is paid
// for: an address at a domain that cannot receive mail need not be sent to the
// service. The rule is RFC 5321 §5.1 (MX records, else A or AAAA) with RFC
// 7505's null MX, and one more: a "no" is believed only from a resolver that
// knows well-known domains (the canary). Offline machines, captive portals and
// sandboxes whose resolver denies everything would otherwise turn a whole list
// into "no mail server"; there every new answer is 'unknown', which sends the
// address as before. A failure, a timeout or SERVFAIL is 'unknown' too, never
// "no mail server". The caller is never held past its deadline: what has
// arrived is returned, and the rest fills the day cache in the background.
import { Resolver } from 'node:dns/promises';
import { domainToASCII } from 'node:url';
import { join } from 'node:path';
import { createDomainCache, DAY_MS, DNS_CACHE_FILE, type SettledVerdict } from './dns-cache';

export type MailVerdict = SettledVerdict | 'unknown';

/** Domains that resolve from any working resolver; if none does, the resolver is not believed. */
export const DEFAULT_CANARY_DOMAINS: readonly string[] = ['gmail.com', 'outlook.com', 'yahoo.com'];

export interface MailDomainCheckOptions {
  /**
   * Name servers ("127.0.0.1:5353", "[::1]:53", "1.1.1.1"); default those in
   * LIST_CLEANER_DNS_SERVERS (comma-separated), else the system's.
   */
  servers?: readonly string[];
  /** Domains that must resolve before any "no" is believed; empty believes the resolver. */
  canaryDomains?: readonly string[];
  /** Queries in flight at once, across all calls; default 16. */
  concurrency?: number;
  /** How long one try of a query waits for its answer, in ms; default 1500. */
  timeoutMs?: number;
  /** Tries per query and server; default 2. */
  tries?: number;
  /** How long `check` may take when its call names no deadline, in ms; default 2000. */
  deadlineMs?: number;
  /** How long a verdict is cached; default a day. */
  cacheTtlMs?: number;
  /** How long the canary's verdict holds; default 5 minutes. */
  canaryTtlMs?: number;
  /** The app's data folder: the cache is kept there in dns-cache.json; default memory only. */
  dataDir?: string;
  now?: () => number;
}

export interface CheckOptions {
  /** Stops this call's look-ups; the call returns at once with what has arrived. */
  signal?: AbortSignal;
  /** Returns after this many ms at most, the domains not answered yet being 'unknown'. */
  deadlineMs?: number;
}

export interface MailDomainCheck {
  /**
   * The verdict for each distinct domain given, keyed as given. Never rejects.
   * A domain that is not a valid host name is 'unknown' and not looked up.
   * A look-up already under way for another call is shared with it (and is
   * 'unknown' for both if that call is aborted).
   */
  check(domains: Iterable<string>, options?: CheckOptions): Promise<Map<string, MailVerdict>>;
  /** Resolves once the background look-ups have ended and the cache is saved. */
  settled(): Promise<void>;
  /**
   * Stops every look-up (they end 'unknown') and waits for the cache to be
   * saved. A query in flight otherwise holds the process until it times out.
   */
  close(): Promise<void>;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The ASCII form of a host name to look up, or null when it is not one. */
export function mailDomainKey(input: string): string | null {
  const name = input.trim().replace(/\.$/, '');
  if (name === '' || name.length > 253) return null;
  const ascii = domainToASCII(name);
  if (ascii === '' || ascii.length > 253) return null;
  const labels = ascii.split('.');
  // A numeric last label is an IP address, not a domain (RFC 3696 §2).
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return labels.every((label) => LABEL.test(label)) ? ascii : null;
}

const errorCode = (err: unknown): string | undefined =>
  err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;

/** A query's records, or the code it failed with. */
async function ask<T>(query: () => Promise<T[]>): Promise<T[] | string> {
  try {
    return await query();
  } catch (err) {
    return errorCode(err) ?? 'EUNKNOWN';
  }
}

/** "No records" answers: the name exists without any (ENODATA) or does not exist (ENOTFOUND). */
const NONE = new Set(['ENODATA', 'ENOTFOUND']);

/** RFC 7505: an MX whose exchange is the root says the domain accepts no mail. */
const isNullMx = (exchange: string) => exchange === '' || exchange === '.';

/** What the resolver says of one domain, before the canary says whether to believe it. */
export async function probeMailDomain(resolver: Resolver, domain: string): Promise<MailVerdict> {
  const mx = await ask(() => resolver.resolveMx(domain));
  if (typeof mx !== 'string' && mx.length > 0) {
    return mx.every((record) => isNullMx(record.exchange)) ? 'no-mail' : 'mail';
  }
  if (mx === 'ENOTFOUND') return 'no-mail';
  if (typeof mx === 'string' && mx !== 'ENODATA') return 'unknown';
  // No MX: the domain itself is the mail host if it has an address (RFC 5321 §5.1).
  let sure = true;
  for (const query of [() => resolver.resolve4(domain), () => resolver.resolve6(domain)]) {
    const found = await ask(query);
    if (typeof found !== 'string' && found.length > 0) return 'mail';
    if (typeof found === 'string' && !NONE.has(found)) sure = false;
  }
  return sure ? 'no-mail' : 'unknown';
}

interface Waiter {
  /** Set once the waiter has started or given up; the queue then skips it. */
  done: boolean;
  start(): void;
  giveUp(): void;
}

type Slots = ReturnType<typeof createSlots>;

/** A first-come queue of look-ups holding at most `size` slots, shared by all calls. */
function createSlots(size: number) {
  let free = size;
  let queue: Waiter[] = [];
  let head = 0;
  function pump(): void {
    while (free > 0 && head < queue.length) {
      const waiter = queue[head++] as Waiter;
      if (waiter.done) continue;
      waiter.done = true;
      free -= 1;
      waiter.start();
    }
    if (head >= queue.length) {
      queue = [];
      head = 0;
    }
  }
  return {
    enqueue(waiter: Waiter): void {
      queue.push(waiter);
      pump();
    },
    release(): void {
      free += 1;
      pump();
    },
  };
}

/**
 * Probes domains through the shared slots, once each. When `run` aborts, the
 * ones still waiting for a slot give up and the others' queries are cancelled
 * (by the caller, through the resolver): all end 'unknown'.
 */
function createProbe(resolver: Resolver, slots: Slots, run: AbortSignal) {
  const queued = new Set<Waiter>();
  run.addEventListener(
    'abort',
    () => {
      for (const waiter of queued) waiter.giveUp();
    },
    { once: true },
  );
  const probes = new Map<string, Promise<MailVerdict>>();
  return (domain: string): Promise<MailVerdict> => {
    let answer = probes.get(domain);
    if (answer) return answer;
    answer = new Promise<MailVerdict>((resolve) => {
      if (run.aborted) {
        resolve('unknown');
        return;
      }
      const waiter: Waiter = {
        done: false,
        start() {
          queued.delete(waiter);
          probeMailDomain(resolver, domain)
            .catch(() => 'unknown' as const)
            .then(resolve)
            .finally(slots.release);
        },
        giveUp() {
          waiter.done = true;
          queued.delete(waiter);
          resolve('unknown');
        },
      };
      queued.add(waiter);
      slots.enqueue(waiter);
    });
    probes.set(domain, answer);
    return answer;
  };
}

/** Resolves true once any domain answers 'mail', false once none did. */
function anyMail(verdicts: Promise<MailVerdict>[]): Promise<boolean> {
  if (verdicts.length === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    let left = verdicts.length;
    for (const verdict of verdicts) {
      void verdict.then((value) => {
        left -= 1;
        if (value === 'mail') resolve(true);
        else if (left === 0) resolve(false);
      });
    }
  });
}

/** Resolves when `work` ends, `ms` pass or `signal` aborts, whichever comes first. */
function within(work: Promise<unknown>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    timer.unref();
    signal?.addEventListener('abort', done, { once: true });
    if (signal?.aborted) done();
    void work.then(done, done);
  });
}

/**
 * Name servers the user chose for these look-ups (a company resolver), or the
 * test suites' loopback server, so a test never asks the internet.
 */
function serversFromEnv(): string[] | null {
  const listed = (process.env.LIST_CLEANER_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return listed.length > 0 ? listed : null;
}

export function createMailDomainCheck(options: MailDomainCheckOptions = {}): MailDomainCheck {
  const now = options.now ?? Date.now;
  const canaryDomains = (options.canaryDomains ?? DEFAULT_CANARY_DOMAINS)
    .map(mailDomainKey)
    .filter((domain): domain is string => domain !== null);
  const canaryTtlMs = options.canaryTtlMs ?? 5 * 60 * 1000;
  const defaultDeadlineMs = options.deadlineMs ?? 2000;
  const cache = createDomainCache({
    ...(options.dataDir ? { file: join(options.dataDir, DNS_CACHE_FILE) } : {}),
    ttlMs: options.cacheTtlMs ?? DAY_MS,
    now,
  });
  const slots = createSlots(Math.max(1, options.concurrency ?? 16));
  const closing = new AbortController();
  /** Look-ups under way, shared by the calls that want the same domain. */
  const inFlight = new Map<string, Promise<MailVerdict>>();
  const background = new Set<Promise<unknown>>();
  let canary: { healthy: boolean; at: number } | undefined;

  const canaryKnown = (): boolean | undefined =>
    canary && now() - canary.at >= 0 && now() - canary.at < canaryTtlMs
      ? canary.healthy
      : undefined;

  function newResolver(): Resolver {
    const resolver = new Resolver({
      timeout: options.timeoutMs ?? 1500,
      tries: options.tries ?? 2,
    });
    const servers = options.servers ?? serversFromEnv();
    if (servers) resolver.setServers([...servers]);
    return resolver;
  }

  /**
   * Looks `domains` up with a resolver of their own (so an abort cancels only
   * these), after the canary unless its verdict is fresh. Returns each
   * domain's final verdict, which the cache keeps when it is settled.
   */
  function lookUp(
    domains: string[],
    signal: AbortSignal | undefined,
  ): Map<string, Promise<MailVerdict>> {
    const stop = new AbortController();
    const run = AbortSignal.any([closing.signal, stop.signal, ...(signal ? [signal] : [])]);
    const resolver = newResolver();
    run.addEventListener('abort', () => resolver.cancel(), { once: true });
    const probe = createProbe(resolver, slots, run);

    const known = canaryKnown();
    const believed =
      known !== undefined
        ? Promise.resolve(known)
        : anyMail(canaryDomains.map(probe)).then((healthy) => {
            if (!run.aborted) canary = { healthy, at: now() };
            return healthy;
          });
    // A resolver not believed has nothing more to say: stop asking it.
    void believed.then((healthy) => healthy || stop.abort());

    const verdicts = new Map<string, Promise<MailVerdict>>();
    for (const domain of domains) {
      const verdict = Promise.all([probe(domain), believed]).then(([answer, healthy]) => {
        const final: MailVerdict = healthy ? answer : 'unknown';
        if (final !== 'unknown') cache.set(domain, final);
        return final;
      });
      inFlight.set(domain, verdict);
      void verdict.then(() => inFlight.get(domain) === verdict && inFlight.delete(domain));
      verdicts.set(domain, verdict);
    }
    remember(Promise.all(verdicts.values()).then(() => cache.save()));
    return verdicts;
  }

  function remember(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined);
    background.add(tracked);
    void tracked.then(() => background.delete(tracked));
  }

  async function settled(): Promise<void> {
    while (background.size > 0) await Promise.allSettled([...background]);
  }

  /** Fills `arrived` with each domain's verdict as it comes: from the cache, a shared look-up or a new one. */
  async function gather(
    domains: Set<string>,
    arrived: Map<string, MailVerdict>,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    await cache.load();
    const waits: Promise<unknown>[] = [];
    const wanted: string[] = [];
    for (const domain of domains) {
      const cached = cache.get(domain);
      const shared = inFlight.get(domain);
      if (cached) arrived.set(domain, cached);
      else if (shared) waits.push(shared.then((verdict) => arrived.set(domain, verdict)));
      else wanted.push(domain);
    }
    if (wanted.length > 0 && canaryKnown() !== false) {
      for (const [domain, verdict] of lookUp(wanted, signal)) {
        waits.push(verdict.then((value) => arrived.set(domain, value)));
      }
    }
    await Promise.all(waits);
  }

  return {
    async check(domains, { signal, deadlineMs = defaultDeadlineMs } = {}) {
      const keys = new Map<string, string | null>();
      for (const input of domains) if (!keys.has(input)) keys.set(input, mailDomainKey(input));
      const wanted = new Set<string>();
      for (const key of keys.values()) if (key !== null) wanted.add(key);
      const arrived = new Map<string, MailVerdict>();
      const work = gather(wanted, arrived, signal);
      remember(work);
      await within(work, deadlineMs, signal);
      const verdicts = new Map<string, MailVerdict>();
      for (const [input, key] of keys) {
        verdicts.set(input, (key === null ? undefined : arrived.get(key)) ?? 'unknown');
      }
      return verdicts;
    },
    settled,
    async close() {
      closing.abort();
      await settled();
    },
  };
}
