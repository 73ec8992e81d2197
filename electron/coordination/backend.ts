// What a place to coordinate through offers: the data folder (local.ts), for
// the processes of one machine, or the team store (team.ts), for every
// process of the team. Both keep the same two things per account: the
// request slots with the queue for them (fair.ts), and claims on addresses
// a job is about to pay for, each left with its answer for the others.
import type { JobProduct } from '../common/model';
import type { SlotKind } from './fair';

export type { SlotKind } from './fair';

/** An answer a claim leaves for the jobs that waited for it. */
export interface ClaimAnswer {
  /** What it was checked with: an avatar answer serves an email check too. */
  product: JobProduct;
  status: 'deliverable' | 'undeliverable';
  provider: string | null;
  avatar: boolean | null;
  avatarUrl: string | null;
  /** When it was given, epoch ms. */
  answeredAtMs: number;
}

/** What a claim found, per address. */
export type ClaimState =
  | { kind: 'mine' }
  /** Another live job holds it and has no answer yet: wait. */
  | { kind: 'held' }
  | { kind: 'answered'; answer: ClaimAnswer };

export interface CoordinationBackend {
  readonly where: 'team store' | 'data folder';
  /**
   * Queues `ticket` of `holder` for a slot of `kind` (or keeps its place), and
   * takes one when the rule says it is its turn: true once taken.
   */
  takeSlot(ticket: string, holder: string, kind: SlotKind, since: number): Promise<boolean>;
  /** Gives back the slot `ticket` took. */
  releaseSlot(ticket: string): Promise<void>;
  /** Leaves the queue without a slot (the request was called off). */
  leaveQueue(ticket: string): Promise<void>;
  /**
   * Claims addresses (by hash) for `holder`, a job run, to check with
   * `product`: each is its own now, or held by another live job, or answered
   * by one in a way that serves `product` at `answeredSinceMs` (epoch ms) or
   * later. An older answer, or one that does not serve, is claimed over.
   */
  claim(
    holder: string,
    product: JobProduct,
    hashes: readonly Buffer[],
    answeredSinceMs: number,
  ): Promise<ClaimState[]>;
  /**
   * Settles claims of `holder`: an answer is left for the jobs that wait; null
   * lets the address go unanswered (not charged, or the request failed), so a
   * waiting job claims it and sends it itself.
   */
  settle(
    holder: string,
    settled: readonly { hash: Buffer; answer: ClaimAnswer | null }[],
  ): Promise<void>;
  /** Lets go of every claim of `holder` still unanswered (its run ended). */
  letGo(holder: string): Promise<void>;
  /** Forgets the answers claims hold for latecomers (the user cleared the memory). */
  forgetAnswers(): Promise<void>;
  /** Renews the leases of this process's slots and of the runs' claims. */
  renew(process: string, runs: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Does an answer given for `given` serve a check with `wanted`? */
export const serves = (given: JobProduct, wanted: JobProduct): boolean =>
  given === wanted || given === 'avatar';
