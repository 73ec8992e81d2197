// The user's rules in rules.json: added, given a new action in place (never
// twice), removed by id or as typed, all or none; a damaged file is said and
// never read as "no rules"; at most 10,000.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/lib/app-error';
import {
  addRules,
  readRules,
  removeRule,
  removeRules,
  rulesPath,
} from '../../../electron/rules/store';
import { MAX_RULES } from '../../../electron/rules/types';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-rules-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const NOW = new Date('2026-11-26T09:00:00Z');
const LATER = new Date('2026-11-27T09:00:00Z');

const summary = async () =>
  (await readRules(dataDir)).map((r) => `${r.action} ${r.kind} ${r.value}`);

describe('rules.json', () => {
  it('holds no rule before the first is added (and is not made by reading)', async () => {
    expect(await readRules(dataDir)).toEqual([]);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('keeps what is added, normalized, in the order added, across reads', async () => {
    const change = await addRules(
      dataDir,
      ['*@Competitor.com', '', '  .RU ', 'jane@example.com'],
      'block',
      { now: NOW },
    );
    expect(change.added.map((r) => r.value)).toEqual([
      '*@competitor.com',
      '.ru',
      'jane@example.com',
    ]);
    expect(change.changed).toEqual([]);
    expect(change.unchanged).toEqual([]);
    await addRules(dataDir, ['example.org'], 'allow', { now: LATER });
    expect(await summary()).toEqual([
      'block pattern *@competitor.com',
      'block suffix .ru',
      'block address jane@example.com',
      'allow domain example.org',
    ]);
    const [first] = await readRules(dataDir);
    expect(first?.addedAt).toBe(NOW.toISOString());
    const file = JSON.parse(await readFile(rulesPath(dataDir), 'utf8')) as { version: number };
    expect(file.version).toBe(1);
  });

  it('a rule already there takes the new action in place: never twice', async () => {
    const { added } = await addRules(dataDir, ['example.com', '.ru'], 'allow', { now: NOW });
    const change = await addRules(dataDir, ['EXAMPLE.com', '@example.com', 'x.org'], 'block', {
      now: LATER,
    });
    expect(change.changed).toEqual([
      { ...added[0], action: 'block', addedAt: LATER.toISOString() },
    ]);
    expect(change.added.map((r) => r.value)).toEqual(['x.org']);
    expect(await summary()).toEqual([
      'block domain example.com',
      'allow suffix .ru',
      'block domain x.org',
    ]);
    const again = await addRules(dataDir, ['.ru'], 'allow');
    expect(again.unchanged.map((r) => r.value)).toEqual(['.ru']);
    expect(again.added).toEqual([]);
  });

  it('adds all or none: one refused line, nothing kept, the line named', async () => {
    await addRules(dataDir, ['a.com'], 'block');
    const failing = addRules(dataDir, ['b.com', 'not a rule', '**@x.com', 'c.com'], 'block');
    await expect(failing).rejects.toThrow(AppError);
    await expect(failing).rejects.toThrow(
      /^“not a rule” is not a rule: a rule has no spaces\. Type one rule a line\. One more was refused too; no rule was added\.$/,
    );
    await expect(addRules(dataDir, ['', '  '], 'block')).rejects.toThrow(/^Type a rule/);
    expect(await summary()).toEqual(['block domain a.com']);
  });

  it('removes by id or by the rule as typed, all or none', async () => {
    const { added } = await addRules(dataDir, ['a.com', '*@b.com', '.ru'], 'block');
    const byId = await removeRule(dataDir, added[0]?.id ?? '');
    expect(byId.removed.value).toBe('a.com');
    await expect(removeRules(dataDir, ['*@B.com', 'nothing.com'])).rejects.toThrow(
      /^There is no rule “nothing\.com”: .* No rule was removed\.$/,
    );
    await expect(removeRule(dataDir, 'not even a rule')).rejects.toThrow(/no rule “not even/);
    expect(await summary()).toEqual(['block pattern *@b.com', 'block suffix .ru']);
    const both = await removeRules(dataDir, ['*@B.com', '.RU']);
    expect(both.removed.map((r) => r.value)).toEqual(['*@b.com', '.ru']);
    expect(await readRules(dataDir)).toEqual([]);
  });

  it('changes made at once are all kept', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => addRules(dataDir, [`d${i}.com`], 'block')),
    );
    expect(await readRules(dataDir)).toHaveLength(20);
  });

  it.each([
    ['not JSON', '{ "version": 1, "rules": [', /it is not JSON/],
    ['another shape', '{ "version": 1, "rules": {} }', /could not be read/],
    [
      'a rule whose value is not its kind',
      JSON.stringify({
        version: 1,
        rules: [
          {
            id: 'aaaaaaaaaaaa',
            action: 'block',
            kind: 'domain',
            value: '*@x.com',
            addedAt: NOW.toISOString(),
          },
        ],
      }),
      /rule 1 \(“\*@x\.com”\) is not a domain rule/,
    ],
    [
      'a value twice',
      JSON.stringify({
        version: 1,
        rules: ['aaaaaaaaaaaa', 'bbbbbbbbbbbb'].map((id) => ({
          id,
          action: 'block',
          kind: 'domain',
          value: 'x.com',
          addedAt: NOW.toISOString(),
        })),
      }),
      /“x\.com” is there twice/,
    ],
  ])('a damaged file (%s) is said, with where it is, and kept as it was', async (_, text, why) => {
    await writeFile(rulesPath(dataDir), text);
    const read = readRules(dataDir);
    await expect(read).rejects.toMatchObject({ code: 'bad_file' });
    await expect(read).rejects.toThrow(why);
    await expect(read).rejects.toThrow(rulesPath(dataDir));
    await expect(addRules(dataDir, ['y.com'], 'block')).rejects.toMatchObject({ code: 'bad_file' });
    expect(await readFile(rulesPath(dataDir), 'utf8')).toBe(text);
  });

  it(`keeps at most ${MAX_RULES.toLocaleString('en-US')} rules`, async () => {
    const texts = Array.from({ length: MAX_RULES }, (_, i) => `d${i}.example.com`);
    const { added } = await addRules(dataDir, texts, 'block');
    expect(added).toHaveLength(MAX_RULES);
    await expect(addRules(dataDir, ['one-more.com'], 'block')).rejects.toThrow(
      /That would make 10,001 rules; List Cleaner keeps at most 10,000\./,
    );
    // A change of action adds nothing, so it is still taken.
    const change = await addRules(dataDir, ['d1.example.com'], 'allow');
    expect(change.changed).toHaveLength(1);
    expect(await readRules(dataDir)).toHaveLength(MAX_RULES);
  });
});
