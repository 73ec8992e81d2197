// What a crash may have cost twice. A synchronous check has no
// Idempotency-Key, so the addresses of a request in flight when the last run
// died (its journal entry open, their outcome not kept) may have been charged
// with the answer lost: they are checked again, and counted on the job so it
// can say how many, and what that can cost at most. Bulk tasks are never
// counted: their key makes the service return the task it already made.
import type { JobRecord } from '../storage/record';
import { readJournal, removeJournal, type RequestKind } from '../storage/requests-journal';

/**
 * How long a check of a dead run may still run at the service, holding one
 * of the account's slots (and the multi slot): its time limit (the
 * interface's limits table: 60 s a single, 300 s a multi, then 50400), and a
 * few seconds for the way.
 */
const STILL_AT_SERVICE_MS: Record<RequestKind, number> = {
  single: 60_000 + 5_000,
  multi: 300_000 + 5_000,
};

/** Whether a 42901 now is one the last run's own checks, killed in flight, were expected to cause. */
export function busyExpected(record: JobRecord, nowMs = Date.now()): boolean {
  const until = record.stoppedMidCheck.busyUntil;
  return until !== null && nowMs < Date.parse(until);
}

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
  let busyUntil = 0;
  if (left.run !== record.stoppedMidCheck.run) {
    for (const request of left.open) {
      const before = addresses;
      for (const p of request.positions) if (!outcomes.has(p)) addresses += 1;
      // Answers kept: the request ended. Otherwise it may still hold a slot at the service.
      if (addresses > before) {
        busyUntil = Math.max(busyUntil, request.sentAt + STILL_AT_SERVICE_MS[request.kind]);
      }
    }
  }
  if (addresses > 0) {
    const was = record.stoppedMidCheck;
    record.stoppedMidCheck = {
      addresses: was.addresses + addresses,
      stops: was.stops + 1,
      run: left.run,
      busyUntil: new Date(busyUntil).toISOString(),
    };
    await save();
  }
  await removeJournal(path);
  return addresses;
}
