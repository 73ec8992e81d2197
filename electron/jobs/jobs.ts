// The jobs of this app: importing a list into a job of its own, estimating
// and starting it, running it (several may be queued; they share the client's
// limits), picking unfinished ones up again after a restart, and exporting
// the cleaned list as often as the user likes.
import { copyFile, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { JobView } from '../common/views';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import { importList, type ImportProgress } from '../lists/read';
import type { ImportedList } from '../lists/types';
import { exportList, type ExportOptions, type ExportResult } from '../lists/write';
import type { ServiceClient } from '../service/client';
import { ServiceError } from '../service/errors';
import { loadOutcomes, openOutcomeLog, type OutcomeTable } from './outcomes';
import { planJob } from './plan';
import { openPriceBook, type PriceBook } from './prices';
import { newBulkTask, resetForResend, tasksToSendAgain, type JobRecord } from './record';
import { CoverageError, StoppedError, downloading, runBulk, runSync, type RunContext } from './run';
import { openJobStore, type JobStore } from './store';
import { importedListSchema } from './list-schema';
import { openAddressBook, type AddressBook } from './address-book';
import { acquireJobLock, jobLockHolder, type JobLock, type LockHolder } from './lock';
import { createFollower } from './follow';
import { diskWith, type Disk } from './disk';
import { ensureRoom, roomNeeded } from './room';
import { ChargedError, asWriteFailure } from '../lib/write-failure';
import { progressNotSavedError } from './failures';
import { UNFINISHED_STATES, bulkProduct, syncProduct, type JobProduct } from '../common/model';

export interface JobsOptions {
  dataDir: string;
  /** The client of the current account; throws when there is none. */
  client(): ServiceClient;
  /** Called whenever a job's view changes. */
  onChange?(view: JobView): void;
  /** Jobs run at the same time; the rest wait as queued. */
  concurrency?: number;
  /**
   * The service forgets everything when this process ends (the demo's
   * sandbox): tasks sent before are sent again on resume, under new keys.
   */
  ephemeralService?: boolean;
  /** Who runs the jobs, in words another process shows its user ("the List Cleaner app"). */
  runner?: string;
  /** How often a job run by another process is read again from disk. */
  followIntervalMs?: number;
  /** For tests: free space, the outcome log's file, and how long failed writes are retried. */
  disk?: Partial<Disk>;
}

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

const UNFINISHED = UNFINISHED_STATES;
const SAYS_WHAT_TO_DO = new Set<string>(['result_too_large', 'redirect_refused']);

interface Live {
  record: JobRecord;
  list: ImportedList;
  outcomes: OutcomeTable;
  nextChecks: Map<number, number>;
  running: boolean;
  resumed: boolean;
  waiters: ((view: JobView) => void)[];
  /** The unique addresses, read once when first needed (see address-book.ts). */
  book: Promise<AddressBook> | null;
  /** Held from the moment this process queues the job until its run ends. */
  lock: JobLock | null;
  /** Another process runs it: this one only follows its progress from disk. */
  elsewhere: LockHolder | null;
}

const now = () => new Date().toISOString();

function newJobId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** The unit prices a job's routes need: null where not known yet. */
function unitPrices(product: JobProduct, prices: PriceBook) {
  return { sync: prices.get(syncProduct(product)), bulk: prices.get(bulkProduct(product)) };
}

/** What a number of addresses per route costs, or null when a price it needs is unknown. */
function cost(
  unit: { sync: number | null; bulk: number | null },
  counts: { sync: number; bulk: number },
): number | null {
  if ((counts.sync > 0 && unit.sync === null) || (counts.bulk > 0 && unit.bulk === null))
    return null;
  return counts.sync * (unit.sync ?? 0) + counts.bulk * (unit.bulk ?? 0);
}

export async function openJobs(options: JobsOptions): Promise<Jobs> {
  const store: JobStore = openJobStore(options.dataDir);
  const disk = diskWith(options.disk);
  const prices = await openPriceBook(options.dataDir);
  const live = new Map<string, Live>();
  const queue: string[] = [];
  const concurrency = options.concurrency ?? 2;
  let active = 0;
  let stopper = new AbortController();
  const running = new Set<Promise<void>>();
  /** Jobs queued by this process: their tasks are known to an ephemeral service. */
  const sentHere = new Set<string>();

  const determinedSplit = (l: Live) => {
    // Charged addresses per route: those with a determined outcome. The table
    // keeps the totals; only the synchronous range (at most the remainder under
    // 1,000, unless the rest of an avatar job went that way) is walked, since
    // this runs for every change shown, and a bulk job can hold millions.
    const c = l.outcomes.counts();
    const determined = c.deliverable + c.undeliverable;
    const range = l.record.plan?.sync;
    let sync = 0;
    if (range) {
      for (let i = range.start; i < range.end; i++) {
        const o = l.outcomes.get(i);
        if (o && o.status !== 'unknown') sync += 1;
      }
    }
    return { sync, bulk: determined - sync };
  };

  const view = (l: Live): JobView => {
    const r = l.record;
    const c = l.outcomes.counts();
    const next = [...l.nextChecks.values()].sort((a, b) => a - b)[0];
    const unit = r.product ? unitPrices(r.product, prices) : null;
    const charged = unit && r.state !== 'draft' ? cost(unit, determinedSplit(l)) : null;
    const hasBulk = (r.plan?.bulk.length ?? 0) > 0;
    return {
      id: r.id,
      fileName: r.fileName,
      sourcePath: r.sourcePath,
      product: r.product,
      state: r.state,
      createdAt: r.createdAt,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      // Kept in job.json, so the command line's `jobs` says so too.
      resumed: l.resumed || r.resumes > 0,
      running: l.running,
      elsewhere: l.elsewhere?.by ?? null,
      paused:
        UNFINISHED.has(r.state) && !l.running && !queue.includes(r.id) && l.elsewhere === null,
      rows: l.list.counts.rows,
      invalid: l.list.counts.invalid,
      empty: l.list.counts.empty,
      duplicates: l.list.counts.duplicates,
      unique: r.unique,
      checked: c.done,
      deliverable: c.deliverable,
      undeliverable: c.undeliverable,
      unknown: c.unknown,
      tasks: (r.plan?.bulk ?? []).map((t) => ({
        id: t.taskId,
        submittedAt: t.submittedAt,
        status: t.status,
      })),
      nextCheckAt: next === undefined ? null : new Date(next).toISOString(),
      unitPriceMicros: unit ? (hasBulk ? unit.bulk : unit.sync) : null,
      chargedMicros: charged,
      failure: r.failure
        ? {
            code: r.failure.code,
            message: r.failure.message,
            charged: r.failure.charged,
            ...(r.failure.outsideCoverage !== undefined
              ? { outsideCoverage: r.failure.outsideCoverage }
              : {}),
          }
        : null,
    };
  };

  const announce = (l: Live) => options.onChange?.(view(l));

  const save = async (l: Live) => {
    l.record.updatedAt = now();
    await store.save(l.record);
    announce(l);
  };

  /** Keeps a job in memory with its list and the outcomes it has so far. */
  const track = async (record: JobRecord, list: ImportedList): Promise<Live> => {
    const outcomes = await loadOutcomes(store.paths(record.id).outcomes, record.unique);
    const l: Live = {
      record,
      list,
      outcomes,
      nextChecks: new Map(),
      running: false,
      resumed: false,
      waiters: [],
      book: null,
      lock: null,
      elsewhere: null,
    };
    live.set(record.id, l);
    return l;
  };

  /**
   * Takes the job's lock before anything about it changes on disk: two
   * processes resuming one job must never both rewrite its record, nor both
   * send its addresses. False when another process runs it; this one then
   * follows its progress from disk.
   */
  const takeLock = async (l: Live): Promise<boolean> => {
    if (l.lock) return true;
    const attempt = await acquireJobLock(store.paths(l.record.id).dir, {
      by: options.runner ?? 'another List Cleaner',
    });
    if (attempt.ok) {
      l.lock = attempt.lock;
      l.elsewhere = null;
      return true;
    }
    l.elsewhere = attempt.holder;
    follower.follow(l.record.id);
    announce(l);
    return false;
  };

  const releaseLock = async (l: Live): Promise<void> => {
    const lock = l.lock;
    l.lock = null;
    await lock?.release().catch((err: unknown) => log.warn('jobs: a lock was not released', err));
  };

  const runningElsewhere = (l: Live): AppError =>
    new AppError(
      'running_elsewhere',
      `${l.record.fileName} is being checked by ${l.elsewhere?.by ?? 'another List Cleaner'} right now; this window follows its progress. Nothing was sent from here.`,
    );

  // A job another process runs is read again from disk now and then, until
  // its lock is free; its files are read again only when they changed.
  const seenOnDisk = new Map<string, string>();
  const follower = createFollower({
    intervalMs: options.followIntervalMs ?? 1_000,
    async check(id) {
      const l = live.get(id);
      if (!l) return false;
      const paths = store.paths(id);
      const holder = await jobLockHolder(paths.dir);
      const marks = await Promise.all(
        [paths.record, paths.outcomes].map((p) =>
          stat(p).then(
            (s) => `${s.size}:${s.mtimeMs}`,
            () => '-',
          ),
        ),
      );
      const mark = marks.join('|');
      if (seenOnDisk.get(id) !== mark) {
        const record = await store.load(id).catch(() => null);
        if (record) {
          l.record = record;
          l.outcomes = await loadOutcomes(paths.outcomes, record.unique);
          seenOnDisk.set(id, mark);
        }
      }
      l.elsewhere = holder;
      announce(l);
      if (holder !== null) return true;
      seenOnDisk.delete(id);
      settle(l);
      return false;
    },
  });

  const addressBook = (l: Live): Promise<AddressBook> => {
    l.book ??= openAddressBook(l.list.addressesPath);
    l.book.catch(() => (l.book = null));
    return l.book;
  };

  const load = async (id: string): Promise<Live> => {
    const known = live.get(id);
    if (known) return known;
    let record: JobRecord;
    try {
      record = await store.load(id);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new AppError('invalid_input', `There is no job ${id}.`);
      }
      throw new AppError(
        'internal',
        `Job ${id} could not be read (its file is damaged). Its folder is kept as it is.`,
      );
    }
    return track(record, importedListSchema.parse(await store.loadList(id)));
  };

  const settle = (l: Live) => {
    const v = view(l);
    for (const w of l.waiters.splice(0)) w(v);
  };

  const failWith = (l: Live, err: unknown) => {
    // A write of the job's own files that failed (job.json as the run ends, say) is said as such.
    if (asWriteFailure(err)) err = progressNotSavedError(err, store.paths(l.record.id).dir);
    if (err instanceof CoverageError) {
      l.record.failure = {
        code: 'avatar_coverage',
        message: err.message,
        charged: 'no',
        serviceCode: 40000,
        outsideCoverage: err.outside,
      };
    } else if (err instanceof ServiceError) {
      // A refused link or an oversized result says itself what to do; trying
      // again at once would only meet the same file.
      const carryOn = SAYS_WHAT_TO_DO.has(err.code)
        ? ''
        : ' The addresses checked so far are kept; Try again (list-cleaner resume) carries on from there.';
      l.record.failure = {
        code: err.code,
        message: `${err.message}${carryOn}`,
        charged: err.charged,
        ...(err.serviceCode !== undefined ? { serviceCode: err.serviceCode } : {}),
      };
    } else if (err instanceof ChargedError) {
      // Its message says what was paid for and not kept, and what to do.
      l.record.failure = { code: err.code, message: err.message, charged: err.charged };
    } else if (err instanceof AppError) {
      l.record.failure = { code: err.code, message: err.message, charged: 'no' };
    } else {
      log.error(`jobs: ${l.record.id} stopped on an unexpected error`, err);
      l.record.failure = {
        code: 'internal',
        message: `Something went wrong inside List Cleaner (${err instanceof Error ? err.message : String(err)}). The addresses checked so far are kept; Try again (list-cleaner resume) carries on from there.`,
        charged: 'unknown',
      };
    }
    l.record.state = 'failed';
  };

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
      const unit = unitPrices(record.product ?? 'email', prices);
      record.unitPriceMicros = record.plan?.bulk.length ? unit.bulk : unit.sync;
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

  const requireDraft = (l: Live, action: string) => {
    if (l.record.state !== 'draft') {
      throw new AppError(
        'invalid_input',
        `This job has already started; ${action} is only for a new list.`,
      );
    }
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
        unitPriceMicros: plan.bulk.length > 0 ? unit.bulk : unit.sync,
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
          UNFINISHED.has(record.state) || (id !== undefined && record.state === 'failed');
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
          // A job left unfinished here may be run by another process: follow it if so.
          if (UNFINISHED.has(r.state) && !l.lock && !l.elsewhere) {
            const holder = await jobLockHolder(store.paths(r.id).dir);
            if (holder) {
              l.elsewhere = holder;
              follower.follow(r.id);
            }
          }
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
      follower.stop();
      // Queued but not started: their locks go now, so another process may run them.
      const waiting = queue.splice(0).map((id) => live.get(id));
      await Promise.allSettled([...running]);
      for (const l of waiting) if (l && !l.running) await releaseLock(l);
      stopper = new AbortController();
    },
  };
  return jobs;
}
