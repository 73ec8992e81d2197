// `list-cleaner rules add <rule>... --block|--allow`, `rules list [--json]`,
// `rules remove <rule|id>...`: the allow and block rules the app keeps in its
// data folder (rules/store.ts), the same ones Settings → Rules shows. Adding
// or removing is all or none; what was added, changed or removed is said.
// Nothing here reaches the service.
import { addRules, readRules, removeRules } from '../../rules/store';
import type { MessageId } from '../../common/i18n/translate';
import type { Rule, RuleAction } from '../../rules/types';
import { UsageError, type Values } from '../args/args';
import { appDataDir } from '../data-dir';
import { message } from '../../common/i18n/message';
import { out } from '../output/print';
import { t } from '../output/say';

const SUBCOMMANDS = ['add', 'list', 'remove'];

/** What each change is said with, by the action the rules take now. */
const CHANGE_WORDS = {
  block: {
    added: 'cli.rules.addedBlock',
    replaced: 'cli.rules.replacedWithBlock',
    already: 'cli.rules.alreadyBlock',
  },
  allow: {
    added: 'cli.rules.addedAllow',
    replaced: 'cli.rules.replacedWithAllow',
    already: 'cli.rules.alreadyAllow',
  },
} as const satisfies Record<RuleAction, Record<string, MessageId>>;

const values = (rules: readonly Rule[]): string => rules.map((r) => r.value).join(', ');

export async function run(
  options: Values,
  argument: string | undefined,
  rest: readonly string[] = [],
): Promise<number> {
  if (argument === undefined || !SUBCOMMANDS.includes(argument)) {
    throw new UsageError(
      argument === undefined
        ? message('cli.usage.rulesSubcommand')
        : message('cli.usage.unknownSubcommand', { command: 'rules', subcommand: argument }),
    );
  }
  const dataDir = appDataDir();
  if (argument === 'list') return list(options, dataDir, rest);
  if (argument === 'remove') return remove(dataDir, rest);
  return add(options, dataDir, rest);
}

function actionOf(options: Values): RuleAction {
  if (options.block && options.allow) {
    throw new UsageError(message('cli.usage.rulesBlockOrAllow'));
  }
  if (options.block) return 'block';
  if (options.allow) return 'allow';
  throw new UsageError(message('cli.usage.rulesNeedsAction'));
}

async function add(options: Values, dataDir: string, texts: readonly string[]): Promise<number> {
  const action = actionOf(options);
  if (texts.length === 0) {
    throw new UsageError(message('cli.usage.rulesNeedsRule'));
  }
  const change = await addRules(dataDir, texts, action);
  const words = CHANGE_WORDS[action];
  if (change.added.length > 0) {
    out(t(words.added, { count: change.added.length, rules: values(change.added) }));
  }
  if (change.changed.length > 0) {
    out(t(words.replaced, { count: change.changed.length, rules: values(change.changed) }));
  }
  if (change.unchanged.length > 0) {
    out(t(words.already, { rules: values(change.unchanged) }));
  }
  out(t('cli.rules.inAll', { count: change.rules.length }));
  return 0;
}

const day = (iso: string): string => iso.slice(0, 10);

/** The list's headings; the rules' actions and kinds under them are as typed (--block, --allow). */
const RULE_HEADS: readonly MessageId[] = [
  'cli.rules.headAction',
  'cli.rules.headKind',
  'cli.rules.headRule',
  'cli.rules.headAdded',
  'cli.table.id',
];

async function list(options: Values, dataDir: string, extra: readonly string[]): Promise<number> {
  if (extra.length > 0) throw new UsageError(message('cli.usage.rulesListTakesNone'));
  const rules = await readRules(dataDir);
  if (options.json) {
    out(JSON.stringify({ rules }));
    return 0;
  }
  if (rules.length === 0) {
    out(t('cli.rules.none'));
    return 0;
  }
  out(t('cli.rules.listed', { count: rules.length }));
  const width = Math.min(Math.max(...rules.map((r) => r.value.length)), 48);
  const heads = RULE_HEADS.map((id) => t(id));
  // Each column as wide as the English always had it, or its heading in another language.
  const [action = 7, kind = 9, rule = width + 2, added = 12] = [7, 9, width + 2, 12].map((w, i) =>
    Math.max(w, (heads[i]?.length ?? 0) + 1),
  );
  out(
    `${heads[0]?.padEnd(action)}${heads[1]?.padEnd(kind)}${heads[2]?.padEnd(rule)}${heads[3]?.padEnd(added)}${heads[4]}`,
  );
  for (const r of rules) {
    out(
      `${r.action.padEnd(action)}${r.kind.padEnd(kind)}${r.value.padEnd(rule)}${day(r.addedAt).padEnd(added)}${r.id}`,
    );
  }
  return 0;
}

async function remove(dataDir: string, names: readonly string[]): Promise<number> {
  if (names.length === 0) {
    throw new UsageError(message('cli.usage.rulesRemoveNeedsRule'));
  }
  const { removed, rules } = await removeRules(dataDir, names);
  out(
    t('cli.rules.removed', {
      count: removed.length,
      rules: removed.map((r) => `${r.action} ${r.value}`).join(', '),
    }),
  );
  out(t('cli.rules.left', { count: rules.length }));
  return 0;
}
