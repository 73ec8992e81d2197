// --keep and --domain as the core's choice of rows, and what a `clean` kept
// before --keep took a list still means the same when `resume` finishes it.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../electron/cli/args/args';
import { loadExportIntent } from '../../../../electron/jobs/results/intent';
import { parseKeep } from '../../../../electron/cli/args/keep';
import { openJobStore } from '../../../../electron/jobs/storage/store';

describe('--keep and --domain', () => {
  it('keeps a single panel choice as it is', () => {
    expect(parseKeep(undefined)).toBe('all');
    expect(parseKeep('deliverable')).toBe('deliverable');
    expect(parseKeep('not-deliverable')).toBe('not-deliverable');
  });

  it('makes anything else a filter: outcomes, providers, findings and domains', () => {
    expect(
      parseKeep(
        'undeliverable, unknown,provider:gmail,finding:role,finding:reused',
        'Gmail.com,@acme.example',
      ),
    ).toEqual({
      outcomes: ['undeliverable', 'unknown'],
      providers: ['gmail'],
      domains: ['gmail.com', 'acme.example'],
      findings: ['role', 'reused'],
      risks: [],
    });
    expect(parseKeep('not-deliverable,deliverable')).toMatchObject({
      outcomes: [
        'undeliverable',
        'unknown',
        'invalid',
        'duplicate',
        'disposable',
        'role',
        'not_covered',
        'suppressed',
        'blocked',
        'deliverable',
      ],
    });
    // "all" asks nothing of the outcome; a domain alone filters by domain only.
    expect(parseKeep('all,unknown', 'x.org')).toEqual({
      outcomes: [],
      providers: [],
      domains: ['x.org'],
      findings: [],
      risks: [],
    });
  });

  it('keeps rows by risk: low, low and medium, or with an outcome', () => {
    expect(parseKeep('low')).toMatchObject({ outcomes: [], risks: ['low'] });
    expect(parseKeep('low,medium,risk:low')).toMatchObject({ risks: ['low', 'medium'] });
    expect(parseKeep('deliverable,low')).toMatchObject({
      outcomes: ['deliverable'],
      risks: ['low'],
    });
    expect(() => parseKeep('risk:lowest')).toThrow(/risks \(low, medium, high\)/);
  });

  it('names the value it cannot read', () => {
    expect(() => parseKeep('deliverable,spam')).toThrow(UsageError);
    expect(() => parseKeep('finding:')).toThrow(/not "finding:"/);
    expect(() => parseKeep('provider:')).toThrow(/not "provider:"/);
    expect(() => parseKeep(undefined, 'gmail com')).toThrow(/--domain .*not "gmail com"/);
  });

  it('reads what a clean kept before: "undeliverable" then meant every row not deliverable', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-keep-'));
    const dir = openJobStore(dataDir).paths('job-old').dir;
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'cli-export.json'),
      JSON.stringify({ out: '/tmp/x.csv', keep: 'undeliverable', bom: false }),
    );
    expect(await loadExportIntent(dataDir, 'job-old')).toMatchObject({
      keep: 'not-deliverable',
      domain: '',
      format: 'csv',
    });
  });
});
