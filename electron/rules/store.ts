// The user's allow and block rules, in <dataDir>/rules.json, shared by the
// app and the command line as settings are. Read whole and checked on every
// read (each rule must be one parse.ts would make from its own value), written
// by a rename (lib/files/atomic-file.ts). A damaged file is said, with where it is,
// and never read as "no rules": a list checked without the blocks the user
// wrote would send, and pay for, what they meant to keep out.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { english, isMessage, message, say, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { writeFileAtomic } from '../lib/files/atomic-file';
import { newRuleId, parseRuleText, type RuleTarget } from './parse';
import { MAX_RULES, ruleSchema, type Rule, type RuleAction, type RulesChangeView } from './types';

export const RULES_FILE = 'rules.json';

export const rulesPath = (dataDir: string): string => join(dataDir, RULES_FILE);

const sameTarget = (a: RuleTarget, b: RuleTarget): boolean =>
  a.kind === b.kind && a.value === b.value;

/** Whether `value` is what parse.ts makes of it, as `kind`. */
function wellFormed(rule: Rule): boolean {
  try {
    return sameTarget(parseRuleText(rule.value), rule);
  } catch {
    return false;
  }
}

const rulesFileSchema = z
  .strictObject({
    version: z.literal(1),
    rules: z.array(ruleSchema).max(MAX_RULES),
  })
  .superRefine(({ rules }, ctx) => {
    const ids = new Set<string>();
    const targets = new Set<string>();
    rules.forEach((rule, i) => {
      const target = `${rule.kind} ${rule.value}`;
      const n = String(i + 1);
      let problem: Message | null = null;
      if (!wellFormed(rule)) {
        problem = message('error.rules.file.notKind', { n, rule: rule.value, kind: rule.kind });
      } else if (ids.has(rule.id)) problem = message('error.rules.file.sameId', { n });
      else if (targets.has(target))
        problem = message('error.rules.file.twice', { rule: rule.value });
      if (problem !== null) {
        // The English for zod's issue; the message itself for the error the user reads.
        ctx.addIssue({
          code: 'custom',
          message: say(english.t, problem),
          path: ['rules', i],
          params: { said: problem },
        });
      }
      ids.add(rule.id);
      targets.add(target);
    });
  });

function damaged(dataDir: string, why: string | Message): AppError {
  return new AppError(
    'bad_file',
    message('error.rules.unreadable', { why, path: rulesPath(dataDir) }),
  );
}

/** The first issue of a rules file that does not parse: our message where we made it, else zod's words. */
function issueWords(issue: z.core.$ZodIssue | undefined): string | Message {
  const said: unknown = issue?.code === 'custom' ? issue.params?.said : undefined;
  if (isMessage(said)) return said;
  return issue?.message ?? message('error.rules.why.notList');
}

/** Every rule, in the order added; none when the file does not exist yet. */
export async function readRules(dataDir: string): Promise<Rule[]> {
  let text: string;
  try {
    text = await readFile(rulesPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw damaged(
      dataDir,
      message('error.rules.why.notOpened', { reason: (err as Error).message }),
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged(dataDir, message('error.rules.why.notJson'));
  }
  const parsed = rulesFileSchema.safeParse(json);
  if (!parsed.success) {
    throw damaged(dataDir, issueWords(parsed.error.issues[0]));
  }
  return parsed.data.rules;
}

async function writeRules(dataDir: string, rules: readonly Rule[]): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = rulesFileSchema.parse({ version: 1, rules });
  await writeFileAtomic(rulesPath(dataDir), `${JSON.stringify(file, null, 2)}\n`);
}

// One change at a time per file in this process, so two quick adds from the
// window cannot both read the old list and keep only one of them.
const queues = new Map<string, Promise<unknown>>();

function serial<T>(dataDir: string, change: () => Promise<T>): Promise<T> {
  const key = rulesPath(dataDir);
  const next = (queues.get(key) ?? Promise.resolve()).then(change, change);
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/** Each typed rule's meaning, or one AppError naming the first refused (and how many more). */
function targetsOf(texts: readonly string[]): RuleTarget[] {
  const typed = texts.filter((t) => t.trim() !== '');
  // Nothing typed: parse.ts's own words ask for a rule.
  if (typed.length === 0) parseRuleText('');
  const targets: RuleTarget[] = [];
  const refusals: AppError[] = [];
  for (const text of typed) {
    try {
      targets.push(parseRuleText(text));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusals.push(err);
    }
  }
  const first = refusals[0];
  if (first !== undefined) {
    const more = refusals.length - 1;
    const refusal = first.said ?? first.message;
    throw new AppError(
      'invalid_input',
      more === 0
        ? message('error.rules.noneAdded', { refusal })
        : message('error.rules.noneAddedMore', { refusal, more, count: String(more) }),
    );
  }
  return targets;
}

/**
 * Adds the rules typed (one rule each; blank ones are passed over) with
 * `action`, all or none. A rule already kept for the same value takes the
 * new action in place (its id stays); one already so is left as it is.
 */
export async function addRules(
  dataDir: string,
  texts: readonly string[],
  action: RuleAction,
  options: { now?: Date } = {},
): Promise<RulesChangeView> {
  const targets = targetsOf(texts);
  return serial(dataDir, async () => {
    const rules = await readRules(dataDir);
    const addedAt = (options.now ?? new Date()).toISOString();
    const change: RulesChangeView = { added: [], changed: [], unchanged: [], rules };
    const seen = new Set<string>();
    for (const target of targets) {
      const key = `${target.kind} ${target.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const at = rules.findIndex((r) => sameTarget(r, target));
      const kept = rules[at];
      if (kept === undefined) {
        const rule: Rule = { id: newRuleId(), action, ...target, addedAt };
        rules.push(rule);
        change.added.push(rule);
      } else if (kept.action === action) {
        change.unchanged.push(kept);
      } else {
        const rule: Rule = { ...kept, action, addedAt };
        rules[at] = rule;
        change.changed.push(rule);
      }
    }
    if (rules.length > MAX_RULES) {
      throw new AppError(
        'invalid_input',
        message('error.rules.tooMany', { rules: rules.length, max: MAX_RULES }),
      );
    }
    if (change.added.length > 0 || change.changed.length > 0) await writeRules(dataDir, rules);
    return change;
  });
}

/** The kept rule `idOrRule` names: its id, or its value as typed (either action). */
function findRule(rules: readonly Rule[], idOrRule: string): number {
  const typed = idOrRule.trim();
  const byId = rules.findIndex((r) => r.id === typed.toLowerCase());
  if (byId !== -1) return byId;
  let target: RuleTarget;
  try {
    target = parseRuleText(typed);
  } catch {
    return -1;
  }
  return rules.findIndex((r) => sameTarget(r, target));
}

/** Removes the rules named (by id or as typed), all or none; returns those removed and the rest. */
export function removeRules(
  dataDir: string,
  idsOrRules: readonly string[],
): Promise<{ removed: Rule[]; rules: Rule[] }> {
  return serial(dataDir, async () => {
    const rules = await readRules(dataDir);
    const gone = new Set<number>();
    for (const name of idsOrRules) {
      const at = findRule(rules, name);
      if (at === -1) {
        throw new AppError(
          'invalid_input',
          message('error.rules.noSuchRule', { name: name.trim() }),
        );
      }
      gone.add(at);
    }
    const removed = rules.filter((_, i) => gone.has(i));
    const rest = rules.filter((_, i) => !gone.has(i));
    if (removed.length > 0) await writeRules(dataDir, rest);
    return { removed, rules: rest };
  });
}

/** Removes one rule, by id or as typed. */
export async function removeRule(
  dataDir: string,
  idOrRule: string,
): Promise<{ removed: Rule; rules: Rule[] }> {
  const { removed, rules } = await removeRules(dataDir, [idOrRule]);
  return { removed: removed[0] as Rule, rules };
}
