// The rules' channels through the core's handler table, as the window calls
// them: listed, added (all or none; a refusal in the parser's words), removed
// by id; the input bounded by the contract.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rule, RulesChangeView } from '../../../electron/common/views/rule-views';
import { createCore, type Core } from '../../../electron/core';
import { contract } from '../../../electron/ipc/contract';
import { readRules } from '../../../electron/rules/store';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function openCore(): Promise<{ core: Core; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-rules-ipc-'));
  const core = await createCore({ dataDir, keyStore: createMemoryKeyStore(null) });
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  cleanups.push(() => core.dispose());
  return { core, dataDir };
}

describe('rules:list, rules:add, rules:remove', () => {
  it('go through the handler table to rules.json', async () => {
    const { core, dataDir } = await openCore();
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const result = await core.registry.invoke(channel, input);
      if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
      return result.value as T;
    };
    expect(await call<Rule[]>('rules:list')).toEqual([]);
    const change = await call<RulesChangeView>('rules:add', {
      texts: ['*@Competitor.com', '', 'test*@*'],
      action: 'block',
    });
    expect(change.added.map((r) => r.value)).toEqual(['*@competitor.com', 'test*@*']);
    await call('rules:add', { texts: ['example.com'], action: 'allow' });
    expect((await call<Rule[]>('rules:list')).map((r) => `${r.action} ${r.value}`)).toEqual([
      'block *@competitor.com',
      'block test*@*',
      'allow example.com',
    ]);

    await expect(
      call('rules:add', { texts: ['a.com', '**'], action: 'block' }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^“\*\*” is not a rule/),
    });
    const [first] = await readRules(dataDir);
    const removed = await call<{ removed: Rule; rules: Rule[] }>('rules:remove', { id: first?.id });
    expect(removed.removed.value).toBe('*@competitor.com');
    expect(removed.rules).toHaveLength(2);
    await expect(call('rules:remove', { id: first?.id })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('bound their input', () => {
    const add = contract['rules:add'].input;
    expect(add.safeParse({ texts: [], action: 'block' }).success).toBe(false);
    expect(add.safeParse({ texts: ['a.com'], action: 'deny' }).success).toBe(false);
    expect(add.safeParse({ texts: ['x'.repeat(2_001)], action: 'allow' }).success).toBe(false);
    // Too long for a rule, not for the channel: the parser says why, in its words.
    expect(add.safeParse({ texts: ['x'.repeat(400)], action: 'allow' }).success).toBe(true);
    expect(contract['rules:remove'].input.safeParse({ id: '../rules' }).success).toBe(false);
  });
});
