// What an account learns of mail domains is kept beside its memory of answers:
// per account, given back as kept, forgotten with the answers, pruned with
// them, and judged by the one coverage rule.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutcomeMemory, type OutcomeMemory } from '../../../electron/memory/outcome-memory';
import { coverageOf, tableOf, type Knowledge } from '../../../electron/jobs/coverage/rule';
import { sandboxProviderDomains } from '../../../electron/common/catalogs/providers';
import type { DomainFacts } from '../../../electron/memory/domain-facts';

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);

let dataDir: string;
const open: OutcomeMemory[] = [];
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-domains-'));
});
afterEach(async () => {
  for (const memory of open.splice(0)) await memory.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function memoryOf(account: string): Promise<OutcomeMemory> {
  const memory = await openOutcomeMemory(dataDir, { account });
  open.push(memory);
  return memory;
}

const knowing = (facts: DomainFacts, table = tableOf(undefined)): Knowledge => ({
  domain: (d) => facts.domain(d),
  provider: (c) => facts.provider(c),
  table,
});

describe('the facts learned of domains', () => {
  it('are kept per account, with the provider named last and each date', async () => {
    const a = await memoryOf('key-a');
    await a.facts.learn([{ domain: 'acme.example', provider: 'gmail' }], NOW - DAY);
    await a.facts.learn(
      [
        { domain: 'acme.example', provider: 'outlook' },
        { domain: 'acme.example', covered: true },
      ],
      NOW,
    );
    expect(a.facts.domain('acme.example')).toEqual({
      provider: 'outlook',
      providerAt: NOW,
      coveredAt: NOW,
      outsideAt: 0,
      refusedAt: 0,
    });
    // Its provider is known: what the avatar check said is the provider's too.
    expect(a.facts.provider('outlook')).toEqual({ coveredAt: NOW, outsideAt: 0 });
    const b = await memoryOf('key-b');
    expect(b.facts.domain('acme.example')).toBeNull();
  });

  it('are forgotten with the account’s answers, and pruned when a year old', async () => {
    const memory = await memoryOf('key-a');
    await memory.facts.learn([{ domain: 'old.example', provider: 'other' }], NOW - 400 * DAY);
    await memory.facts.learn([{ domain: 'new.example', provider: 'other' }], NOW);
    await memory.forget(365);
    expect(memory.facts.domain('old.example')).toBeNull();
    expect(memory.facts.domain('new.example')?.provider).toBe('other');
    await memory.clear();
    expect(memory.facts.domain('new.example')).toBeNull();
  });
});

describe('the coverage rule', () => {
  it('takes the interface’s codes as they are, and the demo’s table for its domains', async () => {
    const memory = await memoryOf('demo');
    const known = knowing(memory.facts, tableOf(sandboxProviderDomains));
    expect(coverageOf('gmail.com', known)).toBe('covered');
    expect(coverageOf('mail.ru', known)).toBe('covered');
    expect(coverageOf('yandex.ru', known)).toBe('covered');
    expect(coverageOf('outlook.com', known)).toBe('outside');
    expect(coverageOf('yahoo.com', known)).toBe('outside');
    expect(coverageOf('naver.com', known)).toBe('unknown');
    await memory.facts.learn([{ domain: 'naver.com', provider: 'other' }], NOW);
    expect(coverageOf('naver.com', known)).toBe('outside');
  });

  it('learns a real service’s codes from what the avatar check answered, covered winning', async () => {
    const memory = await memoryOf('key-a');
    const known = knowing(memory.facts);
    await memory.facts.learn(
      [
        { domain: 'gmail.com', provider: 'gmail' },
        { domain: 'acme.example', provider: 'gmail' },
        { domain: 'hotmail.com', provider: 'outlook' },
      ],
      NOW - 10,
    );
    expect(coverageOf('acme.example', known)).toBe('unknown');
    // A result at gmail.com: the provider is covered, at every domain it serves.
    await memory.facts.learn([{ domain: 'gmail.com', covered: true }], NOW - 5);
    expect(coverageOf('acme.example', known)).toBe('covered');
    // No result for a deliverable address at a covered provider is one missed answer, not a rule.
    await memory.facts.learn([{ domain: 'acme.example', outside: true }], NOW);
    expect(coverageOf('acme.example', known)).toBe('covered');
    await memory.facts.learn([{ domain: 'hotmail.com', outside: true }], NOW);
    expect(coverageOf('hotmail.com', known)).toBe('outside');
    // A domain no provider is known for: what was seen there.
    await memory.facts.learn([{ domain: 'startup.example', covered: true }], NOW);
    expect(coverageOf('startup.example', known)).toBe('covered');
  });

  it('puts a refusal newer than what was kept of a domain over it', async () => {
    const memory = await memoryOf('key-a');
    const known = knowing(memory.facts, tableOf(sandboxProviderDomains));
    await memory.facts.learn([{ domain: 'outlook.com', provider: 'provider_code_1' }], NOW - 10);
    expect(coverageOf('outlook.com', known)).toBe('covered');
    await memory.facts.learn([{ domain: 'outlook.com', refused: true }], NOW);
    expect(coverageOf('outlook.com', known)).toBe('outside');
    // Only the domain: its provider as kept is not blamed for it.
    expect(memory.facts.provider('provider_code_1')).toBeNull();
    // An email answer after the refusal names the provider anew.
    await memory.facts.learn([{ domain: 'outlook.com', provider: 'provider_code_1' }], NOW + 5);
    expect(coverageOf('outlook.com', known)).toBe('covered');
  });
});
