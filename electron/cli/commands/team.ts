// `list-cleaner team status`: which team store this command line would share
// answers through (LIST_CLEANER_TEAM_URL, else the one the app saved), and
// how many answers it holds for this account (the key's fingerprint, as the
// memory names it). `team history` and `team spend`: the team's finished
// jobs, newest first, and what each person spent per month, as the app's
// Jobs → Team and Account show them. The password comes from the URL or
// LIST_CLEANER_TEAM_PASSWORD, or the app's keychain entry for that very
// address, and is never printed.
import { shareCents, usd } from '../../common/money';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { whoRunsHere } from '../../jobs/team-summary';
import { openTeamHistory } from '../../team/history-views';
import type { TeamStore } from '../../team/store';
import { openSettingsStore } from '../../settings/settings';
import type { SavedTeam } from '../../team/connection';
import { namedTeam } from '../team-store';
import { UsageError, type Values } from '../args';
import { appDataDir } from '../data-dir';
import { out } from '../print';
import { connectFor } from './shared';

const SUBCOMMANDS = ['status', 'history', 'spend'];

/** The finished jobs `team history` prints: the newest, as the app's first page. */
const HISTORY_LIMIT = 50;

/** The store named in the environment, else the app's saved one, with the password to reach it. */
async function teamToUse(env: NodeJS.ProcessEnv): Promise<SavedTeam> {
  const saved = await namedTeam(env, await openSettingsStore(appDataDir()));
  if (saved === null) {
    throw new AppError('invalid_input', message('error.cli.noTeamStore'));
  }
  return saved;
}

export async function run(values: Values, argument?: string): Promise<number> {
  if (argument === undefined || !SUBCOMMANDS.includes(argument)) {
    throw new UsageError(
      argument === undefined
        ? 'team needs a subcommand: team status, team history or team spend'
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
    if (argument === 'history') return await history(values, store, account);
    if (argument === 'spend') return await spend(values, store, account);
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

const historyOf = (store: TeamStore, account: string) =>
  openTeamHistory({ store: async () => store, account: () => account, who: whoRunsHere });

const day = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

async function history(values: Values, store: TeamStore, account: string): Promise<number> {
  const page = await historyOf(store, account).history({ offset: 0, limit: HISTORY_LIMIT });
  if (values.json) {
    out(JSON.stringify(page));
    return 0;
  }
  if (page.total === 0) {
    out('No finished jobs in the team store yet for this account.');
    return 0;
  }
  out(
    page.jobs.length === page.total
      ? `The team's ${page.total} finished jobs, newest first (times in UTC):`
      : `The team's newest ${page.jobs.length} of ${page.total} finished jobs (times in UTC; the app's Jobs → Team shows them all):`,
  );
  for (const job of page.jobs) {
    const who = `${job.osUser} on ${job.machine}${job.here ? ' (you)' : ''}`;
    const charged =
      job.chargedMicros === null ? 'charge not known' : `${usd(job.chargedMicros)} charged`;
    out(
      `${day(job.finishedAt)}  ${job.listName}  ${who}  ${job.product}  ${job.deliverable.toLocaleString('en-US')} of ${job.unique.toLocaleString('en-US')} deliverable  ${charged}`,
    );
  }
  if (page.unreadable > 0) {
    out(
      `${page.unreadable} job(s) could not be read: written by another version of List Cleaner, or damaged.`,
    );
  }
  return 0;
}

async function spend(values: Values, store: TeamStore, account: string): Promise<number> {
  const view = await historyOf(store, account).spend();
  if (values.json) {
    out(JSON.stringify(view));
    return 0;
  }
  out(`What each person spent per month, ${view.from} to ${view.to}:`);
  if (view.months.length === 0) {
    out('No one on the team has finished a job in these months.');
    return 0;
  }
  const cents = (c: number) => usd(c * 10_000);
  const unknown = (n: number) => (n > 0 ? ` and ${n} job(s) whose charge is not known` : '');
  let all = 0;
  for (const month of view.months) {
    // In whole cents that add up to the month's total as printed.
    const shares = shareCents(month.people.map((p) => p.chargedMicros));
    out(`${month.month}`);
    month.people.forEach((p, i) => {
      out(
        `  ${p.osUser} (${p.machines.join(', ')}): ${p.jobs} job(s), ${cents(shares.cents[i] ?? 0)}${unknown(p.unknownCharges)}`,
      );
    });
    const unknownJobs = month.people.reduce((n, p) => n + p.unknownCharges, 0);
    out(`  Total: ${cents(shares.total)}${unknown(unknownJobs)}`);
    all += shares.total;
  }
  out(`All these months: ${cents(all)}`);
  return 0;
}
