// What the import's worker does beside writing the address file, when asked:
// the free checks of each unique address, agreeing with the checks of the
// written file, and the domains handed over while the file is still being
// read, so the DNS starts before the import ends; and the user's rules,
// decided once the list is whole, while the caller reads the memory.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JudgedFindings } from '../../../../electron/lists/judge/findings-judge';
import { runFreeChecks } from '../../../../electron/lists/judge/free-checks';
import { importList } from '../../../../electron/lists/read/read';
import { ruleIn } from '../../../../electron/lists/judge/withheld';
import { compileRules } from '../../../../electron/rules/match';
import { parseRule } from '../../../../electron/rules/parse';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-import-worker-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const DOMAINS = ['gmail.com', 'gmial.com', 'mailinator.com', 'acme.test', 'yopmail.com'];

describe('the import worker', () => {
  it('judges every unique address as the file checks do, and hands the domains over while reading', async () => {
    // Some 40,000 rows: many batches of cells, each bringing new domains.
    const rows = ['email,name'];
    for (let i = 0; i < 40_000; i++) {
      const local = i % 97 === 0 ? 'info' : `person${i}`;
      const domain = i % 10 === 0 ? `company${i}.test` : DOMAINS[i % DOMAINS.length];
      rows.push(`${local}@${domain},Name ${i}`, i % 50 === 0 ? `${local}@${domain},again` : '');
    }
    const csv = join(dir, 'list.csv');
    await writeFile(csv, `${rows.filter((r) => r !== '').join('\n')}\n`);
    const told: string[][] = [];
    let judged: JudgedFindings | undefined;
    const list = await importList(csv, {
      workDir: dir,
      findings: {
        onDomains: (domains) => told.push(domains),
        onFindings: (given) => {
          // The domains came before the list was read to its end.
          expect(told.length).toBeGreaterThan(1);
          judged = given;
        },
      },
    });
    const found = judged as JudgedFindings;
    expect(found.flags.length).toBe(list.counts.unique);
    const fromFile = await runFreeChecks(list.addressesPath, { dir, dns: false });
    expect(Buffer.from(found.flags)).toEqual(await readFile(fromFile.findingsPath));
    expect(found.suggestions).toEqual(JSON.parse(await readFile(fromFile.suggestionsPath, 'utf8')));
    expect(found.kept).toEqual(fromFile.suggestions);
    expect(found.stats).toEqual({
      role: fromFile.role,
      disposable: fromFile.disposable,
      free: fromFile.free,
      typo: fromFile.typo,
    });
    // Every domain is told once, in the order met; those of the last batch come with the findings.
    const toldDomains = told.flat();
    expect(new Set(toldDomains).size).toBe(toldDomains.length);
    expect(found.domains.slice(0, toldDomains.length)).toEqual(toldDomains);
    expect(found.domains).toHaveLength(fromFile.domains);
    expect(found.stats.role).toBeGreaterThan(0);
    expect(found.stats.typo).toBeGreaterThan(0);
  });

  it('decides each address by the rules once the list is read, repeats past its table too', async () => {
    const rows = ['email'];
    for (let i = 0; i < 3_000; i++) {
      rows.push(i % 3 === 0 ? `sales${i}@rival.test` : `person${i}@acme.test`);
      if (i % 7 === 0) rows.push(`person${i}@acme.test`);
    }
    const csv = join(dir, 'ruled.csv');
    await writeFile(csv, `${rows.join('\n')}\n`);
    const rules = [parseRule('rival.test', 'block'), parseRule('person5@acme.test', 'block')];
    let ruled: Promise<Uint32Array> | undefined;
    const list = await importList(csv, {
      workDir: dir,
      // A small table: most repeats are found on disk after the reading.
      uniqueInMemory: 500,
      withheld: { rules, onWithheld: (codes) => (ruled = codes) },
    });
    const codes = await (ruled as Promise<Uint32Array>);
    expect(codes).toHaveLength(list.counts.unique);
    const lines = (await readFile(list.addressesPath, 'utf8')).split('\n').slice(0, -1);
    const matcher = compileRules(rules);
    expect([...codes].map(ruleIn)).toEqual(lines.map((a) => matcher.decide(a)));
    expect([...codes].filter((c) => ruleIn(c) === 0)).toHaveLength(1_000);
  });
});
