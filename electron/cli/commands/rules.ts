// `list-cleaner rules add <rule>... --block|--allow`, `rules list [--json]`,
// `rules remove <rule|id>...`: the allow and block rules the app keeps in its
// data folder (rules/store.ts), the same ones Settings → Rules shows. Adding
// or removing is all or none; what was added, changed or removed is said.
// Nothing here reaches the service.
import { addRules, readRules, removeRules } from '../../rules/store';
import type { Rule, RuleAction } from '../../rules/types';
import { UsageError, type Values } from '../args';
import { appDataDir } from '../data-dir';
import { out } from '../print';

const SUBCOMMANDS = ['add', 'list', 'remove'];

const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const values = (rules: readonly Rule[]): string => rules.map((r) => r.value).join(', ');

export async function run(
  options: Values,
  argument: string | undefined,
  rest: readonly string[] = [],
): Promise<number> {
  if (argument === undefined || !SUBCOMMANDS.includes(argument)) {
    throw new UsageError(
      argument === undefined
        ? 'rules needs a subcommand: rules add, rules list or rules remove'
        : `unknown rules subcommand "${argument}"`,
    );
  }
  const dataDir = appDataDir();
  if (argument === 'list') return list(options, dataDir, rest);
  if (argument === 'remove') return remove(dataDir, rest);
  return add(options, dataDir, rest);
}

function actionOf(options: Values): RuleAction {
  if (options.block && options.allow) {
    throw new UsageError('rules add takes --block or --allow, not both');
  }
  if (options.block) return 'block';
  if (options.allow) return 'allow';
  throw new UsageError(
    'rules add needs --block (never send these addresses) or --allow (never leave them out for a free check)',
  );
}

async function add(options: Values, dataDir: string, texts: readonly string[]): Promise<number> {
  const action = actionOf(options);
  if (texts.length === 0) {
    throw new UsageError(
      'rules add needs a rule: an address, a domain, .suffix or a pattern with * (quote it: "*@example.com")',
    );
  }
  const change = await addRules(dataDir, texts, action);
  if (change.added.length > 0) {
    out(`Added ${plural(change.added.length, `${action} rule`)}: ${values(change.added)}`);
  }
  if (change.changed.length > 0) {
    const was = action === 'block' ? 'allow' : 'block';
    out(
      `Replaced ${plural(change.changed.length, `${was} rule`)} with ${action}: ${values(change.changed)}`,
    );
  }
  if (change.unchanged.length > 0) {
    out(`Already ${action} rules, left as they were: ${values(change.unchanged)}`);
  }
  out(`${plural(change.rules.length, 'rule')} in all.`);
  return 0;
}

const day = (iso: string): string => iso.slice(0, 10);

async function list(options: Values, dataDir: string, extra: readonly string[]): Promise<number> {
  if (extra.length > 0) throw new UsageError('rules list takes no rule: it lists them all');
  const rules = await readRules(dataDir);
  if (options.json) {
    out(JSON.stringify({ rules }));
    return 0;
  }
  if (rules.length === 0) {
    out('No rules yet. Add one: list-cleaner rules add "*@example.com" --block');
    return 0;
  }
  out(
    `${plural(rules.length, 'rule')}. The more specific decides (address, then pattern, domain, suffix); block wins a tie.`,
  );
  const width = Math.min(Math.max(...rules.map((r) => r.value.length)), 48);
  out(`${'ACTION'.padEnd(7)}${'KIND'.padEnd(9)}${'RULE'.padEnd(width + 2)}${'ADDED'.padEnd(12)}ID`);
  for (const rule of rules) {
    out(
      `${rule.action.padEnd(7)}${rule.kind.padEnd(9)}${rule.value.padEnd(width + 2)}${day(rule.addedAt).padEnd(12)}${rule.id}`,
    );
  }
  return 0;
}

async function remove(dataDir: string, names: readonly string[]): Promise<number> {
  if (names.length === 0) {
    throw new UsageError(
      'rules remove needs a rule as listed, or its id (see list-cleaner rules list)',
    );
  }
  const { removed, rules } = await removeRules(dataDir, names);
  out(
    `Removed ${plural(removed.length, 'rule')}: ${removed.map((r) => `${r.action} ${r.value}`).join(', ')}`,
  );
  out(`${plural(rules.length, 'rule')} left.`);
  return 0;
}
