// A run's paid answers, kept in the account's memory as the run keeps them
// (keep.ts): so the same address is not paid for again. The memory writes
// every bucket an answer falls in (memory/remember.ts), and a few hundred
// thousand answers fall in nearly all of them, so answers are gathered and
// written together: once half a million wait, or the oldest has waited two
// seconds (a synchronous job's answers reach the memory within moments), or
// the run ends. They wait compactly, some 9 bytes an answer and no string,
// and while one write runs and another half million wait, the run is held:
// answers never pile up in the heap however fast a result file is read.
// With a team store, each batch is also written to the team's outbox
// (memory/team/outbox.ts), from which it is pushed to the store in the background.
import type { JobProduct } from '../../common/model';
import { log } from '../../lib/log';
import type { AddressOutcome } from '../../lists/types';
import { compactAnswers } from '../../memory/buckets/compact-answers';
import type { AddressSpot } from '../../lib/addresses/address-hash';
import type { OutcomeMemory } from '../../memory/outcome-memory';
import type { TeamMemory } from '../../memory/team/team-memory';
import type { AddressBook } from '../storage/address-book';
import type { OutcomeRecord } from '../storage/outcomes';

/** Answers written together at most, and waiting at most while a write runs. */
export const REMEMBER_AT_ONCE = 500_000;
/** How long the oldest answer waits for others before it is written anyway. */
const WAIT_MS = 2_000;

/** Answers the waiting arrays first have room for; they double from there. */
const FIRST_ROOM = 16_384;

/** Answers waiting: positions in the address book and their outcomes (memory/buckets/compact-answers.ts). */
function waitingAnswers() {
  const answers = compactAnswers(FIRST_ROOM, false);
  return {
    get count() {
      return answers.count;
    },
    /** Adds a paid answer the service determined; anything else is not remembered. */
    add(r: OutcomeRecord): void {
      if ((r.origin ?? 'paid') !== 'paid') return;
      if (r.status !== 'deliverable' && r.status !== 'undeliverable') return;
      answers.add(r.index, r.status, r);
    },
    /** The answers as the memory takes them, read lazily: one address string at a time. */
    *entries(addresses: AddressBook): Generator<[string, AddressOutcome]> {
      for (const [position, outcome] of answers.each()) yield [addresses.at(position), outcome];
    },
    /** The same by each address's spot, as the import hashed it (memory/spot-file.ts). */
    *spotEntries(spotAt: SpotAt): Generator<[AddressSpot, AddressOutcome]> {
      for (const [position, outcome] of answers.each()) yield [spotAt(position), outcome];
    },
  };
}

export interface Remembering {
  /** Takes the answers just kept; a promise returned holds the run until the memory catches up. */
  kept(records: readonly OutcomeRecord[]): Promise<void> | undefined;
  /** Writes what waits; resolves once everything given is written (or given up, with a log line). */
  drained(): Promise<void>;
}

/** The spot of the address at a position of the run (memory/spot-file.ts). */
export type SpotAt = (position: number) => AddressSpot;

export function remembering(
  memory: OutcomeMemory,
  product: JobProduct,
  addresses: AddressBook,
  atOnce = REMEMBER_AT_ONCE,
  team: TeamMemory | null = null,
  /** The addresses' spots, when the import kept them: no address read and hashed again. */
  spotAt: SpotAt | null = null,
): Remembering {
  let waiting = waitingAnswers();
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const held: (() => void)[] = [];

  const write = async (answers: ReturnType<typeof waitingAnswers>) => {
    const checkedAt = Math.floor(Date.now() / 1000);
    // The team's copy goes to the outbox on disk (pushed from there in the
    // background: the run never waits for the store) beside the local write.
    const shared = team?.queue(product, answers.entries(addresses), checkedAt);
    try {
      if (memory.available && spotAt) {
        await memory.rememberSpots(product, answers.spotEntries(spotAt), checkedAt, answers.count);
      } else if (memory.available) {
        await memory.remember(product, answers.entries(addresses), checkedAt, answers.count);
      }
    } catch (err) {
      log.warn(
        'jobs: answers could not be kept in the memory; they are paid for again next time',
        err,
      );
    }
    await shared;
  };
  /** Starts writing what waits, unless a write runs (it starts the next when it ends). */
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing || waiting.count === 0) return;
    const answers = waiting;
    waiting = waitingAnswers();
    for (const release of held.splice(0)) release();
    writing = write(answers).finally(() => {
      writing = null;
      if (waiting.count >= atOnce) flush();
      else if (waiting.count > 0) timer ??= setTimeout(flush, WAIT_MS).unref();
    });
  };

  return {
    kept(records) {
      if (!memory.available && !team) return undefined;
      for (const r of records) waiting.add(r);
      if (waiting.count === 0) return undefined;
      if (waiting.count >= atOnce) flush();
      else timer ??= setTimeout(flush, WAIT_MS).unref();
      if (waiting.count < atOnce) return undefined;
      return new Promise<void>((resolve) => held.push(resolve));
    },
    async drained() {
      for (;;) {
        flush();
        if (!writing) return;
        await writing;
      }
    },
  };
}

/**
 * A run's answers by the product that asked: an Email + avatar job also keeps
 * the Email answers of the addresses it routed to Email.
 */
export function rememberingEach(
  memory: OutcomeMemory,
  addresses: AddressBook,
  team: TeamMemory | null = null,
  spotAt: SpotAt | null = null,
) {
  const each = new Map<JobProduct, Remembering>();
  return {
    kept(records: readonly OutcomeRecord[], product: JobProduct): Promise<void> | undefined {
      let r = each.get(product);
      if (!r)
        each.set(
          product,
          (r = remembering(memory, product, addresses, REMEMBER_AT_ONCE, team, spotAt)),
        );
      return r.kept(records);
    },
    async drained(): Promise<void> {
      await Promise.all([...each.values()].map((r) => r.drained()));
    },
  };
}
