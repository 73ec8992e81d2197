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
