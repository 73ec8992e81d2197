// Pulling a colleague's answers into this computer's memory: a list's
// addresses a part at a time (their 16-byte hashes, and the dates of the
// answers the memory holds for them), asked of the store a statement at a
// time, a few statements at once, and only answers newer than those held
// here kept (OutcomeMemory.rememberDated). Nothing here holds a whole list:
// a part is PART addresses, whatever the list's length, and its answers wait
// in typed arrays until the memory takes them.
import { open } from 'node:fs/promises';
import { MAX_REUSE_DAYS } from '../../common/limits';
import { compactAnswers } from '../buckets/compact-answers';
import { wholeLineChunks } from '../../lib/files/whole-lines';
import type { AddressOutcome } from '../../lists/types';
import {
  MAX_ADDRESS,
  createSpots,
  murmur128,
  spotOf,
  type AddressSpot,
  type Spots,
} from '../../lib/addresses/address-hash';
import type { DatedAnswer, OutcomeMemory } from '../outcome-memory';
import { pullAnswers } from './answers';
import { PER_STATEMENT } from '../../team/accounts';
import type { TeamStore } from '../../team/store';

/** Addresses pulled per part: 8 MB of hashes, some 10 MB of spots and dates. */
const PART = 1 << 19;
/** Statements of a pull in flight at once (the pool has four connections). */
const PARALLEL = 3;
/** An address line longer than this (320 characters of UTF-8) is no address. */
const MAX_BYTES = MAX_ADDRESS * 4;
const DAY = 86_400;

/** Addresses of one part: their hashes (16 bytes each) and spots. */
export interface Part {
  count: number;
  hashes: Buffer;
  spots: ReturnType<typeof createSpots>;
}

const newPart = (): Part => ({
  count: 0,
  hashes: Buffer.allocUnsafe(PART * 16),
  spots: createSpots(PART),
});

const words = new Int32Array(4);

/** Adds the address in `bytes[start, end)` to the part. */
function addTo(part: Part, bytes: Uint8Array, start: number, end: number): void {
  murmur128(bytes, start, end, words);
  const at = part.count * 16;
  for (let w = 0; w < 4; w++) part.hashes.writeInt32LE(words[w] as number, at + w * 4);
  part.spots.addSpot(spotOf(words));
  part.count += 1;
}

/** The parts of a job's address file (one normalized address a line), read a chunk at a time. */
export async function partsOfFile(
  addressesPath: string,
  onPart: (part: Part) => Promise<void>,
): Promise<void> {
  const handle = await open(addressesPath, 'r');
  try {
    let part = newPart();
    for await (const { bytes, end } of wholeLineChunks(handle, 256 * 1024)) {
      let start = 0;
      for (let lf = bytes.indexOf(0x0a); lf !== -1 && lf < end; lf = bytes.indexOf(0x0a, start)) {
        if (lf > start && lf - start <= MAX_BYTES) addTo(part, bytes, start, lf);
        start = lf + 1;
        if (part.count === PART) {
          await onPart(part);
          part = newPart();
        }
      }
    }
    if (part.count > 0) await onPart(part);
  } finally {
    await handle.close();
  }
}

/** The parts of normalized addresses given as strings. */
export async function partsOfAddresses(
  addresses: readonly string[],
  onPart: (part: Part) => Promise<void>,
): Promise<void> {
  let part = newPart();
  for (const address of addresses) {
    const bytes = Buffer.from(address, 'utf8');
    if (bytes.length === 0 || bytes.length > MAX_BYTES) continue;
    addTo(part, bytes, 0, bytes.length);
    if (part.count === PART) {
      await onPart(part);
      part = newPart();
    }
  }
  if (part.count > 0) await onPart(part);
}

export interface PullParts {
  store: TeamStore;
  /** The account's number in the store (accountIdOf). */
  accountId: number;
  memory: OutcomeMemory;
  /** Epoch seconds now. */
  nowSeconds: number;
  /** Bounds one statement: a store that does not answer is one out of reach. */
  within: <T>(work: Promise<T>) => Promise<T>;
}

/**
 * Answers pulled for a part, waiting to be kept (memory/buckets/compact-answers.ts:
 * the address's place in the part, its date, its answer), given to the memory
 * one at a time.
 */
function pulledAnswers() {
  const answers = compactAnswers(1024, true);
  return {
    get count() {
      return answers.count;
    },
    add(
      place: number,
      status: 'deliverable' | 'undeliverable',
      outcome: AddressOutcome,
      answeredAt: number,
    ): void {
      answers.add(place, status, outcome, answeredAt);
    },
    /** The answers as the memory takes them, each made as it is read. */
    *entries(spots: Spots): Generator<DatedAnswer> {
      for (const [place, outcome, answeredAt] of answers.each()) {
        const spot: AddressSpot = {
          bucket: spots.bucket[place] as number,
          tag0: spots.tag0[place] as number,
          tag1: spots.tag1[place] as number,
        };
        yield [spot, outcome, answeredAt];
      }
    },
  };
}

/**
 * Pulls the answers of one part's addresses newer than the memory's, within
 * the longest reuse window, into the memory; resolves to how many came.
 */
export async function pullPart(part: Part, parts: PullParts): Promise<number> {
  const { store, accountId, memory, within } = parts;
  const spots = part.spots.done();
  const here = await memory.datesOf(spots, MAX_REUSE_DAYS);
  const from = parts.nowSeconds - MAX_REUSE_DAYS * DAY;
  const email = pulledAnswers();
  const avatar = pulledAnswers();
  const statement = async (first: number) => {
    const last = Math.min(first + PER_STATEMENT, part.count);
    const query = {
      hashes: part.hashes.subarray(first * 16, last * 16),
      emailSince: here.email.subarray(first, last),
      avatarSince: here.avatar.subarray(first, last),
    };
    const pulled = await within(
      store.withClient((client) => pullAnswers(client, accountId, query, from)),
    );
    for (const answer of pulled) {
      const { status } = answer.outcome;
      // Not reused, and not kept (see OutcomeMemory.remember).
      if (status === 'unknown') continue;
      const kept = answer.product === 'avatar' ? avatar : email;
      kept.add(first + answer.index, status, answer.outcome, answer.answeredAt);
    }
  };
  const starts: number[] = [];
  for (let first = 0; first < part.count; first += PER_STATEMENT) starts.push(first);
  for (let k = 0; k < starts.length; k += PARALLEL) {
    await Promise.all(starts.slice(k, k + PARALLEL).map(statement));
  }
  if (email.count > 0) await memory.rememberDated('email', email.entries(spots), email.count);
  if (avatar.count > 0) await memory.rememberDated('avatar', avatar.entries(spots), avatar.count);
  return email.count + avatar.count;
}
