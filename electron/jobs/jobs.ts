// The jobs of this app, as the shells use them: one object over the parts,
// each in a file named for it: a list becomes a job (import.ts), what it will
// cost and starting it (start.ts), the queue that runs jobs (queue.ts,
// execute.ts), picking jobs up again (resume.ts), which process runs a job
// (ownership.ts), and what the window shows of one (view.ts). Exporting a
// cleaned list, as often as the user likes, and removing a job are here.
import type { JobProduct } from '../common/model';
import { UNFINISHED_STATES } from '../common/model';
import type { JobView } from '../common/views/views';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import type { ImportedList } from '../lists/types';
import type { AddressBook } from './storage/address-book';
import { diskWith } from './storage/disk';
import {
  exportJob,
  exportJobByStatus,
  type ByStatusOptions,
  type JobExport,
  type JobExportOptions,
} from './results/export';
import {
  chooseColumn,
  chooseSheet,
  importFile,
  importPasted,
  type ImportOptions,
  type Imported,
} from './import';
import {
  addressBook,
  closeBook,
  load,
  runsHere,
  view,
  type JobsOptions,
  type Shared,
} from './live';
import { jobLockHolder } from './lock/lock';
import type { OutcomeTable } from './storage/outcomes';
import { openOwnership } from './lock/ownership';
import { openPriceBook } from './money/prices';
import { openQueue } from './run/queue';
import { resume, runRest, stopJob } from './resume';
import { estimate, start, type Estimate, type OverLimitAnswer } from './start';
import { choicesWith, type CostChoices } from './money/choices';
import { importVerdicts, type VerdictImport, type VerdictImportOptions } from '../verdicts/import';
import { memoryAccountNow, memoryOpener, memoryView, teamMemoryOpener } from './money/memory';
import { DEMO_MEMORY } from '../lib/account-name';
import { suppressionOpener, type AccountSuppression } from '../suppression/account';
import { sharingFor } from '../coordination/sharing';
import { sample, sampleView } from './money/sample';
import type { ResumeOptions } from './resume';
import type {
  DomainsView,
  JobRowView,
  MemoryView,
  RowFilter,
  SampleView,
  SeenBeforeView,
} from '../common/views/views';
import { seenBefore } from './results/repeat';
import { domainsView } from './results/domains';
import { rowTestSources } from './results/row-filter';
import { forecastJob, type KeptForecast } from './results/forecast';
import { readRows } from './results/rows';
import { remindDue } from './results/reminders';
import { openJobStore } from './storage/store';
import { teamSummaries } from '../history/summaries';
import type { PlatformSource } from './storage/record';
import { askAgainDue, nextAskAgainAt, setAskAgain } from './ask-again/due';

export type { JobsOptions } from './live';

/** How long stopping waits for answers on their way to the team store. */
const TEAM_SETTLE_MS = 5_000;
export type { Estimate, OverLimit, OverLimitAnswer } from './start';
export type { CostChoices } from './money/choices';

export interface Jobs {
  /** Copies the file into a new job and reads it; the job waits as a draft. */
  importFile(path: string, options?: ImportOptions): Promise<Imported>;
  /** Pasted text becomes a job as a file would ("Pasted list, <date>"). */
  importPasted(text: string, options?: Omit<ImportOptions, 'named'>): Promise<Imported>;
  /** Reads a draft's copy again with another address column. */
  chooseColumn(id: string, column: string | number): Promise<Imported>;
  /** Reads a draft workbook again from another sheet. */
  chooseSheet(id: string, sheet: number): Promise<Imported>;
  estimate(id: string, product: JobProduct, choices?: Partial<CostChoices>): Promise<Estimate>;
  /**
   * Takes what is free, checks the balance and the limit cover the rest,
   * plans it and queues it. `overLimit`: whether the user agrees to go over
   * the limit, or how to ask them once the figures are known.
   */
  start(
    id: string,
    product: JobProduct,
    choices?: Partial<CostChoices>,
    overLimit?: OverLimitAnswer,
  ): Promise<JobView>;
  /** Checks a random sample of what would be sent (paid; part of the job). */
  sample(id: string, product: JobProduct, choices?: Partial<CostChoices>): Promise<SampleView>;
  /** The job's sample, if one was checked. */
  sampleOf(id: string): Promise<SampleView | null>;
  /** The list was checked before: when, and how many of its answers the memory gives free now. */
  seenBefore(id: string, reuseDays: number): Promise<SeenBeforeView | null>;
  /** Sends nothing new for the job; it waits for resume (Continue). */
  stopJob(id: string): Promise<JobView>;
  /** The account's memory of paid answers. */
  memory(): Promise<MemoryView>;
  /** Forgets every answer the account's memory keeps. */
  forgetMemory(): Promise<MemoryView>;
  /** The account's suppression list (the team's with a team store): Settings and `suppress`. */
  suppression(): Promise<AccountSuppression>;
  /** Another vendor's result file into the account's memory of answers (verdicts/import.ts). */
  importVerdicts(path: string, options?: VerdictImportOptions): Promise<VerdictImport>;
  /** Resolves when the job is done or has failed (never rejects for a job's own failure). */
  finished(id: string): Promise<JobView>;
  /** Picks up one job again, or every unfinished one; a failed or held job is retried when named. */
  resume(id?: string, options?: ResumeOptions): Promise<JobView[]>;
  /** For a job refused because of avatar coverage: check the rest one by one. */
  runRest(id: string): Promise<JobView>;
  /**
   * Queues the rounds due now (of one job, or of all) that ask finished jobs'
   * unknowns again, free; `finished(id)` resolves when a round is over.
   */
  askAgainDue(nowMs?: number, id?: string): Promise<JobView[]>;
  /** When the next round of any finished job is due (epoch ms), or null. */
  nextAskAgainAt(): Promise<number | null>;
  /** Replaces the rest of a job's schedule of asking its unknowns again, from now; `[]` ends it. */
  setAskAgain(id: string, delays: readonly number[]): Promise<JobView>;
  list(): Promise<JobView[]>;
  get(id: string): Promise<JobView>;
  /** The platform list the job was read from, null for a file (connectors/ write back to it). */
  sourceOf(id: string): Promise<PlatformSource | null>;
  getList(id: string): Promise<ImportedList>;
  outcomes(id: string): Promise<OutcomeTable>;
  addressBook(id: string): Promise<AddressBook>;
  /** Rows `offset` onwards, of all rows or of those a filter passes (`total` counts them). */
  rows(
    id: string,
    offset: number,
    limit: number,
    filter?: RowFilter,
  ): Promise<{ total: number; rows: JobRowView[] }>;
  /** The job's unique addresses by domain: the top ones and the rest together. */
  domains(id: string): Promise<DomainsView>;
  export(id: string, options: JobExportOptions): Promise<JobExport>;
  /** The hard bounces to expect if the rows `filter` keeps were sent now, against a limit (percent). */
  forecast(
    id: string,
    filter: JobExportOptions['filter'],
    limitPercent: number | null,
  ): Promise<KeptForecast>;
  /** The job's own folder, where what is kept beside a job lives (a bounce match's files). */
  folder(id: string): Promise<string>;
  /** One file per status group into a folder (deliverable, undeliverable, unknown, removed). */
  exportByStatus(id: string, options: ByStatusOptions): ReturnType<typeof exportJobByStatus>;
  remove(id: string): Promise<void>;
  /** Stops taking new work and waits for what is in flight (and, briefly, for answers on their way to the team store). */
  stop(): Promise<void>;
  /** What waits to go to the team store, and whether it answered last; null without a store. */
  team(): Promise<{ waiting: number; reachable: boolean | null } | null>;
  /**
   * Sends the answers waiting for the team store, for at most `timeoutMs`
   * (not at all while it cannot be reached), and stops retrying: what is left
   * stays on disk for the next start.
   */
  settleTeam(timeoutMs?: number): Promise<void>;
  /** Is any job running or queued in this process. */
  busy(): boolean;
  /** Sends the finished jobs' summaries the team store could not take before (history/summaries.ts). */
  shareSummaries(): Promise<void>;
  /**
   * Gives a summary on its way to the team store a moment (a few seconds at
   * most) before a process ends; one not sent by then waits on disk.
   */
  summariesSettled(): Promise<void>;
  /** Finished lists due to be checked again, never reminded: marked reminded (reminders.ts). */
  remindDue(recheckDays: number | null, now: number): Promise<JobView[]>;
}

export async function openJobs(options: JobsOptions): Promise<Jobs> {
  const memory = memoryOpener(options);
  const team = teamMemoryOpener(options, memory);
  // With a team store the list is the team's (the demo's jobs are given none).
  const suppression = suppressionOpener({
    // The app's own folder, where Settings shows it, also for the demo's jobs.
    dataDir: options.userDataDir ?? options.dataDir,
    account: () => memoryAccountNow(options),
    // Its loss is said through the process's listeners (coordination/notices.ts),
    // whose gate says it once with the memory's and the limits'.
    ...(options.team ? { team: options.team } : {}),
  });
  const s: Shared = {
    options,
    store: openJobStore(options.dataDir),
    disk: diskWith(options.disk),
    prices: await openPriceBook(options.dataDir, options.knownPrices, options.enteredPrices),
    live: new Map(),
    queue: [],
    sentHere: new Set(),
    memory,
    teamMemory: team.get,
    suppression: suppression.get,
    sharing() {
      const account = memoryAccountNow(options);
      // The demo's service lives in each process: nothing of it is shared.
      if (account === null || account === DEMO_MEMORY) return null;
      return sharingFor({ dataDir: options.dataDir, account, team: options.team });
    },
    team: teamSummaries(options),
  };
  const { store, live } = s;
  // Summaries a store out of reach could not take before are sent now, in the background.
  void s.team.flush();
  const settled = () =>
    Promise.race([s.team.idle(), new Promise<void>((r) => setTimeout(r, 5_000).unref())]);
  const own = openOwnership(s);
  const queue = openQueue(s, own);

  return {
    importFile: (path, opts) => importFile(s, path, opts),
    importPasted: (text, opts) => importPasted(s, text, opts),
    chooseColumn: (id, column) => chooseColumn(s, id, column),
    chooseSheet: (id, sheet) => chooseSheet(s, id, sheet),
    estimate: (id, product, choices) => estimate(s, id, product, choicesWith(choices)),
    start: (id, product, choices, overLimit) =>
      start(s, queue, id, product, choicesWith(choices), overLimit),
    async sample(id, product, choices) {
      await sample(s, own, id, product, choicesWith(choices));
      return sampleView(s, await load(s, id)) as SampleView;
    },
    sampleOf: async (id) => sampleView(s, await load(s, id)),
    seenBefore: async (id, reuseDays) => seenBefore(s, (await load(s, id)).record, reuseDays),
    stopJob: (id) => stopJob(s, own, id),
    memory: async () => memoryView(await s.memory()),
    suppression: () => s.suppression(),
    async forgetMemory() {
      const m = await s.memory();
      await m.clear();
      // Answers left on claims for jobs waiting on them are forgotten too.
      const sharing = s.sharing();
      if (sharing) await (await sharing.backend()).forgetAnswers().catch(() => undefined);
      return memoryView(m);
    },
    importVerdicts: async (path, opts) => importVerdicts(await s.memory(), path, opts),
    resume: (id, opts) => resume(s, own, queue, id, opts),
    runRest: (id) => runRest(s, own, queue, id),
    askAgainDue: (nowMs = Date.now(), id) => askAgainDue(s, own, queue, nowMs, id),
    nextAskAgainAt: () => nextAskAgainAt(s),
    setAskAgain: (id, delays) => setAskAgain(s, id, delays, Date.now()),

    async finished(id) {
      const l = await load(s, id);
      return new Promise<JobView>((resolve) => {
        if (!runsHere(s, l)) resolve(view(s, l));
        else l.waiters.push(resolve);
      });
    },

    async list() {
      const views: JobView[] = [];
      for (const r of await store.all()) {
        try {
          const l = await load(s, r.id);
          if (UNFINISHED_STATES.has(r.state)) await own.followIfElsewhere(l);
          views.push(view(s, l));
        } catch (err) {
          log.warn(`jobs: ${r.id} could not be shown`, err);
        }
      }
      return views;
    },

    get: async (id) => view(s, await load(s, id)),
    sourceOf: async (id) => (await load(s, id)).record.source,
    getList: async (id) => (await load(s, id)).list,
    outcomes: async (id) => (await load(s, id)).outcomes,
    addressBook: async (id) => addressBook(await load(s, id)),
    async rows(id, offset, limit, filter) {
      const l = await load(s, id);
      const checkedOn = l.record.finishedAt ?? l.record.startedAt;
      const book = await addressBook(l);
      return readRows(l.list, book, l.outcomes, offset, limit, filter, checkedOn);
    },
    async domains(id) {
      const l = await load(s, id);
      const { domains, flags } = await rowTestSources(l.list, await addressBook(l));
      return domainsView(domains, l.outcomes, flags);
    },

    export: (id, exportOptions) => exportJob(s, id, exportOptions),
    forecast: (id, filter, limitPercent) => forecastJob(s, id, filter, limitPercent),
    exportByStatus: (id, exportOptions) => exportJobByStatus(s, id, exportOptions),
    async folder(id) {
      await load(s, id);
      return s.store.paths(id).dir;
    },

    async remove(id) {
      const l = live.get(id);
      if (l && runsHere(s, l)) {
        throw new AppError('invalid_input', message('error.job.runningHere'));
      }
      const holder = await jobLockHolder(store.paths(id).dir);
      if (holder) {
        throw new AppError(
          'running_elsewhere',
          message('error.job.checkedElsewhere', { by: holder.by }),
        );
      }
      live.delete(id);
      if (l) await closeBook(l);
      await store.remove(id);
    },

    async team() {
      const shared = await s.teamMemory();
      return shared ? { waiting: await shared.waiting(), reachable: shared.reachable() } : null;
    },
    settleTeam: (timeoutMs = TEAM_SETTLE_MS) => team.settle(timeoutMs),
    busy: () => queue.busy(),
    shareSummaries: () => s.team.flush(),
    summariesSettled: settled,
    async stop() {
      await queue.stop();
      await team.settle(TEAM_SETTLE_MS);
      await settled();
      await suppression.close();
    },
    remindDue: (recheckDays, now) => remindDue(s, recheckDays, now),
  };
}
