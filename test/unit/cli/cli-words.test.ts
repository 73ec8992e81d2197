// What the real `list-cleaner` prints (a child process, stdout and stderr as
// pipes): a condition the app handles is one line, never a stack trace; every
// line ends with a newline, and all of it is out before the process exits.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addresses, cli, downloads, setup, startCli, waitFor, writeList } from '../jobs/support';

const STACK_LINE = /^\s+at /m;

describe('list-cleaner on stderr', () => {
  it('an expired result link during clean is one warning line, with no stack trace', async () => {
    // The first link handed out is already expired; the fresh one works.
    const b = await setup({ config: { resultLinkTtlMs: -60_000 } });
    const file = await writeList(
      b,
      'list.csv',
      addresses(1_000, (i) => `user${i}@example.com`),
    );
    const run = startCli(['clean', file], b.env());
    await waitFor('the first download', () => downloads(b).length > 0);
    b.sandbox.config.resultLinkTtlMs = 600_000;
    const { code } = await run.exited;
    expect(code, run.stderr()).toBe(0);
    expect(downloads(b).map((r) => r.status)).toEqual([403, 200]);

    const stderr = run.stderr();
    expect(stderr).not.toMatch(STACK_LINE);
    const warnings = stderr.split('\n').filter((l) => l.includes('warn'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^\[list-cleaner\] warn: jobs: the result of task \w+ is fetched again: The link to the results has expired\./,
    );
    expect(stderr.endsWith('\n')).toBe(true);
    expect(run.stdout().endsWith('\n')).toBe(true);
  });

  it('a warning about an unreadable job is one line, however the error was thrown', async () => {
    const b = await setup();
    const damaged = join(b.dataDir, 'jobs', '20260101000000-abcdef');
    await mkdir(damaged, { recursive: true });
    await writeFile(join(damaged, 'job.json'), '{ not json');
    const result = await cli(['jobs'], b.env());
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.stderr).toMatch(/could not be read and is left as it is/);
    expect(result.stderr.endsWith('\n')).toBe(true);
  });
});

describe('list-cleaner on stdout', () => {
  it('--help ends with a newline', async () => {
    const result = await cli(['--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: list-cleaner <command> \[options\]\n/);
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.endsWith('\n\n')).toBe(false);
  });
});
