// The free checks on the command line: `list-cleaner clean` says in one line,
// with the counts it prints before starting, what they found (the first likely
// typos named with the address probably meant), and whether the DNS could be
// used. The lines it printed before stay as they were.
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeFindings } from '../../../../electron/cli/output/output';
import type { ListFindings } from '../../../../electron/lists/types';
import { cli, setup } from '../../jobs/support';

const FIXTURE = fileURLToPath(
  new URL('../../../fixtures/free-checks/findings.csv', import.meta.url),
);

const findings = (more: Partial<ListFindings> = {}): ListFindings => ({
  role: 5,
  disposable: 12,
  free: 40,
  typo: 3,
  noMail: 2,
  domains: 30,
  domainsUnknown: 1,
  dns: 'checked',
  suggestions: [
    { index: 0, address: 'jane@gmial.com', suggestion: 'jane@gmail.com' },
    { index: 4, address: 'bob@hotmial.com', suggestion: 'bob@hotmail.com' },
  ],
  findingsPath: 'findings.bin',
  suggestionsPath: 'suggestions.json',
  ...more,
});

describe('the free checks line', () => {
  it('names each kind found, and the typos with the address probably meant', () => {
    expect(describeFindings(findings())).toBe(
      'Free checks: 12 disposable, 5 role, 3 possible typos (jane@gmial.com → jane@gmail.com, ' +
        'bob@hotmial.com → bob@hotmail.com, …), 2 at domains with no mail server, 40 free webmail.',
    );
  });

  it('leaves out what was not found, and says when the DNS could not be used', () => {
    expect(
      describeFindings(
        findings({ role: 0, disposable: 0, free: 0, typo: 0, noMail: 0, suggestions: [] }),
      ),
    ).toBe('Free checks: nothing found.');
    expect(
      describeFindings(
        findings({
          role: 1,
          disposable: 0,
          free: 0,
          typo: 0,
          noMail: 0,
          suggestions: [],
          dns: 'unavailable',
        }),
      ),
    ).toBe(
      'Free checks: 1 role; mail servers could not be checked on this network, so these addresses are sent as usual.',
    );
  });

  it('is printed by clean before it starts, after the lines it printed before', async () => {
    const b = await setup();
    const file = join(b.dir, 'signups.csv');
    await copyFile(FIXTURE, file);
    const result = await cli(['clean', file], b.env());
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr.split('\n');
    const counts = lines.findIndex((l) =>
      l.startsWith(
        'signups.csv: 11 rows; address column "email"; 9 to check, 1 invalid, 0 empty, 1 repeats (removed for free).',
      ),
    );
    expect(counts).toBeGreaterThanOrEqual(0);
    // The counts of disposable, role and typos do not depend on this machine's DNS.
    expect(lines[counts + 1]).toMatch(
      /^Free checks: 4 disposable, 2 role, 2 possible typos \(jane@gmial\.com → jane@gmail\.com, bob@hotmial\.com → bob@hotmail\.com\), /,
    );
  });

  it('writes the address probably meant beside the likely typos in the cleaned file', async () => {
    const b = await setup();
    const file = join(b.dir, 'signups.csv');
    await copyFile(FIXTURE, file);
    const result = await cli(['clean', file, '--keep', 'all'], b.env());
    expect(result.code, result.stderr).toBe(0);
    const rows = (await readFile(join(b.dir, 'signups.cleaned.csv'), 'utf8'))
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    expect(rows[0]).toEqual([
      'name',
      'email',
      'email_status',
      'email_provider',
      'email_suggestion',
    ]);
    const jane = rows.find((r) => r[0] === 'Jane');
    expect(jane?.[1]).toBe('jane@gmial.com');
    expect(jane?.at(-1)).toBe('jane@gmail.com');
    expect(rows.find((r) => r[0] === 'Ann')?.at(-1)).toBe('');
  });
});
