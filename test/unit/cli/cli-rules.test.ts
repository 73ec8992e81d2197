// `list-cleaner rules add|list|remove`: the rules the app keeps in its data
// folder, from a terminal. What was added, replaced or removed is said; a
// refused rule is one line and exit 1, nothing kept; a usage mistake exit 2.
// No service is reached (the base URL points at a closed port).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRules } from '../../../electron/rules/store';
import { cli } from '../jobs/support';

let dataDir: string;
let env: Record<string, string>;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-cli-rules-'));
  env = {
    LIST_CLEANER_DATA_DIR: dataDir,
    LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9',
    LIST_CLEANER_API_KEY: 'sk_test_x',
  };
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('list-cleaner rules', () => {
  it('adds, replaces, lists and removes', async () => {
    const added = await cli(['rules', 'add', '*@Competitor.com', '.ru', '--block'], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe('Added 2 block rules: *@competitor.com, .ru\n2 rules in all.\n');

    const allowed = await cli(['rules', 'add', 'example.com', '.RU', '--allow'], env);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toBe(
      'Added 1 allow rule: example.com\nReplaced 1 block rule with allow: .ru\n3 rules in all.\n',
    );
    const again = await cli(['rules', 'add', 'example.com', '--allow'], env);
    expect(again.stdout).toMatch(/^Already allow rules, left as they were: example\.com\n/);

    const listed = await cli(['rules', 'list'], env);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^3 rules\. The more specific decides/);
    expect(lines[1]).toMatch(/^ACTION +KIND +RULE +ADDED +ID$/);
    expect(lines.slice(2).map((l) => l.split(/ +/).slice(0, 3).join(' '))).toEqual([
      'block pattern *@competitor.com',
      'allow suffix .ru',
      'allow domain example.com',
    ]);
    expect(lines[2]).toMatch(/ \d{4}-\d{2}-\d{2} +[0-9a-f]{12}$/);

    const json = await cli(['rules', 'list', '--json'], env);
    const parsed = JSON.parse(json.stdout) as { rules: unknown[] };
    expect(parsed.rules).toEqual(await readRules(dataDir));

    const id = (await readRules(dataDir))[2]?.id ?? '';
    const removed = await cli(['rules', 'remove', '*@COMPETITOR.com', id], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(
      'Removed 2 rules: block *@competitor.com, allow example.com\n1 rule left.\n',
    );
    expect((await readRules(dataDir)).map((r) => r.value)).toEqual(['.ru']);
  });

  it('lists none with a way to add one', async () => {
    const listed = await cli(['rules', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(
      'No rules yet. Add one: list-cleaner rules add "*@example.com" --block\n',
    );
  });

  it('a refused rule: one line, exit 1, nothing kept', async () => {
    const result = await cli(['rules', 'add', 'ok.com', 'not ok', '--block'], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'list-cleaner: “not ok” is not a rule: a rule has no spaces. Type one rule a line. No rule was added.\n',
    );
    expect(await readRules(dataDir)).toEqual([]);
    const missing = await cli(['rules', 'remove', 'nothing.com'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^list-cleaner: There is no rule “nothing\.com”/);
  });

  it('a damaged rules.json is said, not emptied', async () => {
    await cli(['rules', 'add', 'a.com', '--block'], env);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dataDir, 'rules.json'), '{ broken');
    const result = await cli(['rules', 'list'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/could not be read \(it is not JSON\)/);
    expect(await readFile(join(dataDir, 'rules.json'), 'utf8')).toBe('{ broken');
  });

  it.each([
    [['rules'], /rules needs a subcommand: rules add, rules list or rules remove/],
    [['rules', 'frob'], /unknown rules subcommand "frob"/],
    [['rules', 'add', 'a.com'], /rules add needs --block .* or --allow/],
    [['rules', 'add', 'a.com', '--block', '--allow'], /takes --block or --allow, not both/],
    [['rules', 'add', '--block'], /rules add needs a rule/],
    [['rules', 'remove'], /rules remove needs a rule as listed, or its id/],
    [['rules', 'list', 'x.com'], /rules list takes no rule/],
  ])('%j: a usage mistake, exit 2', async (args, message) => {
    const result = await cli(args, env);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/See list-cleaner --help\.\n$/);
  });

  it('--help says how', async () => {
    const { stdout } = await cli(['--help'], env);
    expect(stdout).toMatch(/rules add <rule>\.\.\. --block\|--allow/);
    expect(stdout).toMatch(/rules list \[--json\] +The rules: action, kind, rule, when added, id/);
    expect(stdout).toMatch(/rules remove <rule\|id>\.\.\. +Remove rules, named as listed or by id/);
  });
});
