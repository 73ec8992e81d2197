// The handlers of a list and its job: thin adapters from the contract to the
// jobs (jobs/jobs.ts). The window names a job, never a path: a list comes by a
// grant's token, an export goes where main's own dialog says.
import { dirname } from 'node:path';
import { message } from '../../common/i18n/message';
import type { OthersChoice } from '../../common/model';
import type { JobView, SkipChoice } from '../../common/views/views';
import type { EventBus, ImportView } from '../contract';
import type { FileGrants } from '../../files/grants';
import { localPathSaid } from '../../files/local-path';
import type { CostChoices, Jobs, OverLimit } from '../../jobs/jobs';
import { checkAgain } from '../../jobs/results/again';
import type { Workspace } from '../../jobs/workspace';
import { AppError } from '../../lib/app-error';
import { requireConsent, type Consent } from '../../lib/consent';
import { defaultExportPath } from '../../lists/write/export-name';
import type { ImportedList } from '../../lists/types';
import type { SettingsStore } from '../../settings/settings';
import type { Handlers } from '../registry';
import type { ShellHooks } from '../shell-hooks';
import { estimateView, importView, jobSummary } from './views';

type JobsChannels =
  | 'memory:status'
  | 'memory:forget'
  | 'file:choose'
  | 'file:show'
  | `list:${'import' | 'paste' | 'sheet' | 'column' | 'review'}`
  | `job:${'estimate' | 'start' | 'sample' | 'stop' | 'list' | 'resume' | 'continue' | 'remove' | 'again' | 'summary' | 'rows' | 'domains' | 'forecast' | 'export' | 'split'}`;

/**
 * The window may only ask to start over the limit: main asks the user, with
 * the figures the start works out, and goes on only on a yes.
 */
const askToGoOver =
  (consent: Consent, fileName: string) =>
  async (over: OverLimit): Promise<boolean> => {
    await requireConsent(consent, { kind: 'over-limit', fileName, ...over });
    return true;
  };

/** The job, once it has finished: only then has every row its outcome to export. */
async function finishedJob(j: Jobs, jobId: string) {
  const job = await j.get(jobId);
  if (job.state !== 'done') {
    throw new AppError('invalid_input', message('error.ipc.notFinished'));
  }
  return job;
}

/** A draft's review again, from what its import kept: the file is not read again. */
async function reviewOf(j: Jobs, jobId: string, reuseDays: number): Promise<ImportView> {
  const job = await j.get(jobId);
  if (job.state !== 'draft') {
    throw new AppError('invalid_input', message('error.ipc.reviewStarted'));
  }
  return importView(
    job,
    await j.getList(jobId),
    await j.sampleOf(jobId),
    await j.seenBefore(jobId, reuseDays),
  );
}

/** The window chooses what not to pay for; the reuse window and the limit are the settings'. */
const choicesWithSettings =
  (settings: SettingsStore) =>
  (skip: SkipChoice | undefined, others: OthersChoice | undefined): Partial<CostChoices> => {
    const { reuseDays, maxSpendMicros } = settings.get();
    return {
      ...(skip ? { skip } : {}),
      ...(others ? { others } : {}),
      reuseDays,
      limitMicros: maxSpendMicros,
    };
  };

/** A new list's review, with what is known of it from the lists checked before. */
export const reviewWith =
  (workspace: Pick<Workspace, 'jobs'>, settings: SettingsStore) =>
  async (job: JobView, list: ImportedList): Promise<ImportView> =>
    importView(
      job,
      list,
      null,
      await (await workspace.jobs()).seenBefore(job.id, settings.get().reuseDays),
    );

export interface JobsHandlerDeps {
  files: FileGrants;
  settings: SettingsStore;
  workspace: Pick<Workspace, 'jobs'>;
  events: EventBus;
  shell: ShellHooks;
}

export function jobsHandlers({
  files,
  settings,
  workspace,
  events,
  shell,
}: JobsHandlerDeps): Pick<Handlers, JobsChannels> {
  const jobs = () => workspace.jobs();
  const choicesOf = choicesWithSettings(settings);
  const reviewed = reviewWith(workspace, settings);
  return {
    'memory:status': async () => (await jobs()).memory(),
    'memory:forget': async () => {
      const j = await jobs();
      // Forgotten answers are paid for again: only on the user's yes in main's dialog.
      const { outcomes } = await j.memory();
      if (outcomes > 0)
        await requireConsent(shell.consent, { kind: 'forget-memory', answers: outcomes });
      return j.forgetMemory();
    },
    'file:choose': async () => {
      const path = await shell.chooseOpenPath();
      return path === null ? null : files.grant(path);
    },
    'list:import': async ({ token }) => {
      const path = await files.take(token);
      const { job, list } = await (
        await jobs()
      ).importFile(path, {
        onProgress: (p) => events.emit('list:progress', { token, ...p }),
      });
      return reviewed(job, list);
    },
    'list:paste': async ({ text }) => {
      const { job, list } = await (await jobs()).importPasted(text);
      return reviewed(job, list);
    },
    'list:sheet': async ({ jobId, sheet }) => {
      const { job, list } = await (await jobs()).chooseSheet(jobId, sheet);
      return reviewed(job, list);
    },
    'list:column': async ({ jobId, column }) => {
      const { job, list } = await (await jobs()).chooseColumn(jobId, column);
      return reviewed(job, list);
    },
    'list:review': async ({ jobId }) => reviewOf(await jobs(), jobId, settings.get().reuseDays),
    'job:estimate': async ({ jobId, product, skip, others }) =>
      estimateView(await (await jobs()).estimate(jobId, product, choicesOf(skip, others))),
    'job:start': async ({ jobId, product, skip, others, overLimit }) => {
      const j = await jobs();
      const ask = overLimit === true && askToGoOver(shell.consent, (await j.get(jobId)).fileName);
      return j.start(jobId, product, choicesOf(skip, others), ask);
    },
    'job:sample': async ({ jobId, product, skip, others }) => {
      const j = await jobs();
      await j.sample(jobId, product, choicesOf(skip, others));
      return reviewOf(j, jobId, settings.get().reuseDays);
    },
    'job:stop': async ({ jobId }) => (await jobs()).stopJob(jobId),
    'job:list': async () => (await jobs()).list(),
    // Continue: a job held by its limit goes on under the limit set now.
    'job:resume': async ({ jobId }) =>
      (await jobs()).resume(jobId, { limitMicros: settings.get().maxSpendMicros }),
    'job:continue': async ({ jobId }) => (await jobs()).runRest(jobId),
    'job:remove': async ({ jobId }) => {
      await (await jobs()).remove(jobId);
      return { removed: true };
    },
    'job:again': async ({ jobId }) => {
      const { job, list } = await checkAgain(await jobs(), jobId, {
        // The reading shows as any import's: the window follows the one file being read.
        onProgress: (p) => events.emit('list:progress', { token: jobId, ...p }),
      });
      return reviewed(job, list);
    },
    'job:summary': async ({ jobId }) => jobSummary(await jobs(), jobId),
    'job:rows': async ({ jobId, offset, limit, filter }) =>
      (await jobs()).rows(jobId, offset, limit, filter),
    'job:domains': async ({ jobId }) => (await jobs()).domains(jobId),
    'job:forecast': async ({ jobId, filter }) => {
      const f = await (await jobs()).forecast(jobId, filter, settings.get().bounceGatePercent);
      const range = (r: { rows: number; low: number; high: number }) => ({
        rows: r.rows,
        low: r.low,
        high: r.high,
      });
      return { kept: range(f.kept), lowRisk: range(f.lowRisk), limit: f.limit, over: f.over };
    },
    'job:export': async ({ jobId, filter, columns, bom, format }) => {
      const j = await jobs();
      const job = await finishedJob(j, jobId);
      const destPath = await shell.chooseSavePath(
        defaultExportPath(job.sourcePath, {
          filter: typeof filter === 'string' ? filter : 'filtered',
          extension: format,
        }),
      );
      if (destPath === null) return null;
      const problem = localPathSaid(destPath);
      if (problem) throw new AppError('bad_file', message('error.export.resultsKept', { problem }));
      const written = await j.export(jobId, { destPath, filter, columns, bom, format });
      return { ...written, fileId: files.saved(written.path) };
    },
    'job:split': async ({ jobId, columns, bom, format }) => {
      const j = await jobs();
      const job = await finishedJob(j, jobId);
      const folder = await shell.chooseFolder(dirname(job.sourcePath));
      if (folder === null) return null;
      const problem = localPathSaid(folder);
      if (problem) throw new AppError('bad_file', message('error.export.resultsKept', { problem }));
      const written = await j.exportByStatus(jobId, { folder, columns, bom, format });
      return {
        folder,
        folderId: files.saved(folder),
        format,
        files: written.files.map((f) => ({ ...f, fileId: files.saved(f.path) })),
        empty: written.empty,
      };
    },
    'file:show': async ({ fileId }) => {
      shell.showInFolder(files.savedPath(fileId));
      return null;
    },
  };
}
