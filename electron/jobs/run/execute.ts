// Running one job the queue hands over: the run's context (run.ts, bulk.ts)
// wired to this process (saving, announcing, the stop signal, the job's
// lock), the job's state moved along as the run goes, a unit price learned
// when the job ran alone, and how the run ends: done, failed with words for
// why, or left as it is to carry on when resumed.
import { bulkProduct, syncProduct, type JobProduct } from '../../common/model';
import type { AddressBook } from '../storage/address-book';
import type { JobRecord } from '../storage/record';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { ServiceClient } from '../../service/client';
import { failWith } from './job-failure';
import {
  addressBook,
  announce,
  now,
  patienceOf,
  save,
  view,
  type Live,
  type Shared,
} from '../live';
import { holdOf, patienceHold } from './hold';
import { DEFAULT_WAIT_POLICY } from '../waits/refusals';
import { waitOut } from '../waits/wait-out';
import { openOutcomeLog } from '../storage/outcomes';
import { startJournal } from '../storage/requests-journal';
import { settleJournal } from '../money/exposure';
import { budgetOf } from '../money/spend';
import { learnFacts, learnRefused } from '../coverage/learn';
import { runSyncParts } from './sync-parts';
import { rememberingEach, type SpotAt } from './remembering';
import { openSpotFile } from '../../memory/spot-file';
import { reuserOf } from '../money/reuse';
import { runClaims } from './claims';
import { sentBook, sentLog, sentTable } from './send-list';
import { StoppedError, downloading, runBulk, type RunContext } from './run';
import { costOfPaid, determinedSplit, unitPriceOf, unitPrices } from '../view';
import { paidSplit } from '../money/paid';
import { freezeCharge } from '../money/charge';
import { askAgainOf } from '../ask-again/in-run';

const sendListLost = (dir: string) =>
  new AppError('internal', message('error.job.sendListLost', { dir }));

/** What the queue tells a run about the process it runs in. */
export interface RunSlot {
  /** Whether this is the only job running here now: only then does the balance tell its price. */
  alone(): boolean;
  /** Aborted when this process stops taking work. */
  stopSignal(): AbortSignal;
}

/** Where a run's answers come from and go: the memory, and the claims shared with other jobs. */
async function answersOf(
  s: Shared,
  record: JobRecord,
  product: JobProduct,
  addresses: AddressBook,
  spotAt: SpotAt | null,
) {
  const memory = await s.memory();
  // A cache: an answer it fails to keep is only paid for again some day.
  const remembering = rememberingEach(memory, addresses, await s.teamMemory(), spotAt);
  const sharing = s.sharing();
  const reuseDays = record.choices?.reuseDays ?? 0;
  const claims = sharing ? runClaims(sharing, record.id, product, addresses, reuseDays) : null;
  return { memory, remembering, claims };
}

/**
 * What the balance fell by during a run that charged this job alone (it ran
 * alone here, waited out nothing, sent no bulk task), read once after the run.
 */
async function balanceMove(
  client: ServiceClient,
  before: { balanceMicros: number } | null,
): Promise<number | null> {
  if (!before) return null;
  const after = await client.balance().catch(() => null);
  return after ? before.balanceMicros - after.balanceMicros : null;
}

type Answers = Awaited<ReturnType<typeof answersOf>>;

/** What a run tells the job as it goes: saves, prices learned, answers kept, its state and next checks. */
function runHooks(
  s: Shared,
  l: Live,
  slot: RunSlot,
  memory: Answers['memory'],
  remembering: Answers['remembering'],
  addresses: AddressBook,
): RunContext['hooks'] {
  const { record } = l;
  return {
    save: () => save(s, l),
    ...(slot.alone()
      ? {
          learnBulkPrice: (micros: number, lines: number) =>
            s.prices.learn(bulkProduct(record.product ?? 'email'), micros, lines),
        }
      : {}),
    kept: (records, how) => {
      void learnFacts(memory, how, addresses, records);
      return remembering.kept(records, how.product);
    },
    refusedOutside: (positions) => void learnRefused(memory, addresses, positions),
    changed: () => {
      const state = downloading(record) ? 'downloading' : record.state;
      if (state !== record.state) record.state = state;
      announce(s, l);
    },
    setNextCheck(k, at) {
      if (at === null) l.nextChecks.delete(k);
      else l.nextChecks.set(k, at);
      if (at !== null && record.state !== 'checking') record.state = 'waiting';
      announce(s, l);
    },
  };
}

export async function execute(s: Shared, l: Live, slot: RunSlot): Promise<void> {
  const { store, disk, prices } = s;
  const { record } = l;
  const failed = async (err: unknown) => {
    failWith(l.record, err, store.paths(l.record.id).dir);
    // Frozen at the prices known (no balance read tells a failed run's charge),
    // or kept as it was when the run paid for nothing more.
    const paid = l.outcomes.counts().paid;
    const priced = costOfPaid(prices, paidSplit(l));
    const kept = l.record.charge?.paid === paid ? l.record.charge : null;
    l.record.charge = priced !== null ? { micros: priced, basis: 'prices', paid, at: now() } : kept;
    await save(s, l).catch((e: unknown) => log.error('jobs: a failed job could not be saved', e));
  };
  let client: ServiceClient;
  try {
    // No usable account (none set up, or the key is not proven for the
    // current address): the job stops with that reason, nothing was sent.
    client = s.options.client();
  } catch (err) {
    await failed(err);
    return;
  }
  if (record.plan?.sent !== undefined && l.sent === null) {
    // Positions without their list would send other addresses than planned.
    await failed(sendListLost(store.paths(record.id).dir));
    return;
  }
  const paths = store.paths(record.id);
  const outcomeLog = await openOutcomeLog(paths.outcomes, disk);
  const book = await addressBook(l);
  // The plan counts positions in the send list, when the job has one.
  const sent = l.sent;
  const addresses = sent ? sentBook(book, sent) : book;
  // The addresses' spots as the import kept them, read by the run's positions.
  const spotFile = await openSpotFile(paths.spots, book.count);
  const spotAt: SpotAt | null = !spotFile
    ? null
    : sent
      ? (p) => spotFile.at(sent[p] as number)
      : (p) => spotFile.at(p);
  const balanceBefore = slot.alone() ? await client.balance().catch(() => null) : null;
  const doneBefore = determinedSplit(l);
  const paidBefore = l.outcomes.counts().paid;
  const product = record.product ?? 'email';
  const { memory, remembering, claims } = await answersOf(s, record, product, addresses, spotAt);
  l.halt ??= new AbortController();
  // Stopping here, or the lock found taken away, ends the run the same way.
  const stop = l.lock ? AbortSignal.any([slot.stopSignal(), l.lock.lost]) : slot.stopSignal();
  const runOutcomes = sent ? sentTable(l.outcomes, sent) : l.outcomes;
  const journal = startJournal(paths.requests, disk);
  // A context for each try: its budget counts from what is kept now.
  const contextOf = (): RunContext => ({
    record,
    paths,
    client,
    addresses,
    outcomes: runOutcomes,
    log: sent ? sentLog(outcomeLog, sent) : outcomeLog,
    journal,
    disk,
    halt: (l.halt ??= new AbortController()).signal,
    ...budgetOf(s, l),
    ...reuserOf(memory, product, addresses, record.choices?.reuseDays ?? 0),
    ...(claims ? { claims } : {}),
    stop,
    hooks: runHooks(s, l, slot, memory, remembering, addresses),
  });
  // Asking a finished job's unknowns again (ask-again/): this run, over those only.
  const again = askAgainOf(s, l, paths.outcomes, sent);
  const runOnce = async (): Promise<RunContext> => {
    const ctx = contextOf();
    if (again.asking) return again.round(ctx);
    record.state = record.plan?.bulk.length ? 'waiting' : 'checking';
    const syncPart = () => runSyncParts(ctx);
    if (record.plan?.bulk.length) await runBulk(ctx, syncPart);
    else await syncPart();
    return ctx;
  };
  try {
    await settleJournal(paths.requests, record, runOutcomes, () => save(s, l));
    record.state = record.plan?.bulk.length ? 'waiting' : 'checking';
    record.failure = null;
    await save(s, l);
    const ran = await waitOut(
      {
        s,
        l,
        client,
        stop,
        halt: l.halt.signal,
        patienceMs: patienceOf(s),
        policy: s.options.waitPolicy ?? DEFAULT_WAIT_POLICY,
      },
      runOnce,
    );
    if (ran.kind === 'patience' && !again.asking) {
      // Refused for longer than the patience: paused for the user, not failed.
      record.hold = patienceHold(l, ran.refusal, ran.since);
      record.wait = null;
      await save(s, l);
      return;
    }
    const ctx = ran.kind === 'done' ? ran.value : null;
    // A wait (a top-up among them) moves the balance for other reasons than this run.
    const alone = ran.kind === 'done' && !ran.waited && slot.alone() && !record.plan?.bulk.length;
    // The price is told only by a run that charged one product alone, and waited
    // out nothing; the charge is frozen from it, or from the balance's move.
    const learnPrice = async () => {
      const moved = alone ? await balanceMove(client, balanceBefore) : null;
      if (moved !== null && !record.plan?.syncParts) {
        await prices.learn(syncProduct(product), moved, determinedSplit(l).sync - doneBefore.sync);
      }
      record.charge = freezeCharge({
        previous: record.charge,
        paid: l.outcomes.counts().paid,
        paidBefore,
        priced: costOfPaid(prices, paidSplit(l)),
        moved,
        at: now(),
      });
    };
    if (l.outcomes.counts().done < record.unique && (ctx?.overBudget || l.halt.signal.aborted)) {
      // Stopped by the user or by the limit: everything sent is kept; Continue goes on.
      // Stop lets the requests in flight finish and keeps their answers, so the
      // balance moved for exactly the answers kept: the price is learned as when
      // done, and the stopped job says its charge, never "not known" beside a
      // balance that fell (issue 48).
      await learnPrice();
      record.hold = holdOf(s, l, ctx?.overBudget ? 'limit' : 'stopped');
      record.wait = null;
      await save(s, l);
      return;
    }
    if (l.outcomes.counts().done < record.unique) {
      throw new AppError('internal', message('error.job.outcomesMissing'));
    }
    record.state = 'done';
    // A round asking unknowns again leaves the job finished when it was.
    if (!again.asking) record.finishedAt = now();
    await again.settle();
    // Stop came after the last request: nothing was left to hold back.
    record.hold = null;
    await learnPrice();
    record.unitPriceMicros = unitPriceOf(
      unitPrices(record.product ?? 'email', prices),
      record.plan,
    );
    await save(s, l);
    // The team's history: in the background, so the store never holds a job up.
    if (!again.asking) s.team.finished(view(s, l));
  } catch (err) {
    if (l.lock?.lost.aborted) {
      // Another process holds the job now: its record is that process's to write.
      log.warn(`jobs: ${record.id} stopped here: its lock was taken away`);
    } else if (again.asking) {
      await again.failed(err);
    } else if (err instanceof StoppedError || slot.stopSignal().aborted) {
      // Left as it is (queued/checking/waiting): it resumes by itself next time.
      await save(s, l).catch(() => undefined);
    } else {
      await failed(err);
    }
  } finally {
    l.nextChecks.clear();
    l.halt = null;
    await claims?.end();
    await remembering.drained();
    await spotFile?.close();
    await journal.end();
    await outcomeLog.close();
  }
}
