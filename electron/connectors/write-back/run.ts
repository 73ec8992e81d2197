// Writing a checked list's verdicts back to its platform, batch by batch,
// from the journal's place: first every member's verdict, then, only where
// the user confirmed it, the undeliverable members unsubscribed or archived.
// Each batch is marked in flight before it is sent; after a crash the batch
// in flight is asked about first, and only members that do not carry their
// verdict yet are written, so a member is written once. Nothing is deleted.
import { AppError } from '../../lib/app-error';
import type { PlatformHttp } from '../http';
import type { Connector, WriteOutcome } from '../types';
import { REFUSALS_KEPT, saveJournal, type Journal } from './journal';
import { workBatches, type WorkItem } from './work-list';

export interface WriteBackProgress {
  phase: Journal['phase'];
  /** Members handled in this phase so far, of `total`. */
  done: number;
  total: number;
}

export interface RunOptions {
  connector: Connector;
  http: PlatformHttp;
  journal: Journal;
  journalPath: string;
  workPath: string;
  onProgress?: (progress: WriteBackProgress) => void;
}

const now = () => new Date().toISOString();

function tally(journal: Journal, items: WorkItem[], outcomes: WriteOutcome[], retire: boolean) {
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const o of outcomes) {
    if (o.result === 'written') {
      if (retire) journal.counts.retired += 1;
      else journal.counts.written += 1;
      continue;
    }
    if (retire) journal.counts.retireRefused += 1;
    else journal.counts.refused += 1;
    if (journal.refusals.length < REFUSALS_KEPT) {
      const email = byId.get(o.id)?.email ?? o.id;
      journal.refusals.push(
        o.said ? { email, reason: o.reason, said: o.said } : { email, reason: o.reason },
      );
    }
  }
}

/** Of a batch that was in flight at a crash, those that carry their verdict already. */
async function alreadyWritten(o: RunOptions, items: WorkItem[]): Promise<Set<string>> {
  const held = await o.connector.current(o.http, o.journal.listId, items);
  const done = new Set<string>();
  for (const item of items) {
    const v = held.get(item.id);
    if (v && v.status === item.status && (v.checkedAt === '' || v.checkedAt === item.checkedAt)) {
      done.add(item.id);
    }
  }
  return done;
}

async function runPhase(o: RunOptions, retire: boolean): Promise<void> {
  const { connector, http, journal } = o;
  const mode = journal.retire;
  const total = retire
    ? journal.plan.retirable
    : Object.values(journal.plan.write).reduce((a, b) => a + (b ?? 0), 0);
  let done = retire
    ? journal.counts.retired + journal.counts.retireRefused
    : journal.counts.written + journal.counts.refused;
  o.onProgress?.({ phase: journal.phase, done, total });
  const size = connector.limits.writeBatch;
  const pick = retire ? (i: WorkItem) => i.retire : (i: WorkItem) => i.write;
  for await (const batch of workBatches(o.workPath, journal.checkedAt, size, journal.next, pick)) {
    let items = batch.items;
    const wasInFlight = journal.inFlight?.start === batch.start ? journal.inFlight : null;
    if (wasInFlight !== null && !retire && items.length > 0) {
      if (wasInFlight.job !== undefined) await connector.settle?.(http, wasInFlight.job);
      const written = await alreadyWritten(o, items);
      journal.counts.written += written.size;
      done += written.size;
      items = items.filter((i) => !written.has(i.id));
    }
    journal.inFlight = { start: batch.start, end: batch.end };
    await saveJournal(o.journalPath, journal);
    if (items.length > 0) {
      const outcomes =
        retire && mode !== null
          ? await connector.retire(http, journal.listId, items, mode)
          : await connector.write(http, journal.listId, items, async (job) => {
              journal.inFlight = { start: batch.start, end: batch.end, job };
              await saveJournal(o.journalPath, journal);
            });
      tally(journal, items, outcomes, retire);
      done += items.length;
    }
    journal.next = batch.end;
    journal.inFlight = null;
    await saveJournal(o.journalPath, journal);
    o.onProgress?.({ phase: journal.phase, done, total });
  }
}

/** Carries the write-back on from its journal to the end; the journal says how it ended. */
export async function runWriteBack(o: RunOptions): Promise<Journal> {
  const { journal } = o;
  try {
    if (journal.phase === 'verdicts') {
      await o.connector.prepare(o.http);
      await runPhase(o, false);
      journal.phase = journal.retire === null ? 'done' : 'retire';
      journal.next = 0;
      await saveJournal(o.journalPath, journal);
    }
    if (journal.phase === 'retire') {
      await runPhase(o, true);
      journal.phase = 'done';
    }
    journal.state = 'done';
    journal.finishedAt = now();
    journal.error = null;
    delete journal.errorSaid;
  } catch (err) {
    // Stopped (the app quitting, the user's Stop): it carries on at the next start.
    journal.state = o.http.signal?.aborted ? 'writing' : 'failed';
    journal.error = err instanceof Error ? err.message : String(err);
    if (err instanceof AppError && err.said) journal.errorSaid = err.said;
    else delete journal.errorSaid;
    await saveJournal(o.journalPath, journal);
    throw err;
  }
  await saveJournal(o.journalPath, journal);
  return journal;
}
