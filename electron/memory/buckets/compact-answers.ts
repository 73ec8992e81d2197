// Answers on their way into the memory, held compactly: a run's paid answers
// waiting to be written (jobs/run/remembering.ts), and a colleague's answers
// pulled from the team store (memory/team/pull.ts). Hundreds of thousands may
// wait at once, so each is some 9 bytes in typed arrays (a number saying which
// address, a byte of status and avatar, the provider's number in a small
// dictionary; 4 more for its date where it has one) and no object: the
// answer is made again as it is read, one at a time.
import { grown } from '../../lib/grown';
import type { AddressOutcome } from '../../lists/types';

const DELIVERABLE = 1;
const UNDELIVERABLE = 2;
/** Avatar: 0 not given, 1 false, 2 true; shifted past the status. */
const AVATAR_SHIFT = 2;

export interface CompactAnswers {
  readonly count: number;
  /**
   * Adds the answer for address `which` (a position, a place in a part): a
   * status the service determined (the memory keeps no other), the rest of
   * the outcome, and when it was given, for answers kept dated.
   */
  add(
    which: number,
    status: 'deliverable' | 'undeliverable',
    outcome: Omit<AddressOutcome, 'status'>,
    date?: number,
  ): void;
  /** Each answer as it was added, made as it is read: which address, the answer, its date (0 undated). */
  each(): Generator<[which: number, outcome: AddressOutcome, date: number]>;
}

/** Room for `firstRoom` answers at first, doubled as they come; `dated` keeps a date with each. */
export function compactAnswers(firstRoom: number, dated: boolean): CompactAnswers {
  let which = new Uint32Array(firstRoom);
  let dates = new Uint32Array(dated ? firstRoom : 0);
  let codes = new Uint8Array(firstRoom);
  // 1 + the provider's index in `names`, 0 for none.
  let providers = new Uint32Array(firstRoom);
  const names: string[] = [];
  const nameIds = new Map<string, number>();
  const urls = new Map<number, string>();
  let count = 0;
  return {
    get count() {
      return count;
    },
    add(address, status, outcome, date = 0) {
      if (count === which.length) {
        which = grown(which);
        codes = grown(codes);
        providers = grown(providers);
        if (dated) dates = grown(dates);
      }
      const avatar = outcome.avatar == null ? 0 : outcome.avatar ? 2 : 1;
      codes[count] =
        (status === 'deliverable' ? DELIVERABLE : UNDELIVERABLE) | (avatar << AVATAR_SHIFT);
      let id = 0;
      if (outcome.provider != null) {
        id = nameIds.get(outcome.provider) ?? names.push(outcome.provider);
        nameIds.set(outcome.provider, id);
      }
      providers[count] = id;
      if (outcome.avatarUrl != null) urls.set(count, outcome.avatarUrl);
      which[count] = address;
      if (dated) dates[count] = date;
      count += 1;
    },
    *each() {
      for (let k = 0; k < count; k++) {
        const code = codes[k] as number;
        const avatar = code >> AVATAR_SHIFT;
        const provider = providers[k] as number;
        yield [
          which[k] as number,
          {
            status: (code & 3) === DELIVERABLE ? 'deliverable' : 'undeliverable',
            provider: provider === 0 ? null : (names[provider - 1] as string),
            avatar: avatar === 0 ? null : avatar === 2,
            avatarUrl: urls.get(k) ?? null,
          },
          dated ? (dates[k] as number) : 0,
        ];
      }
    },
  };
}
