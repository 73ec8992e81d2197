// What the outcome memory already knows of a list, worked out when the list
// is imported: for each of its unique addresses, when an answer was last paid
// for that could serve it again, so the review can say before anything is
// paid how many need not be, and a job can take those answers instead of
// sending the addresses.
//
// It reads the job's address file (one normalized unique address per line,
// in first-seen order, as electron/jobs/address-book.ts reads it) a chunk at
// a time, handing each line's bytes to the memory as they are: no string per
// address, and only the two arrays of dates grow with the list.
import { open } from 'node:fs/promises';
import type { AnswerDates, OutcomeMemory } from './outcome-memory';

/** When each address's usable answer was given, by line of the address file. */
export interface RecalledList {
  /**
   * checkedAt (epoch seconds) of the newest answer that may serve an email
   * check: one kept for 'email' or for 'avatar' (an email + avatar answer
   * holds the email's), or 0 when none is within the window.
   */
  email: Uint32Array;
  /** checkedAt of an answer kept for 'avatar', the only one that may serve an avatar check, or 0. */
  avatar: Uint32Array;
}

/** How far back recallList looks unless told: a caller's reuse window is at most this. */
export const RECALL_DAYS = 365;
/**
 * Bytes of the address file read at a time: some 10,000 addresses, looked up
 * within 10 to 30 ms, after which the event loop runs again.
 */
const CHUNK = 256 * 1024;
/** A first guess of the addresses in a file of n bytes; the arrays grow if it falls short. */
const GUESSED_LINE_BYTES = 16;

/** Two arrays of dates that grow as lines come. */
function createDates(capacity: number) {
  let email = new Uint32Array(capacity);
  let avatar = new Uint32Array(capacity);
  let count = 0;
  return {
    add(emailAt: number, avatarAt: number): void {
      if (count === email.length) {
        const bigger = Math.max(1024, email.length * 2);
        const grownEmail = new Uint32Array(bigger);
        grownEmail.set(email);
        const grownAvatar = new Uint32Array(bigger);
        grownAvatar.set(avatar);
        email = grownEmail;
        avatar = grownAvatar;
      }
      email[count] = emailAt;
      avatar[count] = avatarAt;
      count += 1;
    },
    done(): RecalledList {
      if (count === email.length) return { email, avatar };
      return { email: email.slice(0, count), avatar: avatar.slice(0, count) };
    },
  };
}

type Dates = ReturnType<typeof createDates>;

/** Looks up every whole line in `bytes[0, end)`, in order. */
function recallLines(
  bytes: Buffer,
  end: number,
  email: AnswerDates,
  avatar: AnswerDates,
  dates: Dates,
): void {
  const both = email.any && avatar.any;
  for (let start = 0; start < end;) {
    const lineEnd = bytes.indexOf(0x0a, start);
    const line = bytes.subarray(start, lineEnd);
    start = lineEnd + 1;
    if (both) {
      const emailAt = email.at(line);
      const avatarAt = avatar.at(line);
      dates.add(emailAt > avatarAt ? emailAt : avatarAt, avatarAt);
    } else if (avatar.any) {
      const avatarAt = avatar.at(line);
      dates.add(avatarAt, avatarAt);
    } else {
      dates.add(email.any ? email.at(line) : 0, 0);
    }
  }
}

/**
 * For each line of `addressesPath` (a job's address file), the dates of the
 * answers `memory` holds for it within `maxAgeDays` (RECALL_DAYS unless told),
 * in the file's order: `email[i]` and `avatar[i]` for line i, 0 where none.
 * A last line without its line end is not an address (the address book does
 * not count it either). A memory that is unavailable gives zeros.
 */
export async function recallList(
  addressesPath: string,
  memory: OutcomeMemory,
  maxAgeDays: number = RECALL_DAYS,
): Promise<RecalledList> {
  const email = memory.answerDates('email', maxAgeDays);
  const avatar = memory.answerDates('avatar', maxAgeDays);
  const handle = await open(addressesPath, 'r');
  try {
    const { size } = await handle.stat();
    const dates = createDates(Math.ceil(size / GUESSED_LINE_BYTES));
    let bytes = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size, 1)));
    // bytes[0, held) are read and not looked up yet: at most one unfinished line.
    let held = 0;
    for (;;) {
      if (held === bytes.length) {
        // A line longer than the buffer (no address is; a damaged file may have one).
        const longer = Buffer.allocUnsafe(bytes.length * 2);
        bytes.copy(longer, 0, 0, held);
        bytes = longer;
      }
      const { bytesRead } = await handle.read(bytes, held, bytes.length - held, null);
      if (bytesRead === 0) break;
      held += bytesRead;
      const end = bytes.lastIndexOf(0x0a, held - 1) + 1;
      if (end === 0) continue;
      recallLines(bytes, end, email, avatar, dates);
      held = bytes.copy(bytes, 0, end, held);
    }
    return dates.done();
  } finally {
    await handle.close();
  }
}
