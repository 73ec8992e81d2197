// The rules' judge of a list's address file: each address's rule in line
// order, as the withheld code the suppression list's reasons then join; an
// address outside ASCII is read as UTF-8, and a file of another length than
// the list's is refused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rulesOfAddressFile } from '../../../../electron/lists/judge/withheld-judge';
import {
  joinCodes,
  reasonIn,
  ruleIn,
  withheldCode,
  withheldFlags,
} from '../../../../electron/lists/judge/withheld';
import { parseRule } from '../../../../electron/rules/parse';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function addressFile(addresses: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-judge-'));
  dirs.push(dir);
  const path = join(dir, 'addresses.txt');
  await writeFile(path, addresses.map((a) => `${a}\n`).join(''));
  return path;
}

describe('the withheld judge', () => {
  it('gives each line of the address file the rule that decides it, in order', async () => {
    const addresses = Array.from({ length: 10 }, (_, i) =>
      i % 3 === 0 ? `person${i}@acme.test` : `person${i}@rival.test`,
    );
    const rules = [parseRule('*@rival.test', 'block'), parseRule('person4@rival.test', 'allow')];
    const codes = await rulesOfAddressFile(await addressFile(addresses), rules, addresses.length);
    expect(codes).toHaveLength(10);
    expect([...codes].map((c) => ruleIn(c))).toEqual(
      addresses.map((a) => (a === 'person4@rival.test' ? 1 : a.endsWith('@rival.test') ? 0 : -1)),
    );
    expect([...codes].every((c) => reasonIn(c) === null)).toBe(true);
    expect(withheldFlags(codes[4] as number, rules)).toBe('allowed_by:person4@rival.test');
    expect(withheldFlags(codes[1] as number, rules)).toBe('blocked_by:*@rival.test');
    expect(withheldFlags(codes[0] as number, rules)).toBe('');
  });

  it('reads a file past its first chunk, and addresses outside ASCII as they are', async () => {
    // Some 1.5 MB: the judge reads a megabyte at a time.
    const addresses = Array.from({ length: 60_000 }, (_, i) =>
      i === 59_999 ? 'jürgen@müller.test' : `someone.with.a.long.name${i}@example.test`,
    );
    const rules = [
      parseRule('müller.test', 'block'),
      parseRule('someone.with.a.long.name7@example.test', 'block'),
    ];
    const codes = await rulesOfAddressFile(await addressFile(addresses), rules, addresses.length);
    expect(ruleIn(codes[59_999] as number)).toBe(0);
    expect(ruleIn(codes[7] as number)).toBe(1);
    expect([...codes].filter((c) => c !== 0)).toHaveLength(2);
  });

  it('refuses an address file that is not the list counted', async () => {
    const path = await addressFile(['a@example.test', 'b@example.test']);
    await expect(rulesOfAddressFile(path, [parseRule('example.test', 'block')], 3)).rejects.toThrow(
      /holds 2 addresses where 3 were counted/,
    );
  });

  it('joins the rules to the reasons without either losing its part', () => {
    const reasons = Uint32Array.from([0, withheldCode(2, -1), withheldCode(1, -1), 0]);
    const rules = Uint32Array.from([withheldCode(0, 3), withheldCode(0, 0), 0, 0]);
    joinCodes(reasons, rules);
    expect([...reasons].map(ruleIn)).toEqual([3, 0, -1, -1]);
    expect([...reasons].map(reasonIn)).toEqual([null, 'soft_bounce', 'hard_bounce', null]);
  });
});
