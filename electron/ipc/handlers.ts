// The handler behind each channel, put together from the domains' own
// (account/, settings/, jobs/, app/, platforms/, team/, bounces/, rules/,
// suppression/, verdicts/): each is a thin adapter from the contract to the core.
import type { Account } from '../account/account';
import type { AppPlatforms } from '../connectors/app';
import type { FileGrants } from '../files/grants';
import type { TeamHistory } from '../history/views';
import type { Workspace } from '../jobs/workspace';
import type { SettingsStore } from '../settings/settings';
import type { TeamConnection } from '../team/connection';
import { accountHandlers } from './account/handlers';
import { appHandlers } from './app/handlers';
import { bouncesHandlers } from './bounces/handlers';
import type { EventBus } from './contract';
import { jobsHandlers, reviewWith } from './jobs/handlers';
import { platformHandlers } from './platforms/handlers';
import type { Handlers } from './registry';
import { rulesHandlers } from './rules/handlers';
import { settingsHandlers } from './settings/handlers';
import type { ShellHooks } from './shell-hooks';
import { suppressionHandlers } from './suppression/handlers';
import { teamHandlers } from './team/handlers';
import { verdictHandlers } from './verdicts/handlers';
import { watchesHandlers, type WatchesHandlerDeps } from './watches/handlers';
import type { AppRunner } from '../watches/app-runner';

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
  /** The watches the open app runs, and this computer's scheduler entry for them. */
  watches: AppRunner;
  watchScheduler: WatchesHandlerDeps['scheduler'];
  /** The window's language (the watches' reports are said in it). */
  words: WatchesHandlerDeps['words'];
}

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
  watches,
  watchScheduler,
  words,
}: HandlerDeps): Handlers {
  const jobs = () => workspace.jobs();
  const reviewed = reviewWith(workspace, settings);
  return {
    ...accountHandlers(account),
    ...settingsHandlers({ settings, account, shell }),
    ...jobsHandlers({ files, settings, workspace, events, shell }),
    ...appHandlers(shell, workspace),
    ...platformHandlers(platforms, ({ job, list }) => reviewed(job, list)),
    ...teamHandlers(team, teamHistory, shell),
    ...bouncesHandlers(jobs, files, shell),
    ...rulesHandlers(dataDir),
    ...suppressionHandlers(jobs, files, shell.consent),
    ...verdictHandlers(files, jobs),
    ...watchesHandlers({
      dataDir,
      runner: watches,
      jobs,
      settings,
      shell,
      events,
      words,
      scheduler: watchScheduler,
    }),
  };
}
