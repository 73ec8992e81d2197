// A run's claims on the addresses it is about to pay for, so no address of
// the account is paid for twice at the same time: by another job here, by
// the app beside a command line, or by a colleague's List Cleaner through the
// team store (electron/coordination/). Before a request the run claims its
// addresses; those another live job holds are set aside and waited for, and
// the answer that job leaves is taken free; one let go unanswered (not
// charged, or its request failed) is claimed again and sent.
//
// Claims only save money: one that cannot be made (no place to coordinate
// answers) lets the address be sent, as before there were claims.
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobProduct } from '../../common/model';
import type { ClaimAnswer, CoordinationBackend } from '../../coordination/backend';
import { runHolder } from '../../coordination/holder';
import type { AccountSharing } from '../../coordination/sharing';
import { log } from '../../lib/log';
import { teamAddressHash } from '../../team/address-key';
import type { AddressBook } from '../storage/address-book';
import type { OutcomeRecord } from '../storage/outcomes';

/** How often addresses another job holds are asked about again: its answer comes within seconds. */
const ASK_AGAIN_MS = 250;
const ASK_AGAIN_LONGEST_MS = 2_000;

export interface Claimed {
  /** Positions this run may send now. */
  send: number[];
  /** Answers other jobs left for some of the positions: taken free, as reused. */
  answered: OutcomeRecord[];
}

export interface RunClaims {
  /** Claims positions about to be sent; those held by other jobs wait in this run (`waiting`). */
  claim(positions: readonly number[]): Promise<Claimed>;
  /** Leaves the answers of positions this run sent (checked with `checkedWith`) for the jobs waiting on them. */
  settle(records: readonly OutcomeRecord[], checkedWith: JobProduct): void;
  /** Lets positions go unanswered: their request failed. */
  letGo(positions: readonly number[]): void;
  /** How many positions wait for another job's answer. */
  readonly waiting: number;
  /** After a pause, the positions that waited (no longer waiting): claim them again. */
  nextWaiting(signal: AbortSignal): Promise<number[]>;
  /** The run ended: what it still holds unanswered is let go. */
  end(): Promise<void>;
}

export function runClaims(
  sharing: AccountSharing,
  jobId: string,
  product: JobProduct,
  addresses: AddressBook,
  /** The job's reuse window: with none, only answers given while it runs are taken. */
  reuseDays: number,
): RunClaims {
  const holder = runHolder(jobId);
  const answeredSince = Date.now() - Math.max(0, reuseDays) * 86_400_000;
  sharing.runStarted(holder);
  // Where each position this run holds was claimed: settled at the same place.
  const heldAt = new Map<number, CoordinationBackend>();
  let waiting: number[] = [];
  const waitedOn = new Set<number>();
  let pause = ASK_AGAIN_MS;
  let lastAsked = 0;
  const hashOf = (p: number) => teamAddressHash(addresses.at(p));

  const claim = async (positions: readonly number[]): Promise<Claimed> => {
    if (positions.length === 0) return { send: [], answered: [] };
    for (;;) {
      const backend = await sharing.backend();
      // An address found held by another job is answered while this one runs: its answer serves.
      const since = waitedOn.has(positions[0] as number) ? 0 : answeredSince;
      let states;
      try {
        states = await backend.claim(holder, product, positions.map(hashOf), since);
      } catch (err) {
        if (backend.where === 'team store') {
          sharing.storeFailed(err);
          continue;
        }
        log.warn('coordination: addresses could not be claimed; they are sent as they are', err);
        return { send: [...positions], answered: [] };
      }
      const send: number[] = [];
      const answered: OutcomeRecord[] = [];
      states.forEach((state, k) => {
        const p = positions[k] as number;
        if (state.kind === 'mine') {
          send.push(p);
          heldAt.set(p, backend);
        } else if (state.kind === 'held') {
          waiting.push(p);
          waitedOn.add(p);
        } else answered.push(reusedRecord(p, state.answer));
      });
      return { send, answered };
    }
  };

  /** Settles positions at the place each was claimed. */
  const settleAt = (settled: { p: number; answer: ClaimAnswer | null }[]) => {
    const byBackend = new Map<
      CoordinationBackend,
      { hash: Buffer; answer: ClaimAnswer | null }[]
    >();
    for (const { p, answer } of settled) {
      const backend = heldAt.get(p);
      if (!backend) continue;
      heldAt.delete(p);
      const list = byBackend.get(backend) ?? [];
      list.push({ hash: hashOf(p), answer });
      byBackend.set(backend, list);
    }
    for (const [backend, list] of byBackend) {
      // Not settled: the claim lapses within its lease, and a waiting job sends the address itself.
      void backend.settle(holder, list).catch((err: unknown) => {
        if (backend.where === 'team store') sharing.storeFailed(err);
      });
    }
  };

  return {
    claim,
    settle(records, checkedWith) {
      const answeredAtMs = Date.now();
      settleAt(
        records.map((r) => ({
          p: r.index,
          answer:
            r.status === 'deliverable' || r.status === 'undeliverable'
              ? {
                  product: checkedWith,
                  status: r.status,
                  provider: r.provider ?? null,
                  avatar: r.avatar ?? null,
                  avatarUrl: r.avatarUrl ?? null,
                  answeredAtMs,
                }
              : null,
        })),
      );
    },
    letGo(positions) {
      settleAt(positions.map((p) => ({ p, answer: null })));
    },
    get waiting() {
      return waiting.length;
    },
    async nextWaiting(signal) {
      // Some were answered or let go since last asked: their neighbours likely soon too.
      if (waiting.length < lastAsked) pause = ASK_AGAIN_MS;
      await sleep(pause, undefined, { signal });
      pause = Math.min(ASK_AGAIN_LONGEST_MS, pause * 2);
      const asked = waiting;
      waiting = [];
      lastAsked = asked.length;
      return asked;
    },
    async end() {
      sharing.runEnded(holder);
      const places = new Set(heldAt.values());
      heldAt.clear();
      for (const backend of places) await backend.letGo(holder).catch(() => undefined);
    },
  };
}

const reusedRecord = (index: number, answer: ClaimAnswer): OutcomeRecord => ({
  index,
  status: answer.status,
  provider: answer.provider,
  avatar: answer.avatar,
  avatarUrl: answer.avatarUrl,
  origin: 'reused',
  checkedAt: Math.floor(answer.answeredAtMs / 1000),
});
