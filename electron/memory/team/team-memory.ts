// The account's memory of paid answers shared through the team store: what a
// colleague paid for is pulled into this computer's memory (LMDB) before a
// list is counted or started, so it is reused here as if paid here; what a
// run here pays for is written to the outbox (outbox.ts) and pushed from it
// in the background. The local memory stays the one the jobs read: the store
// only fills it, so a store that cannot be reached costs reuses, never a job.
// Then the user is told once, the answers wait on disk, and they are sent
// with backoff until the store takes them.
//
// A list is pulled a part at a time (pull.ts): only answers newer than
// this computer's come back.
import { english, message as said, say, type Message } from '../../common/i18n/message';
import { reasonOf, type TeamNoticeListener } from '../../coordination/notices';
import type { JobProduct } from '../../common/model';
import { log } from '../../lib/log';
import type { AddressOutcome } from '../../lists/types';
import type { OutcomeMemory } from '../outcome-memory';
import { pushAnswers } from './answers';
import { accountIdOf } from '../../team/accounts';
import { openOutbox, type Outbox } from './outbox';
import type { TeamStore } from '../../team/store';
import { partsOfAddresses, partsOfFile, pullPart, type Part } from './pull';
import { describeTeamUrl } from '../../team/url';

/** A statement the store does not answer within this is taken as the store out of reach. */
const STATEMENT_MS = 60_000;
/**
 * A store found out of reach is not asked again for a colleague's answers
 * within this: a job's import and start do not each wait out a connection
 * that timed out a moment ago (the pushes' backoff finds it back).
 */
const PULL_AGAIN_MS = 60_000;

export interface TeamMemory {
  readonly account: string;
  /** Pulls the answers of a job's address file (one normalized address a line) into the local memory. */
  pullList(addressesPath: string): Promise<void>;
  /** Pulls the answers of these normalized addresses into the local memory now. */
  pullAddresses(addresses: readonly string[]): Promise<void>;
  /** Writes paid answers to the outbox (on disk before this resolves); they are pushed in the background. */
  queue(
    product: JobProduct,
    entries: Iterable<readonly [string, AddressOutcome]>,
    answeredAt: number,
  ): Promise<void>;
  /** Answers waiting in the outbox. */
  waiting(): Promise<number>;
  /** Whether the store answered the last time it was asked (null: not asked yet). */
  reachable(): boolean | null;
  /** Pushes what waits now; resolves once the outbox is empty, or false after `timeoutMs`. */
  flush(timeoutMs?: number): Promise<boolean>;
  /** Stops retrying; what waits stays in the outbox for the next start. */
  close(): Promise<void>;
}

export type { TeamNoticeKind } from '../../coordination/notices';

export interface TeamMemoryOptions {
  store: TeamStore;
  /** The memory account (the key's fingerprint): the store's account. */
  account: string;
  dataDir: string;
  memory: () => Promise<OutcomeMemory>;
  /** Told once when the store cannot be reached, and once when it is back with answers sent. */
  notice?: TeamNoticeListener;
  /** Backoff between pushes while the store cannot be reached (tests make it short). */
  retry?: { firstMs: number; maxMs: number };
  /** Epoch milliseconds (tests move it). */
  now?: () => number;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const count = (n: number): string => n.toLocaleString('en-US');

/** What the user is told, once, when the store cannot be reached. */
const lostWords = (where: string, err: unknown, waiting: number): Message =>
  waiting > 0
    ? said('notice.team.memoryLostWaiting', {
        where,
        reason: reasonOf(err),
        waiting,
        count: count(waiting),
      })
    : said('notice.team.memoryLost', { where, reason: reasonOf(err) });

/** Rejects when `work` has not settled within STATEMENT_MS. */
function bounded<T>(work: Promise<T>, ms = STATEMENT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function openTeamMemory(options: TeamMemoryOptions): TeamMemory {
  const { store, account } = options;
  const now = options.now ?? Date.now;
  const retry = options.retry ?? { firstMs: 1_000, maxMs: 60_000 };
  const outbox: Outbox = openOutbox(options.dataDir, account);
  const where = describeTeamUrl(store.url);
  let reachable: boolean | null = null;
  /** When the store was last found out of reach (epoch ms). */
  let lostAt = 0;
  let told = false;
  let closed = false;
  let ready: Promise<number> | null = null;
  let draining: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  const emptied: (() => void)[] = [];

  /**
   * The account's number in the store, asked once (the schema came up to
   * date when the process opened the store: team/current.ts).
   */
  const schema = () => {
    ready ??= store.withClient((client) => accountIdOf(client, account));
    ready.catch(() => (ready = null));
    return ready;
  };
  const tell = (words: Message, kind: 'lost' | 'back') =>
    options.notice?.(say(english.t, words), kind, words);
  const failed = (err: unknown, what: string) => {
    reachable = false;
    lostAt = now();
    // Once per outage, as the user is told: a retry every minute is no news.
    if (told) return;
    told = true;
    log.warn(`team: ${what}: ${message(err)}`);
    void outbox.waiting().then(
      (n) => tell(lostWords(where, err, n), 'lost'),
      () => undefined,
    );
  };
  const answered = (sent: number) => {
    const wasTold = told && reachable === false;
    reachable = true;
    if (wasTold) {
      told = false;
      tell(
        sent > 0
          ? said('notice.team.memoryBackSent', { where, sent, count: count(sent) })
          : said('notice.team.storeReachedAgainAt', { where }),
        'back',
      );
    }
  };

  const push = async (): Promise<number> => {
    const accountId = await bounded(schema());
    return outbox.drain(
      (batch) =>
        bounded(store.withClient((client) => pushAnswers(client, accountId, batch))).then(
          () => undefined,
        ),
      () => closed,
    );
  };

  /** Drains the outbox, retrying with capped, jittered backoff while the store cannot be reached. */
  const drainLoop = async () => {
    let delay = retry.firstMs;
    let sent = 0;
    while (!closed) {
      try {
        sent += await push();
        answered(sent);
        if ((await outbox.waiting()) === 0) {
          for (const done of emptied.splice(0)) done();
          return;
        }
        // Answers came while the last file was sent: round again at once.
        delay = retry.firstMs;
        continue;
      } catch (err) {
        failed(err, 'answers could not be sent to the team store; they wait in the outbox');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.random() * delay);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      delay = Math.min(delay * 2, retry.maxMs);
    }
  };
  /** Sends what waits now: wakes a loop waiting out its backoff, or starts one. */
  let again = false;
  const kick = () => {
    if (closed) return;
    again = true;
    wake?.();
    draining ??= (async () => {
      while (again && !closed) {
        again = false;
        await drainLoop();
      }
    })().finally(() => {
      draining = null;
      // Answers queued as the loop ended are not left waiting for the next job.
      if (again) kick();
    });
  };

  /** Pulls the parts `fill` makes, one at a time; a store out of reach is said once, never thrown. */
  const pull = async (fill: (onPart: (part: Part) => Promise<void>) => Promise<void>) => {
    if (closed || (reachable === false && now() - lostAt < PULL_AGAIN_MS)) return;
    const memory = await options.memory();
    if (!memory.available) return;
    try {
      const accountId = await bounded(schema());
      const nowSeconds = Math.floor(now() / 1000);
      await fill(async (part) => {
        await pullPart(part, { store, accountId, memory, nowSeconds, within: bounded });
      });
      answered(0);
    } catch (err) {
      failed(err, "a colleague's answers could not be read from the team store");
    }
  };

  // What a process before this one left waiting goes now.
  void outbox.waiting().then(
    (n) => n > 0 && kick(),
    () => undefined,
  );

  return {
    account,
    pullList: (addressesPath) => pull((onPart) => partsOfFile(addressesPath, onPart)),
    pullAddresses: (addresses) => pull((onPart) => partsOfAddresses(addresses, onPart)),
    async queue(product, entries, answeredAt) {
      try {
        const n = await outbox.append(product, entries, answeredAt);
        if (n > 0) kick();
      } catch (err) {
        // The answers are in the local memory and the job's log; only colleagues miss them.
        log.warn('team: answers could not be written to the outbox; colleagues pay for them', err);
      }
    },
    waiting: () => outbox.waiting(),
    reachable: () => reachable,
    async flush(timeoutMs = 30_000) {
      if ((await outbox.waiting()) === 0) return true;
      const empty = new Promise<boolean>((resolve) => emptied.push(() => resolve(true)));
      kick();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
      });
      return Promise.race([empty, late]).finally(() => clearTimeout(timer));
    },
    async close() {
      closed = true;
      wake?.();
      await draining?.catch(() => undefined);
    },
  };
}
