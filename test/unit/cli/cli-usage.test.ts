// `list-cleaner` misused: --help says how to use it (the cost flags and the
// exit codes too), and a usage mistake is one line and exit code 2, nothing
// sent.
import { describe, expect, it } from 'vitest';
import { cli } from '../jobs/support';

describe('usage mistakes (exit code 2)', () => {
  const env = { LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9', LIST_CLEANER_API_KEY: 'sk_test_x' };

  it('--help prints the usage and succeeds', async () => {
    const result = await cli(['--help'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: list-cleaner <command> \[options\]/);
    expect(result.stdout).toMatch(/clean <file> \[options\]/);
  });

  it('--help names the cost flags and what exit code 3 means', async () => {
    const { stdout } = await cli(['--help'], env);
    expect(stdout).toMatch(
      /--skip <kinds>\|none +Don't pay for these \(comma-separated\): disposable,/,
    );
    expect(stdout).toMatch(/no-mail-server, role \(default: disposable,no-mail-server\)/);
    expect(stdout).toMatch(
      /--reuse-days <N> +Reuse answers paid for in the last N days, free; 0: never/,
    );
    expect(stdout).toMatch(/--max-spend <USD>\|none +The most this job may spend/);
    expect(stdout).toMatch(
      /--confirm-over-limit +Start even though the estimate is over --max-spend/,
    );
    expect(stdout).toMatch(/--flags +Add email_flags/);
    expect(stdout).toMatch(/With <id>: a new limit for a job stopped at its own/);
    expect(stdout).toMatch(
      /Exit codes: 0 done, 1 failed .*, 2 a usage mistake, 3 the spending\nlimit/,
    );
  });

  it('no command prints the usage and exits 2', async () => {
    const result = await cli([], env);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^Usage:/);
  });

  it.each([
    [['frob'], /unknown command "frob"/],
    [['balance', '--frob'], /Unknown option '--frob'/],
    [['clean'], /clean needs a file/],
    [['check'], /check needs an address/],
    [['clean', 'x.csv', '--keep', 'some'], /--keep takes outcomes .*: not "some"/],
    [['clean', 'x.csv', '--keep', 'finding:spam'], /--keep takes outcomes .*: not "finding:spam"/],
    [
      ['clean', 'x.csv', '--domain', 'not a domain'],
      /--domain takes domains .*: not "not a domain"/,
    ],
    [['clean', 'x.csv', '--product', 'sms'], /--product takes email or avatar/],
    [['clean', 'x.csv', '--column', '0'], /--column counts from 1/],
  ])('%j: one line, exit 2, nothing sent', async (args, message) => {
    const result = await cli(args, env);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^list-cleaner: /);
    expect(lines[0]).toMatch(message);
    expect(lines[0]).toMatch(/See list-cleaner --help\.$/);
  });
});
