// The handler behind each channel: thin adapters from the contract to the core.
import type { AskedLanguage, LanguageChoice } from '../common/i18n/languages';
import { message } from '../common/i18n/message';
import type { Account } from '../account/account';
import type { EventBus, ImportView, UpdateView } from './contract';
import type { JobView, SkipChoice } from '../common/views';
import type { OthersChoice } from '../common/model';
import type { ImportedList } from '../lists/types';
import type { CostChoices, Jobs, OverLimit } from '../jobs/jobs';
import type { Handlers } from './registry';
import type { AppPlatforms } from '../connectors/app';
import { platformHandlers } from './platform-handlers';
import { teamHandlers } from './team-handlers';
import { bouncesHandlers } from './bounces-handlers';
import { rulesHandlers } from './rules-handlers';
import { suppressionHandlers } from './suppression-handlers';
import { verdictHandlers } from './verdicts-handlers';
import type { TeamConnection } from '../team/connection';
import type { TeamHistory } from '../history/views';
import { estimateView, importView, jobSummary } from './views';
import { settingsHandlers } from './settings-handlers';
import type { SettingsStore } from '../settings/settings';
import type { Workspace } from '../jobs/workspace';
import { AppError } from '../lib/app-error';
import type { FileGrants } from '../files/grants';
import { localPathSaid } from '../files/local-path';
import { dirname } from 'node:path';
import { defaultExportPath } from '../lists/export-name';
import { checkOne } from '../account/check-one';
import { checkAgain } from '../jobs/results/again';
import { requireConsent, type Consent } from '../lib/consent';

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

/** What only a shell can do: native dialogs and the file manager. */
export interface ShellHooks {
  /** The native Open dialog for a list; null when the user cancels. */
  chooseOpenPath(): Promise<string | null>;
  /** Asks where to save; null when the user cancels. The dialog offers the default path's type. */
  chooseSavePath(defaultPath: string): Promise<string | null>;
  /** Asks for a folder to save several files in; null when the user cancels. */
  chooseFolder(defaultPath: string): Promise<string | null>;
  showInFolder(path: string): void;
  /** Asks the user's yes in a native dialog (lib/consent.ts says what needs one). */
  consent: Consent;
  /** The app's own updates (installed builds only). */
  updates: UpdateHooks;
  /**
   * The language the window, menus, dialogs and notifications speak for the
   * user's choice in Settings (shell/language.ts mainLanguage); without one,
   * the chosen language, or English for the system's.
   */
  language?(choice: LanguageChoice): AskedLanguage;
  /** The chosen language changed: what main draws itself (the menus) is drawn again. */
  languageChanged?(): void;
  /**
   * The job a notification click asked for before a window listened (none
   * was open, or it was loading); taken once. Absent where there are no notifications.
   */
  takePendingResults?(): string | null;
}

export interface UpdateHooks {
  status(): UpdateView;
  /** Quits and installs the downloaded update. */
  restart(): void;
}

export interface HandlerDeps {
  account: Account;
  files: FileGrants;
  settings: SettingsStore;
  workspace: Workspace;
  events: EventBus;
  shell: ShellHooks;
  platforms: AppPlatforms;
  team: TeamConnection;
  teamHistory: TeamHistory;
  /** The app's data folder: the rules' file is there (rules/store.ts). */
  dataDir: string;
}

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

export function createHandlers({
  account,
  files,
  settings,
  workspace,
  events,
  shell,
  platforms,
  team,
  teamHistory,
  dataDir,
}: HandlerDeps): Handlers {
  const jobs = () => workspace.jobs();
  const choicesOf = choicesWithSettings(settings);
  // A new list's review, with what is known of it from the lists checked before.
  const reviewed = async (job: JobView, list: ImportedList): Promise<ImportView> =>
    importView(job, list, null, await (await jobs()).seenBefore(job.id, settings.get().reuseDays));
  return {
    ...platformHandlers(platforms, ({ job, list }) => reviewed(job, list)),
    ...teamHandlers(team, teamHistory),
    ...bouncesHandlers(jobs, files, shell),
    ...rulesHandlers(dataDir),
    ...suppressionHandlers(jobs, files),
    ...verdictHandlers(files, jobs),
    ...settingsHandlers({ settings, account, shell }),
    'key:status': async () => account.status(),
    'key:set': async ({ apiKey, baseUrl }) => account.setKey(apiKey, baseUrl),
    'key:clear': async () => account.clearKey(),
    'key:confirm': async () => account.confirmAddress(),
    'demo:start': async () => account.useDemo(),
    'balance:get': async () => account.balance(),
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
    'memory:status': async () => (await jobs()).memory(),
    'memory:forget': async () => (await jobs()).forgetMemory(),
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
    ...shellHandlers(shell, workspace),
    'check:one': async ({ address, product }) => {
      const view = await checkOne(address, product, {
        client: () => account.client(),
        notAnAddress: (typed) => message('error.ipc.notAnAddress', { typed }),
      });
      void account.balance().catch(() => undefined);
      return view;
    },
  };
}

/** What only the shell answers: its updates, and the job a notification asked for. */
function shellHandlers(
  shell: ShellHooks,
  workspace: Workspace,
): Pick<Handlers, 'results:pending' | 'update:status' | 'update:restart'> {
  return {
    'results:pending': async () => {
      const jobId = shell.takePendingResults?.() ?? null;
      return jobId === null ? null : { jobId };
    },
    'update:status': async () => shell.updates.status(),
    'update:restart': async () => {
      if (shell.updates.status().state !== 'ready') {
        throw new AppError('invalid_input', message('error.update.noneReady'));
      }
      if (workspace.busy()) {
        throw new AppError('job_running', message('error.update.jobRunning'));
      }
      shell.updates.restart();
      return { restarting: true };
    },
  };
}
