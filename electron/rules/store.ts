// PLACEHOLDER until the rules branch lands (same exports).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ruleSchema, type Rule } from './types';
export async function readRules(dataDir: string): Promise<Rule[]> {
  try {
    return z
      .object({ rules: z.array(ruleSchema) })
      .parse(JSON.parse(await readFile(join(dataDir, 'rules.json'), 'utf8'))).rules;
  } catch {
    return [];
  }
}
import { writeFile } from 'node:fs/promises';
export async function addRules(
  dataDir: string,
  texts: string[],
  action: 'allow' | 'block',
): Promise<void> {
  const rules = await readRules(dataDir);
  for (const value of texts) {
    rules.push({
      id: String(rules.length + 1),
      action,
      kind: value.includes('*') ? 'pattern' : value.includes('@') ? 'address' : 'domain',
      value,
      addedAt: new Date().toISOString(),
    });
  }
  await writeFile(join(dataDir, 'rules.json'), JSON.stringify({ rules }));
}
