// The jobs of this app: importing a list into a job of its own, estimating
// and starting it, running it (several may be queued; they share the client's
// limits), picking unfinished ones up again after a restart, and exporting
// the cleaned list as often as the user likes.
import { copyFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { JobView } from '../common/views';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import { importList, type ImportProgress } from '../lists/read';
import type { ImportedList } from '../lists/types';
import { exportList, type ExportOptions, type ExportResult } from '../lists/write';
import type { ServiceClient } from '../service/client';
import { loadOutcomes, openOutcomeLog, type OutcomeTable } from './outcomes';
import { planJob } from './plan';
import { openPriceBook } from './prices';
import { newBulkTask, resetForResend, tasksToSendAgain, type JobRecord } from './record';
import { StoppedError, downloading, runBulk, runSync, type RunContext } from './run';
import { openJobStore } from './store';
import type { AddressBook } from './address-book';
import { jobLockHolder } from './lock';
import { openOwnership, runningElsewhere } from './ownership';
import { failWith as failWithError } from './job-failure';
import { diskWith } from './disk';
import { ensureRoom, roomNeeded } from './room';
import { UNFINISHED_STATES, bulkProduct, syncProduct, type JobProduct } from '../common/model';
import * as held from './live';
import type { Live, Shared } from './live';
import { cost, determinedSplit, unitPriceOf, unitPrices } from './view';

export type { JobsOptions } from './live';

export interface Estimate {
  unique: number;
  unitPriceMicros: number | null;
  /** Null when a unit price the job needs is not known yet. */
  estimateMicros: number | null;
  balanceMicros: number;
}

export interface Jobs {
  /** Copies the file into a new job and reads it; the job waits as a draft. */
  importFile(
    path: string,
    options?: {
      column?: string | number;
      onProgress?: (p: ImportProgress) => void;
      signal?: AbortSignal;
    },
  ): Promise<{ job: JobView; list: ImportedList }>;
  /** Reads a draft's copy again with another address column. */
  chooseColumn(id: string, column: string | number): Promise<{ job: JobView; list: ImportedList }>;
  estimate(id: string, product: JobProduct): Promise<Estimate>;
  /** Checks the balance covers it, plans it and queues it. */
  start(id: string, product: JobProduct): Promise<JobView>;
  /** Resolves when the job is done or has failed (never rejects for a job's own failure). */
  finished(id: string): Promise<JobView>;
  /** Picks up one job again, or every unfinished one; a failed job is retried. */
  resume(id?: string): Promise<JobView[]>;
  /** For a job refused because of avatar coverage: check the rest one by one. */
  runRest(id: string): Promise<JobView>;
  list(): Promise<JobView[]>;
  get(id: string): Promise<JobView>;
  getList(id: string): Promise<ImportedList>;
  outcomes(id: string): Promise<OutcomeTable>;
  addressBook(id: string): Promise<AddressBook>;
  export(id: string, options: ExportOptions): Promise<ExportResult>;
  remove(id: string): Promise<void>;
  /** Stops taking new work and waits for what is in flight. */
  stop(): Promise<void>;
  /** Is any job running or queued in this process. */
  busy(): boolean;
}

const { now } = held;

function newJobId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

export async function openJobs(options: held.JobsOptions): Promise<Jobs> {
  const s: Shared = {
    options,
    store: openJobStore(options.dataDir),
    disk: diskWith(options.disk),
    prices: await openPriceBook(options.dataDir),
    live: new Map(),
    queue: [],
    sentHere: new Set(),
  };
  const { store, disk, prices, live, queue, sentHere } = s;
  const concurrency = options.concurrency ?? 2;
  let active = 0;
  let stopper = new AbortController();
  const running = new Set<Promise<void>>();

  const view = (l: Live) => held.view(s, l);
  const announce = (l: Live) => held.announce(s, l);
  const save = (l: Live) => held.save(s, l);
  const track = (record: JobRecord, list: ImportedList) => held.track(s, record, list);
  const load = (id: string) => held.load(s, id);
  const settle = (l: Live) => held.settle(s, l);
  const { addressBook, requireDraft } = held;
  const own = openOwnership(s);
  const { takeLock, releaseLock } = own;
  const failWith = (l: Live, err: unknown) =>
    failWithError(l.record, err, store.paths(l.record.id).dir);

  const execute = async (l: Live): Promise<void> => {
    const { record } = l;
    let client: ServiceClient;
    try {
      // No usable account (none set up, or the key is not proven for the
      // current address): the job stops with that reason, nothing was sent.
      client = options.client();
    } catch (err) {
      failWith(l, err);
      await save(l).catch((e: unknown) => log.error('jobs: a failed job could not be saved', e));
      return;
    }
    const paths = store.paths(record.id);
    const outcomeLog = await openOutcomeLog(paths.outcomes, disk);
    const addresses = await addressBook(l);
    const balanceBefore = active === 1 ? await client.balance().catch(() => null) : null;
    const doneBefore = determinedSplit(l);
    const ctx: RunContext = {
      record,
      paths,
      client,
      addresses,
      outcomes: l.outcomes,
      log: outcomeLog,
      disk,
      // Stopping here, or the lock found taken away, ends the run the same way.
      stop: l.lock ? AbortSignal.any([stopper.signal, l.lock.lost]) : stopper.signal,
      hooks: {
        save: () => save(l),
        ...(active === 1
          ? {
              learnBulkPrice: (micros: number, lines: number) =>
                prices.learn(bulkProduct(record.product ?? 'email'), micros, lines),
            }
          : {}),
        changed: () => {
          const state = downloading(record) ? 'downloading' : record.state;
          if (state !== record.state) record.state = state;
          announce(l);
        },
        setNextCheck(k, at) {
          if (at === null) l.nextChecks.delete(k);
          else l.nextChecks.set(k, at);
          if (at !== null && record.state !== 'checking') record.state = 'waiting';
          announce(l);
        },
      },
    };
    try {
      record.state = record.plan?.bulk.length ? 'waiting' : 'checking';
      record.failure = null;
      await save(l);
      const sync = record.plan?.sync ?? null;
      const syncPart = async () => {
        if (!sync) return;
        await runSync(ctx, sync);
      };
      if (record.plan?.bulk.length) await runBulk(ctx, syncPart);
      else await syncPart();
      if (l.outcomes.counts().done < record.unique) {
        throw new AppError(
          'internal',
          'Some addresses have no outcome yet; Try again (list-cleaner resume) checks them.',
        );
      }
      record.state = 'done';
      record.finishedAt = now();
      // What the balance moved by, for what was determined in this run, is the unit price.
      if (balanceBefore && active === 1 && !record.plan?.bulk.length) {
        const after = await client.balance().catch(() => null);
        const doneAfter = determinedSplit(l);
        if (after) {
          await prices.learn(
            syncProduct(record.product ?? 'email'),
            balanceBefore.balanceMicros - after.balanceMicros,
            doneAfter.sync - doneBefore.sync,
          );
        }
      }
      record.unitPriceMicros = unitPriceOf(
        unitPrices(record.product ?? 'email', prices),
        record.plan,
      );
      await save(l);
    } catch (err) {
      if (l.lock?.lost.aborted) {
        // Another process holds the job now: its record is that process's to write.
        log.warn(`jobs: ${record.id} stopped here: its lock was taken away`);
      } else if (err instanceof StoppedError || stopper.signal.aborted) {
        // Left as it is (queued/checking/waiting): it resumes by itself next time.
        await save(l).catch(() => undefined);
      } else {
        failWith(l, err);
        await save(l).catch((e: unknown) => log.error('jobs: a failed job could not be saved', e));
      }
    } finally {
      l.nextChecks.clear();
      await outcomeLog.close();
    }
  };

  const pump = () => {
    while (active < concurrency && queue.length > 0 && !stopper.signal.aborted) {
      const id = queue.shift() as string;
      const l = live.get(id);
      if (!l || l.running) continue;
      active += 1;
      l.running = true;
      if (!l.record.startedAt) l.record.startedAt = now();
      const work = execute(l)
        .finally(() => releaseLock(l))
        .finally(() => {
          active -= 1;
          l.running = false;
          running.delete(work);
          announce(l);
          settle(l);
          pump();
        });
      running.add(work);
    }
  };

  /** Queues a job this process holds the lock of (see takeLock). */
  const enqueue = async (l: Live) => {
    if (l.running || queue.includes(l.record.id)) return;
    if (!(await takeLock(l))) throw runningElsewhere(l);
    sentHere.add(l.record.id);
    l.record.state = 'queued';
    await save(l);
    queue.push(l.record.id);
    pump();
  };

  const importInto = async (
    l: { id: string; inputPath: string; fileName: string },
    column: string | number | undefined,
    progress?: { onProgress?: (p: ImportProgress) => void; signal?: AbortSignal },
  ) => {
    const paths = store.paths(l.id);
    let list: ImportedList;
    try {
      list = await importList(l.inputPath, {
        workDir: paths.dir,
        ...(column !== undefined ? { column } : {}),
        ...(progress?.onProgress ? { onProgress: progress.onProgress } : {}),
        ...(progress?.signal ? { signal: progress.signal } : {}),
      });
    } catch (err) {
      // The job reads its own copy ("input.csv"), and the reader's messages name
      // the file it read; the user knows the file by its own name.
      if (err instanceof AppError) {
        throw new AppError(
          err.code,
          err.message.split(basename(l.inputPath)).join(l.fileName),
          err.serviceCode,
        );
      }
      throw err;
    }
    await store.saveList(l.id, list);
    return list;
  };

  const jobs: Jobs = {
    async importFile(path, opts = {}) {
      const id = newJobId();
      const paths = await store.create(id);
      const inputPath = paths.input(extname(path).toLowerCase() || '.csv');
      try {
        await copyFile(path, inputPath);
      } catch {
        await store.remove(id);
        throw new AppError(
          'bad_file',
          `${basename(path)} could not be opened. Check that the file still exists and you may read it.`,
        );
      }
      let list: ImportedList;
      try {
        list = await importInto({ id, inputPath, fileName: basename(path) }, opts.column, opts);
      } catch (err) {
        await store.remove(id);
        throw err;
      }
      const record: JobRecord = {
        version: 1,
        id,
        createdAt: now(),
        updatedAt: now(),
        startedAt: null,
        finishedAt: null,
        fileName: basename(path),
        sourcePath: path,
        product: null,
        state: 'draft',
        column: opts.column ?? null,
        unique: list.counts.unique,
        plan: null,
        unitPriceMicros: null,
        failure: null,
        resumes: 0,
      };
      await store.save(record);
      const l = await track(record, list);
      announce(l);
      return { job: view(l), list };
    },

    async chooseColumn(id, column) {
      const l = await load(id);
      requireDraft(l, 'choosing the column');
      l.list = await importInto(
        { id, inputPath: l.list.sourcePath, fileName: l.record.fileName },
        column,
      );
      l.record.column = column;
      l.record.unique = l.list.counts.unique;
      l.outcomes = await loadOutcomes(store.paths(id).outcomes, l.record.unique);
      // The address file was written again for the new column.
      l.book = null;
      await save(l);
      return { job: view(l), list: l.list };
    },

    async estimate(id, product) {
      const l = await load(id);
      const unique = l.record.unique;
      // The same plan start() will make, so the estimate's routes (and prices) match it.
      const book = await addressBook(l);
      const plan = planJob(unique, product, (i) => book.lineBytes(i));
      const syncCount = plan.sync ? plan.sync.end - plan.sync.start : 0;
      const unit = unitPrices(product, prices);
      const { balanceMicros } = await options.client().balance();
      return {
        unique,
        unitPriceMicros: unitPriceOf(unit, plan),
        estimateMicros: cost(unit, { sync: syncCount, bulk: unique - syncCount }),
        balanceMicros,
      };
    },

    async start(id, product) {
      const l = await load(id);
      requireDraft(l, 'starting');
      if (l.record.unique === 0) {
        throw new AppError(
          'invalid_input',
          'This list has no valid addresses to check, so there is nothing to pay for. Export it as it is, or choose another column.',
        );
      }
      // Before anything is sent: a disk that fills mid-job loses answers already paid for.
      const room = roomNeeded(l.record.unique, product, await addressBook(l));
      await ensureRoom(store.paths(id).dir, options.dataDir, room, disk);
      const estimate = await jobs.estimate(id, product);
      const usd = (m: number) => `${(m / 1_000_000).toFixed(2)} USD`;
      if (estimate.balanceMicros <= 0) {
        throw new AppError(
          'insufficient_balance',
          `Your balance is ${usd(estimate.balanceMicros)}: add funds to your account before checking this list. Nothing was charged.`,
        );
      }
      if (estimate.estimateMicros !== null && estimate.estimateMicros > estimate.balanceMicros) {
        throw new AppError(
          'insufficient_balance',
          `Checking ${estimate.unique.toLocaleString('en-US')} addresses costs about ${usd(estimate.estimateMicros)}, and your balance is ${usd(estimate.balanceMicros)}. Add funds, or check a smaller list. Nothing was charged.`,
        );
      }
      const addresses = await addressBook(l);
      const plan = planJob(l.record.unique, product, (i) => addresses.lineBytes(i));
      l.record.product = product;
      l.record.plan = {
        sync: plan.sync,
        bulk: plan.bulk.map(newBulkTask),
      };
      l.record.unitPriceMicros = estimate.unitPriceMicros;
      await enqueue(l);
      return view(l);
    },

    finished(id) {
      return load(id).then(
        (l) =>
          new Promise<JobView>((resolve) => {
            if (!l.running && !queue.includes(id)) resolve(view(l));
            else l.waiters.push(resolve);
          }),
      );
    },

    async resume(id) {
      const records = id ? [await store.load(id)] : await store.all();
      const picked: JobView[] = [];
      for (const record of records) {
        const resumable =
          UNFINISHED_STATES.has(record.state) || (id !== undefined && record.state === 'failed');
        if (!resumable || !record.plan) continue;
        const l = await load(record.id);
        if (l.running || queue.includes(record.id)) continue;
        if (!(await takeLock(l))) {
          picked.push(view(l));
          continue;
        }
        // What another process may have written while it ran the job.
        l.record = await store.load(record.id);
        l.outcomes = await loadOutcomes(store.paths(record.id).outcomes, l.record.unique);
        l.resumed = true;
        l.record.resumes += 1;
        // Tasks an ephemeral service knows are those this process sent it.
        const forgotTasks = options.ephemeralService === true && !sentHere.has(record.id);
        for (const t of tasksToSendAgain(l.record, { forgotTasks })) resetForResend(t);
        await enqueue(l);
        picked.push(view(l));
      }
      return picked;
    },

    async runRest(id) {
      const l = await load(id);
      if (l.record.failure?.code !== 'avatar_coverage' || !l.record.plan) {
        throw new AppError(
          'invalid_input',
          'Only a job refused for avatar coverage can run the rest.',
        );
      }
      if (!(await takeLock(l))) throw runningElsewhere(l);
      // Everything not yet done goes through avatar checks, where uncovered addresses are free.
      const unsent = l.record.plan.bulk.filter((t) => t.status === 'pending');
      if (unsent.length > 0) {
        const start = Math.min(...unsent.map((t) => t.start));
        l.record.plan.bulk = l.record.plan.bulk.filter((t) => t.status !== 'pending');
        l.record.plan.sync = { start, end: l.record.unique };
      }
      l.record.failure = null;
      await enqueue(l);
      return view(l);
    },

    async list() {
      const records = await store.all();
      const views: JobView[] = [];
      for (const r of records) {
        try {
          const l = await load(r.id);
          if (UNFINISHED_STATES.has(r.state)) await own.followIfElsewhere(l);
          views.push(view(l));
        } catch (err) {
          log.warn(`jobs: ${r.id} could not be shown`, err);
        }
      }
      return views;
    },

    get: async (id) => view(await load(id)),
    getList: async (id) => (await load(id)).list,
    outcomes: async (id) => (await load(id)).outcomes,
    addressBook: async (id) => addressBook(await load(id)),

    async export(id, exportOptions) {
      const l = await load(id);
      // The job reads its own copy; the user's file it came from is never replaced either.
      return exportList(l.list, (i) => l.outcomes.get(i), {
        original: l.record.sourcePath,
        ...exportOptions,
      });
    },

    async remove(id) {
      const l = live.get(id);
      if (l?.running || queue.includes(id)) {
        throw new AppError('invalid_input', 'This job is running; wait for it to finish first.');
      }
      const holder = await jobLockHolder(store.paths(id).dir);
      if (holder) {
        throw new AppError(
          'running_elsewhere',
          `This job is being checked by ${holder.by} right now; wait for it to finish first.`,
        );
      }
      live.delete(id);
      await store.remove(id);
    },

    busy: () => active > 0 || queue.length > 0,

    async stop() {
      stopper.abort();
      own.stopFollowing();
      // Queued but not started: their locks go now, so another process may run them.
      const waiting = queue.splice(0).map((id) => live.get(id));
      await Promise.allSettled([...running]);
      for (const l of waiting) if (l && !l.running) await releaseLock(l);
      stopper = new AbortController();
    },
  };
  return jobs;
}
