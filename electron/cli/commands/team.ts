// `list-cleaner team status`: which team store this command line would share
// answers through (LIST_CLEANER_TEAM_URL, else the one the app saved), and
// how many answers it holds for this account (the key's fingerprint, as the
// memory names it). `team history` and `team spend`: the team's finished
// jobs, newest first, and what each person spent per month, as the app's
// Jobs → Team and Account show them. `team audit`: what changed lately
// (suppression entries removed, answers changed to another status), by whom.
// The password comes from the URL or
// LIST_CLEANER_TEAM_PASSWORD, or the app's keychain entry for that very
// address, and is never printed.
import { message, say } from '../../common/i18n/message';
import { visibleLine } from '../../common/text/one-line';
import { clockSkewWords } from '../../coordination/notices';
import { moneyDecimals, sumMicros } from '../../common/money';
import { AppError } from '../../lib/app-error';
import { AUDIT_DAYS, readAudit, type AnswerStatus, type AuditEntry } from '../../history/audit';
import { whoRunsHere } from '../../history/summaries';
import { openTeamHistory } from '../../history/views';
import type { TeamStore } from '../../team/store';
import { openSettingsStore } from '../../settings/settings';
import type { SavedTeam } from '../../team/connection';
import { namedTeam } from '../team-store';
import { UsageError, type Values } from '../args/args';
import { appDataDir } from '../data-dir';
import { err, out } from '../output/print';
import { cliWords } from '../output/words';
import { bare, cash, t } from '../output/say';
import { connectFor } from './shared';
import { REASON_WORDS } from './suppress';

const SUBCOMMANDS = ['status', 'history', 'spend', 'audit'];

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
        ? message('cli.usage.teamSubcommand')
        : message('cli.usage.unknownSubcommand', { command: 'team', subcommand: argument }),
    );
  }
  const { url, password, rootCert } = await teamToUse(process.env);
  // Loaded here: only this command needs the PostgreSQL driver.
  const { openTeamStore } = await import('../../team/store');
  const store = await openTeamStore({ url, password, rootCert });
  try {
    // The account is the key's fingerprint; the service itself is never reached.
    const connection = await connectFor(values);
    const account = connection.memoryAccount;
    await connection.close();
    if (argument === 'history') return await history(values, store, account);
    if (argument === 'spend') return await spend(values, store, account);
    if (argument === 'audit') return await audit(values, store, account);
    const status = await store.status(account);
    // A clock off the store's is said on stderr, one line: the status itself is as it is.
    const { clockSkew } = await import('../../team/clock');
    const skew = await store.withClient((client) => clockSkew(client));
    if (skew) err(say(cliWords().t, clockSkewWords(skew)));
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
          member: status.member,
          role: status.role,
          answers: status.answers,
        }),
      );
      return 0;
    }
    out(t('cli.team.store', { target: status.target, version: status.serverVersion }));
    out(
      status.schemaVersion === 0
        ? t('cli.team.schemaNotSetUp')
        : t('cli.team.schema', { version: status.schemaVersion }),
    );
    out(
      t(status.role === 'owner' ? 'cli.team.connectedOwner' : 'cli.team.connectedMember', {
        member: status.member,
      }),
    );
    out(t('cli.team.answers', { count: status.answers }));
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
    out(t('cli.team.noHistory'));
    return 0;
  }
  out(
    page.jobs.length === page.total
      ? t('cli.team.historyAll', { total: bare(page.total) })
      : t('cli.team.historyNewest', { shown: bare(page.jobs.length), total: bare(page.total) }),
  );
  for (const job of page.jobs) {
    // Any member of the team wrote these names: each is one line, its controls shown.
    const where = { user: visibleLine(job.osUser), machine: visibleLine(job.machine) };
    const who = job.here ? t('cli.team.whoYou', where) : t('cli.team.who', where);
    const charged =
      job.chargedMicros === null
        ? t('cli.team.chargeUnknown')
        : t('cli.team.charged', { amount: cash(job.chargedMicros) });
    const deliverable = t('cli.team.deliverableOf', {
      deliverable: job.deliverable,
      unique: job.unique,
    });
    out(
      `${day(job.finishedAt)}  ${visibleLine(job.listName)}  ${who}  ${visibleLine(job.product)}  ${deliverable}  ${charged}`,
    );
  }
  if (page.unreadable > 0)
    out(t('cli.team.unreadable', { count: page.unreadable, shown: bare(page.unreadable) }));
  return 0;
}

async function spend(values: Values, store: TeamStore, account: string): Promise<number> {
  const view = await historyOf(store, account).spend();
  if (values.json) {
    out(JSON.stringify(view));
    return 0;
  }
  out(t('cli.team.spendHead', { from: view.from, to: view.to }));
  if (view.months.length === 0) {
    out(t('cli.team.noSpend'));
    return 0;
  }
  const unknown = (n: number) =>
    n > 0 ? ` ${t('cli.team.unknownCharges', { count: n, shown: bare(n) })}` : '';
  // Exact, one precision for the whole table: each month is the sum of its
  // people's micros, and the last line the sum of the months', as printed.
  const monthTotals = view.months.map((m) => sumMicros(m.people.map((p) => p.chargedMicros)));
  const all = sumMicros(monthTotals);
  const decimals = moneyDecimals([
    all,
    ...monthTotals,
    ...view.months.flatMap((m) => m.people.map((p) => p.chargedMicros)),
  ]);
  view.months.forEach((month, i) => {
    out(`${month.month}`);
    for (const p of month.people) {
      out(
        `  ${t('cli.team.personSpent', {
          user: visibleLine(p.osUser),
          machines: p.machines.map(visibleLine).join(', '),
          jobs: p.jobs,
          shown: bare(p.jobs),
          amount: cash(p.chargedMicros, decimals),
        })}${unknown(p.unknownCharges)}`,
      );
    }
    const unknownJobs = month.people.reduce((n, p) => n + p.unknownCharges, 0);
    out(
      `  ${t('cli.team.monthTotal', { amount: cash(monthTotals[i] ?? 0, decimals) })}${unknown(unknownJobs)}`,
    );
  });
  out(t('cli.team.allMonths', { amount: cash(all, decimals) }));
  return 0;
}

const STATUS_WORDS = {
  deliverable: 'cli.check.deliverable',
  undeliverable: 'cli.check.undeliverable',
  unknown: 'cli.check.unknown',
} as const satisfies Record<AnswerStatus, string>;

/** One change, in a line: when (UTC), who, what. */
function auditLine(entry: AuditEntry): string {
  const at = day(entry.at);
  const known = (name: string | null) => name ?? t('cli.team.auditNotKnown');
  if (entry.kind === 'suppression-removed') {
    return t(entry.how === 'file' ? 'cli.team.auditRemovedFile' : 'cli.team.auditRemoved', {
      at,
      by: entry.by,
      address: entry.address,
      reason: t(REASON_WORDS[entry.reason]),
      source: known(entry.source),
      addedBy: known(entry.addedBy),
    });
  }
  return t('cli.team.auditChanged', {
    at,
    by: entry.by,
    count: entry.count,
    shown: bare(entry.count),
    product: entry.product,
    from: t(STATUS_WORDS[entry.from]),
    to: t(STATUS_WORDS[entry.to]),
    wasBy: known(entry.wasBy),
  });
}

async function audit(values: Values, store: TeamStore, account: string): Promise<number> {
  const entries = await store.withClient((client) => readAudit(client, account, AUDIT_DAYS));
  if (values.json) {
    out(JSON.stringify({ days: AUDIT_DAYS, entries }));
    return 0;
  }
  if (entries.length === 0) {
    out(t('cli.team.noAudit', { days: AUDIT_DAYS }));
    return 0;
  }
  out(t('cli.team.auditHead', { days: AUDIT_DAYS }));
  for (const entry of entries) out(auditLine(entry));
  return 0;
}
