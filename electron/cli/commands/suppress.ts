// `list-cleaner suppress`: the account's suppression list (the memory's
// account, the key's fingerprint; the team's list with a team store), as the
// jobs of the app and the command line leave it out:
//   add <file>...        each bounce, complaint or unsubscribe export (or any
//                        list with an address column) into the list
//   list                 its files with their counts and dates, and the total
//                        (--json: the entries too, a page at a time)
//   remove <arg>...      an argument with "@" is an address; otherwise a file
//                        the list came from, by its name as `suppress list`
//                        shows it (a path to it serves: its name is taken);
//                        otherwise a file here whose addresses are each removed
//   find <address>       whether it is suppressed: why, since when, from which file
// Nothing here reaches the service or costs anything.
import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import { onTeamNotice, teamNoticeGate } from '../../coordination/notices';
import { message, say } from '../../common/i18n/message';
import { visibleLine } from '../../common/text/one-line';
import type { MessageId } from '../../common/i18n/translate';
import { suppressionFormatName } from '../../common/words/suppression-format-words';
import { AppError, sayError } from '../../lib/app-error';
import { isValidAddress, normalizeCell } from '../../lib/addresses/address';
import { suppressionOpener, type AccountSuppression } from '../../suppression/account';
import { importSuppressionFile, type SuppressionImport } from '../../suppression/import';
import { readSuppressionFile } from '../../suppression/read';
import type { SuppressionEntry, SuppressionSource } from '../../suppression/store';
import type { SuppressionReason } from '../../suppression/types';
import { UsageError, type Values } from '../args/args';
import { appDataDir } from '../data-dir';
import { err, out } from '../output/print';
import { bare, num, t } from '../output/say';
import { cliWords } from '../output/words';
import { connectFor } from './shared';

const SUBCOMMANDS = ['add', 'list', 'remove', 'find'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

/** Entries `suppress list` shows or prints unless --limit says otherwise. */
const LIMIT_DEFAULT = 100;
const LIMIT_MAX = 1_000;

const addresses = (count: number) => t('cli.suppress.addresses', { count });
const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Why an address is on the list, in words (the JSON keeps the reason's code). */
export const REASON_WORDS = {
  hard_bounce: 'cli.suppress.reason.hardBounce',
  soft_bounce: 'cli.suppress.reason.softBounce',
  complaint: 'cli.suppress.reason.complaint',
  unsubscribe: 'cli.suppress.reason.unsubscribe',
  manual: 'cli.suppress.reason.manual',
  other: 'cli.suppress.reason.other',
} as const satisfies Record<SuppressionReason, MessageId>;

function parseLimit(value: string | undefined): number {
  if (value === undefined) return LIMIT_DEFAULT;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) {
    throw new UsageError(message('cli.usage.limit', { max: bare(LIMIT_MAX) }));
  }
  return limit;
}

function subcommandOf(argument: string | undefined): Subcommand {
  const found = SUBCOMMANDS.find((s) => s === argument);
  if (found) return found;
  throw new UsageError(
    argument === undefined
      ? message('cli.usage.suppressSubcommand')
      : message('cli.usage.unknownSubcommand', { command: 'suppress', subcommand: argument }),
  );
}

export async function run(
  values: Values,
  argument: string | undefined,
  rest: readonly string[] = [],
): Promise<number> {
  const subcommand = subcommandOf(argument);
  if ((subcommand === 'add' || subcommand === 'remove') && rest.length === 0) {
    throw new UsageError(
      subcommand === 'add'
        ? message('cli.usage.suppressAddNeedsFile', {
            command: 'list-cleaner suppress add <file>...',
          })
        : message('cli.usage.suppressRemoveNeedsArg', {
            command: 'list-cleaner suppress remove <address|file>...',
          }),
    );
  }
  if (subcommand === 'find' && rest.length !== 1) {
    throw new UsageError(
      message('cli.usage.suppressFindOne', { command: 'list-cleaner suppress find <address>' }),
    );
  }
  const limit = parseLimit(values.limit);
  // The account is the key's fingerprint; the service itself is never reached.
  const connection = await connectFor(values);
  const opener = suppressionOpener({
    // The app's own folder (the demo's too), as the app's Settings and jobs keep it.
    dataDir: appDataDir(),
    account: () => connection.memoryAccount,
    ...(connection.team ? { team: connection.team } : {}),
  });
  // A team store out of reach is said once, on stderr.
  const stopNotices = onTeamNotice(
    teamNoticeGate((message, _kind, said) => err(said ? say(cliWords().t, said) : message)),
  );
  try {
    const list = await opener.get();
    switch (subcommand) {
      case 'add':
        return await add(values, list, rest);
      case 'list':
        return await show(values, list, limit);
      case 'remove':
        return await remove(values, list, rest);
      case 'find':
        return await find(values, list, rest[0] ?? '');
    }
  } finally {
    stopNotices();
    await opener.close();
    await connection.close();
  }
}

/** One file's figures, as `suppress add` says them. */
function addedWords(file: string, result: SuppressionImport): string {
  const read = t('cli.suppress.addedFile', {
    file,
    label: suppressionFormatName(t, result.label),
    rows: result.rows,
    added: result.added,
    replaced: result.replaced,
  });
  return result.skipped === 0
    ? read
    : `${read}; ${t('cli.suppress.skippedRows', { count: result.skipped })}`;
}

async function add(values: Values, list: AccountSuppression, files: readonly string[]) {
  const results: Record<string, unknown>[] = [];
  let failed = 0;
  for (const file of files) {
    try {
      const result = await importSuppressionFile(list, file);
      results.push({ file, ...result });
      if (!values.json) out(addedWords(file, result));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      failed += 1;
      results.push({ file, error: e.message });
      err(`list-cleaner: ${sayError(e, cliWords().t)}`);
    }
  }
  if (values.json) out(JSON.stringify({ files: results, total: await list.count() }));
  else out(t('cli.suppress.nowHolds', { addresses: addresses(await list.count()) }));
  return failed > 0 ? 1 : 0;
}

const sourceLine = (source: SuppressionSource, width: number) =>
  `  ${visibleLine(source.name).padEnd(width)}  ${addresses(source.entries).padStart(17)}  ${t('cli.suppress.addedAt', { when: minute(source.addedAt) })}`;

const entryWords = (e: SuppressionEntry) =>
  [
    e.address,
    t(REASON_WORDS[e.reason]),
    e.date ? e.date.slice(0, 10) : t('cli.suppress.noDate'),
    // A file's name and a platform's words: each one line, its controls shown.
    e.source ? visibleLine(e.source) : t('cli.suppress.fileRemoved'),
    visibleLine(e.detail),
  ]
    .filter((part) => part !== '')
    .join('  ');

async function show(values: Values, list: AccountSuppression, limit: number) {
  const sources = await list.sources();
  const total = await list.count();
  const source = values.source === undefined ? null : basename(values.source);
  if (source !== null && !sources.some((s) => s.name === source)) {
    throw new AppError(
      'invalid_input',
      message('error.cli.noSuppressionFile', { source, command: 'list-cleaner suppress list' }),
    );
  }
  const after = values.after ?? null;
  if (values.json) {
    const page = await list.list({ after, limit, source });
    out(JSON.stringify({ total, sources, ...page }));
    return 0;
  }
  if (total === 0 && sources.length === 0) {
    out(t('cli.suppress.empty', { command: 'list-cleaner suppress add <file>' }));
    return 0;
  }
  const shown = source === null ? sources : sources.filter((s) => s.name === source);
  const width = Math.max(4, ...shown.map((s) => s.name.length));
  out(t('cli.suppress.holds', { addresses: addresses(total), files: sources.length }));
  for (const s of shown) out(sourceLine(s, width));
  if (source === null) return 0;
  const page = await list.list({ after, limit, source });
  for (const e of page.entries) out(`    ${entryWords(e)}`);
  if (page.next !== null) {
    out(
      t('cli.suppress.more', {
        command: `list-cleaner suppress list --source ${source} --limit ${limit} --after ${page.next}`,
      }),
    );
  }
  return 0;
}

/** The addresses of a file, read as `suppress add` reads one. */
async function addressesIn(path: string): Promise<string[]> {
  const found: string[] = [];
  await readSuppressionFile(path, {
    onBatch: (rows) => void found.push(...rows.map((r) => r.address)),
  });
  return found;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

async function remove(values: Values, list: AccountSuppression, args: readonly string[]) {
  const sources = new Set((await list.sources()).map((s) => s.name));
  const results: Record<string, unknown>[] = [];
  let failed = 0;
  const say = (line: string) => !values.json && out(line);
  for (const arg of args) {
    if (arg.includes('@')) {
      const address = normalizeCell(arg);
      if (!isValidAddress(address)) {
        failed += 1;
        results.push({ argument: arg, error: 'not an email address' });
        err(`list-cleaner: ${t('cli.suppress.notAnAddress', { argument: arg })}`);
        continue;
      }
      const removed = await list.remove(address);
      results.push({ address, removed: removed ? 1 : 0 });
      say(t(removed ? 'cli.suppress.removedAddress' : 'cli.suppress.wasNotOn', { address }));
    } else if (sources.has(basename(arg))) {
      const name = basename(arg);
      const removed = await list.removeSource(name);
      sources.delete(name);
      results.push({ source: name, removed });
      say(t('cli.suppress.removedSource', { name, addresses: addresses(removed) }));
    } else if (await isFile(arg)) {
      const found = await addressesIn(arg);
      let removed = 0;
      for (const address of found) if (await list.remove(address)) removed += 1;
      results.push({ file: arg, addresses: found.length, removed });
      const said = { removed: num(removed), total: found.length, file: basename(arg) };
      say(
        removed < found.length
          ? t('cli.suppress.removedSomeOfFile', { ...said, notOn: found.length - removed })
          : t('cli.suppress.removedOfFile', said),
      );
    } else {
      failed += 1;
      results.push({ argument: arg, error: 'not found' });
      err(`list-cleaner: ${t('cli.suppress.notFound', { argument: arg })}`);
    }
  }
  if (values.json) out(JSON.stringify({ removed: results, total: await list.count() }));
  return failed > 0 ? 1 : 0;
}

async function find(values: Values, list: AccountSuppression, address: string) {
  const entry = await list.get(address);
  if (values.json) {
    out(JSON.stringify({ address: normalizeCell(address), suppressed: entry !== null, entry }));
    return 0;
  }
  if (entry === null) {
    out(t('cli.suppress.isNotOn', { address: normalizeCell(address) }));
    return 0;
  }
  const when = entry.date ? ` ${t('cli.suppress.since', { day: entry.date.slice(0, 10) })}` : '';
  const from = entry.source
    ? `, ${t('cli.suppress.from', { file: visibleLine(entry.source) })}`
    : '';
  const detail = entry.detail ? ` (${entry.detail})` : '';
  out(
    t('cli.suppress.isSuppressed', {
      address: entry.address,
      why: `${t(REASON_WORDS[entry.reason])}${when}${from}${detail}`,
      command: `list-cleaner suppress remove ${entry.address}`,
    }),
  );
  return 0;
}
