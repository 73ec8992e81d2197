// What a crash may have cost twice. A synchronous check has no
// Idempotency-Key, so the addresses of a request in flight when the last run
// died (its journal entry open, their outcome not kept) may have been charged
// with the answer lost: they are checked again, and counted on the job so it
// can say how many, and what that can cost at most. Bulk tasks are never
// counted: their key makes the service return the task it already made.
import type { JobRecord } from '../storage/record';
import { readJournal, removeJournal } from '../storage/requests-journal';

/**
 * Run before anything is sent again, so what was in flight is counted first.
 * Reads the journal an earlier run left, adds what was in flight to the
 * record, saves it, then removes the journal. A crash between the save and
 * the removal counts nothing twice: the record names the journal counted.
 * Returns the addresses counted now.
 */
export async function settleJournal(
  path: string,
  record: JobRecord,
  outcomes: { has(position: number): boolean },
  save: () => Promise<void>,
): Promise<number> {
  const left = await readJournal(path);
  if (!left) {
    await removeJournal(path);
    return 0;
  }
  let addresses = 0;
  if (left.run !== record.stoppedMidCheck.run) {
    for (const request of left.open) {
      for (const p of request.positions) if (!outcomes.has(p)) addresses += 1;
    }
  }
  if (addresses > 0) {
    const was = record.stoppedMidCheck;
    record.stoppedMidCheck = {
      addresses: was.addresses + addresses,
      stops: was.stops + 1,
      run: left.run,
    };
    await save();
  }
  await removeJournal(path);
  return addresses;
}
