// `list-cleaner --help` in the reader's language: each command and option as
// it is typed (never translated), its description from the catalog beside it
// at the 33rd column, each line of a description under the first. A
// description's lines are broken where its language's catalog breaks them.
import type { MessageId } from '../common/i18n/translate';
import { t } from './output/say';

/** Where descriptions start, as the English help has always had them. */
const COLUMN = 32;

/**
 * What the descriptions name as it is typed, given to every one of them: the
 * catalogs hold each as a placeholder, so no translation can change it.
 */
const TYPED = {
  command: '<command>',
  name: '<name>',
  code: '<code>',
  rule: '<rule>',
  next: '<next>',
  id: '<id>',
  ceiling: '<ceiling>',
  resume: 'list-cleaner resume <id> --max-spend <USD>',
  platformUrl: 'LIST_CLEANER_<PLATFORM>_URL',
};

interface HelpRow {
  readonly indent: number;
  readonly syntax: string;
  readonly id: MessageId;
}

const command = (syntax: string, id: MessageId): HelpRow => ({ indent: 2, syntax, id });
const option = (syntax: string, id: MessageId): HelpRow => ({ indent: 6, syntax, id });

const COMMANDS: readonly HelpRow[] = [
  command('balance', 'cli.help.balance'),
  command('check <address> [--avatar]', 'cli.help.check'),
  command('clean <file> [options]', 'cli.help.clean'),
  option('--out <file>', 'cli.help.clean.out'),
  option('--format csv|xlsx', 'cli.help.clean.format'),
  option('--sheet <name|index>', 'cli.help.clean.sheet'),
  option('--product email|avatar', 'cli.help.clean.product'),
  option('--others skip|email', 'cli.help.clean.others'),
  option('--column <name|index>', 'cli.help.clean.column'),
  option('--keep <values>', 'cli.help.clean.keep'),
  option('--domain <domains>', 'cli.help.clean.domain'),
  option('--bom', 'cli.help.clean.bom'),
  option('--flags', 'cli.help.clean.flags'),
  option('--risk', 'cli.help.clean.risk'),
  option('--skip <kinds>|none', 'cli.help.clean.skip'),
  option('--ignore <what>', 'cli.help.clean.ignore'),
  option('--reuse-days <N>', 'cli.help.clean.reuseDays'),
  option('--max-spend <USD>|none', 'cli.help.clean.maxSpend'),
  option('--confirm-over-limit', 'cli.help.clean.confirmOverLimit'),
  option('--patience <duration>', 'cli.help.clean.patience'),
  option('--ask-again <delays>', 'cli.help.clean.askAgain'),
  option('--json', 'cli.help.json.counts'),
  command('clean <platform>:<list-id>', 'cli.help.cleanPlatform'),
  option('--members subscribed|all', 'cli.help.cleanPlatform.members'),
  option('--write-back tags|none', 'cli.help.cleanPlatform.writeBack'),
  option('--archive-undeliverable', 'cli.help.cleanPlatform.archive'),
  option('--yes', 'cli.help.cleanPlatform.yes'),
  command('lists <platform>', 'cli.help.lists'),
  command('jobs', 'cli.help.jobs'),
  command('bounces <job-id> <file>', 'cli.help.bounces'),
  option('--out <file>', 'cli.help.bounces.out'),
  option('--json', 'cli.help.bounces.json'),
  command('team status [--json]', 'cli.help.team.status'),
  command('team history [--json]', 'cli.help.team.history'),
  command('team spend [--json]', 'cli.help.team.spend'),
  command('team audit [--json]', 'cli.help.team.audit'),
  command('rules add <rule>... --block|--allow', 'cli.help.rules.add'),
  command('rules list [--json]', 'cli.help.rules.list'),
  command('rules remove <rule|id>...', 'cli.help.rules.remove'),
  command('suppress add <file>...', 'cli.help.suppress.add'),
  command('suppress list [--json]', 'cli.help.suppress.list'),
  option('--source <file>', 'cli.help.suppress.source'),
  command('suppress remove <arg>...', 'cli.help.suppress.remove'),
  command('suppress find <address>', 'cli.help.suppress.find'),
  command('verdicts import <file>', 'cli.help.verdicts.import'),
  option('--vendor <name>', 'cli.help.verdicts.vendor'),
  option('--date <YYYY-MM-DD>', 'cli.help.verdicts.date'),
  option('--json', 'cli.help.json.counts'),
  command('watch add <platform>:<list-id>', 'cli.help.watch.add'),
  option('--every <period>', 'cli.help.watch.every'),
  option('--at <HH:MM>', 'cli.help.watch.at'),
  option('--recheck-after <age>', 'cli.help.watch.recheckAfter'),
  option('--cap <USD>|none', 'cli.help.watch.cap'),
  option('--archive-undeliverable', 'cli.help.watch.archive'),
  command('watch add <folder> --out <folder>', 'cli.help.watch.folder'),
  command('watch list|show <id>', 'cli.help.watch.list'),
  command('watch pause|resume|remove <id>', 'cli.help.watch.state'),
  command('watch run <id>|--due', 'cli.help.watch.run'),
  command('watch install|uninstall', 'cli.help.watch.install'),
  command('resume [<id>]', 'cli.help.resume'),
  option('--max-spend <USD>|none', 'cli.help.resume.maxSpend'),
  option('--patience <duration>', 'cli.help.resume.patience'),
  option('--ask-again <delays>', 'cli.help.resume.askAgain'),
];

const EVERY_COMMAND: readonly HelpRow[] = [
  command('--demo', 'cli.help.demo'),
  command('-h, --help', 'cli.help.help'),
];

/** A row: the syntax, then its description at the column (on the next line when the syntax reaches it). */
function rowLines({ indent, syntax, id }: HelpRow): string[] {
  const [first = '', ...more] = t(id, TYPED).split('\n');
  const start = `${' '.repeat(indent)}${syntax}`;
  const pad = ' '.repeat(COLUMN);
  const head =
    start.length < COLUMN ? [`${start.padEnd(COLUMN)}${first}`] : [start, `${pad}${first}`];
  return [...head, ...more.map((line) => `${pad}${line}`)];
}

/** The whole help, as `list-cleaner --help` prints it. */
export function helpText(): string {
  return [
    t('cli.help.usage', TYPED),
    '',
    t('cli.help.commands'),
    ...COMMANDS.flatMap(rowLines),
    '',
    t('cli.help.everyCommand'),
    ...EVERY_COMMAND.flatMap(rowLines),
    '',
    t('cli.help.exitCodes', TYPED),
    '',
    t('cli.help.configuration', TYPED),
  ].join('\n');
}
