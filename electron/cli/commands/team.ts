// `list-cleaner team status`: which team store this command line would share
// answers through (LIST_CLEANER_TEAM_URL, else the one the app saved), and
// how many answers it holds for this account (the key's fingerprint, as the
// memory names it). The password comes from the URL or
// LIST_CLEANER_TEAM_PASSWORD, or the app's keychain entry for that very
// address, and is never printed.
import { AppError } from '../../lib/app-error';
import { openSettingsStore } from '../../settings/settings';
import type { SavedTeam } from '../../team/connection';
import { namedTeam } from '../team-store';
import { UsageError, type Values } from '../args';
import { appDataDir } from '../data-dir';
import { out } from '../print';
import { connectFor } from './shared';

const SUBCOMMANDS = ['status'];

/** The store named in the environment, else the app's saved one, with the password to reach it. */
async function teamToUse(env: NodeJS.ProcessEnv): Promise<SavedTeam> {
  const saved = await namedTeam(env, await openSettingsStore(appDataDir()));
  if (saved === null) {
    throw new AppError(
      'invalid_input',
      'No team store: set LIST_CLEANER_TEAM_URL to its address (postgres://user@host:5432/database), with the password in LIST_CLEANER_TEAM_PASSWORD, or connect one in the app (Settings → Team).',
    );
  }
  return saved;
}

export async function run(values: Values, argument?: string): Promise<number> {
  if (argument === undefined || !SUBCOMMANDS.includes(argument)) {
    throw new UsageError(
      argument === undefined
        ? 'team needs a subcommand: team status'
        : `unknown team subcommand "${argument}"`,
    );
  }
  const { url, password } = await teamToUse(process.env);
  // Loaded here: only this command needs the PostgreSQL driver.
  const { openTeamStore } = await import('../../team/store');
  const store = await openTeamStore({ url, password });
  try {
    // The account is the key's fingerprint; the service itself is never reached.
    const connection = await connectFor(values);
    const account = connection.memoryAccount;
    await connection.close();
    const status = await store.status(account);
    const { host, port, database, user, sslMode } = store.url;
    if (values.json) {
      out(
        JSON.stringify({
          host,
          port,
          database,
          user,
          ssl_mode: sslMode,
          server_version: status.serverVersion,
          schema_version: status.schemaVersion,
          answers: status.answers,
        }),
      );
      return 0;
    }
    out(`Team store: ${status.target} (PostgreSQL ${status.serverVersion})`);
    out(
      status.schemaVersion === 0
        ? 'Schema: not set up yet (List Cleaner sets it up when it first uses the store)'
        : `Schema: version ${status.schemaVersion}`,
    );
    out(`Answers for this account: ${status.answers.toLocaleString('en-US')}`);
    return 0;
  } finally {
    await store.close();
  }
}
