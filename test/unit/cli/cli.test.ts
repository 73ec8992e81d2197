// `list-cleaner` as a user runs it: a child process, configured by the
// environment, against the sandbox over real HTTP. What it prints, what it
// writes, and its exit codes: 0 done, 1 a failure in one clear line, 2 a usage
// mistake.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { avatarUrlFor } from '../../../electron/sandbox/outcomes';
import { memoryAccountOf } from '../../../electron/lib/account-name';
import { openOutcomeMemory } from '../../../electron/memory/outcome-memory';
import {
  API,
  addresses,
  cli,
  failureLines,
  jobsOnDisk,
  requestsTo,
  setup,
  writeList,
  type Bench,
} from '../jobs/support';

/** A list with every kind of row: 6 deliverable, 3 undeliverable, 1 undetermined, and free ones. */
async function mixedList(b: Bench, name = 'contacts.csv'): Promise<string> {
  const rows = [
    'email,name',
    'deliverable+1@gmail.com,Ann',
    'deliverable+2@outlook.com,Bob',
    'undeliverable+1@gmail.com,Cid',
    'not an address,Dee',
    ',Eve',
    'deliverable+3@yahoo.com,Fay',
    'DELIVERABLE+1@gmail.com,Ann again',
    'undetermined+1@example.com,Gus',
    'deliverable+4@example.com,Hal',
    'undeliverable+2@example.com,Ivy',
    'deliverable+5@mail.ru,Jon',
    'undeliverable+3@yandex.ru,Kim',
    'deliverable+6@icloud.com,Lou',
  ];
  const path = join(b.dir, name);
  await writeFile(path, `${rows.join('\n')}\n`);
  return path;
}

/** The email_status of every row `clean --keep <keep>` of the mixed list saved. */
async function keptStatuses(b: Bench, keep: string): Promise<string[]> {
  const out = join(b.dir, `kept-${keep}.csv`);
  const result = await cli(['clean', await mixedList(b), '--keep', keep, '--out', out], b.env());
  expect(result.code, result.stderr).toBe(0);
  return (await readFile(out, 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((r) => r.split(',')[2] ?? '');
}

const SUMMARY_KEYS = [
  'rows',
  'unique',
  'invalid',
  'empty',
  'duplicates',
  'deliverable',
  'undeliverable',
  'unknown',
  'disposable',
  'role',
  'not_covered',
  'suppressed',
  'blocked',
  'no_mail_server',
  'reused',
  'reused_from_vendors',
  'paid',
  'paid_as_email',
  'charged_micros',
  'limit_micros',
  'grade',
  'may_be_charged_twice',
  'out',
];

describe('balance', () => {
  it('prints the balance in USD, or as JSON', async () => {
    const b = await setup({ balanceMicros: 12_345_678 });
    await expect(cli(['balance'], b.env())).resolves.toEqual({
      code: 0,
      stdout: '$12.345678\n',
      stderr: '',
    });
    const json = await cli(['balance', '--json'], b.env());
    expect(JSON.parse(json.stdout)).toEqual({ balance_micros: 12_345_678 });
  });

  it('fails in one line when the key is refused, and never prints the key', async () => {
    const b = await setup();
    const result = await cli(['balance'], { ...b.env(), LIST_CLEANER_API_KEY: 'sk_test_wrong' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^list-cleaner: The service did not accept this API key\./);
    expect(result.stderr).not.toContain('sk_test_wrong');
  });

  it('fails in one line when the service cannot be reached', async () => {
    const b = await setup();
    const closed = await setup();
    const url = closed.sandbox.url;
    await closed.sandbox.stop();
    const result = await cli(['balance'], { ...b.env(), LIST_CLEANER_BASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^list-cleaner: List Cleaner could not reach/);
  });

  it('runs against its own sandbox with --demo', async () => {
    const b = await setup();
    const result = await cli(['balance', '--demo'], { LIST_CLEANER_DATA_DIR: b.dataDir });
    expect(result).toMatchObject({ code: 0, stdout: '$25.00\n' });
  });
});

describe('check', () => {
  it('checks one address and prints its outcome', async () => {
    const b = await setup();
    const result = await cli(['check', ' Deliverable@Gmail.com '], b.env());
    expect(result).toMatchObject({
      code: 0,
      stdout: 'deliverable@gmail.com: deliverable (provider Gmail)\n',
    });
    b.chargedOutsideJobs += 1_000;
    expect(requestsTo(b, API.single)).toHaveLength(1);
  });

  it('prints an avatar check as JSON', async () => {
    const b = await setup();
    const result = await cli(['check', 'avatar@gmail.com', '--avatar', '--json'], b.env());
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      address: 'avatar@gmail.com',
      status: 'deliverable',
      provider: null,
      avatar: true,
      avatar_url: avatarUrlFor('avatar@gmail.com'),
    });
    b.chargedOutsideJobs += 3_000;
  });

  it('says unknown for an undetermined address, free of charge', async () => {
    const b = await setup();
    const result = await cli(['check', 'undetermined@gmail.com'], b.env());
    expect(result).toMatchObject({ code: 0, stdout: 'undetermined@gmail.com: unknown\n' });
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });

  it('refuses what is not an address without sending it', async () => {
    const b = await setup();
    const result = await cli(['check', 'jane at example'], b.env());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'list-cleaner: jane at example is not an email address; nothing was sent.\n',
    );
    expect(b.sandbox.requests).toHaveLength(0);
  });
});

describe('clean', () => {
  it('--json prints one object with the counts, the charge and where the file went', async () => {
    const b = await setup();
    const file = await mixedList(b);
    const result = await cli(['clean', file, '--json'], b.env());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    // The keys the issue names, plus the job's id, the rows written, when its unknowns are asked
    // again and the hard bounces to expect of the rows saved.
    expect(Object.keys(summary).sort()).toEqual(
      [...SUMMARY_KEYS, 'job', 'rows_written', 'ask_again', 'expected_bounce'].sort(),
    );
    const out = join(b.dir, 'contacts.cleaned.csv');
    expect(summary).toEqual({
      job: expect.stringMatching(/^[0-9]{14}-[0-9a-f]{6}$/) as unknown,
      rows: 13,
      unique: 10,
      invalid: 1,
      empty: 1,
      duplicates: 1,
      deliverable: 6,
      undeliverable: 3,
      unknown: 1,
      disposable: 0,
      role: 0,
      not_covered: 0,
      suppressed: 0,
      blocked: 0,
      no_mail_server: 0,
      reused: 0,
      reused_from_vendors: 0,
      paid: 9,
      paid_as_email: 0,
      charged_micros: 9_000,
      limit_micros: null,
      // 100 × (6 + ½ × 1) ÷ 12 (invalid and empty cells counted, the repeat not): cli-grade.test.ts.
      grade: { score: 54, letter: 'D' },
      // Nothing was lost on the way nor in flight at a kill: nothing may have been charged twice.
      may_be_charged_twice: {
        addresses: 0,
        up_to_micros: 0,
        in_flight_at_stop: 0,
        lost_on_the_way: 0,
        stops: 0,
      },
      out,
      rows_written: 13,
      // The unknown one is asked again later, free, on the default schedule.
      ask_again: {
        asked: 1,
        ended: null,
        left: 1,
        next_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        resolved: { deliverable: 0, undeliverable: 0 },
        round: 0,
      },
      // Every row is saved (a report, not judged against the limit): 6 deliverable (0.2–1%),
      // 3 undeliverable (50–100%), 1 unknown (5–30%); the invalid row and the repeat are not sent.
      expected_bounce: expect.objectContaining({
        rows: 10,
        low: 15.6,
        high: 33.6,
        limit: null,
        over: false,
      }) as unknown,
    });
    expect(b.sandbox.ledger.spent(b.key)).toBe(9_000);
    const written = (await readFile(out, 'utf8')).split('\n');
    expect(written[0]).toBe('email,name,email_status,email_provider');
    expect(written[1]).toBe('deliverable+1@gmail.com,Ann,deliverable,provider_code_1');
    expect(written[4]).toBe('not an address,Dee,invalid,');
    expect(written[7]).toBe('DELIVERABLE+1@gmail.com,Ann again,duplicate,provider_code_1');
    // Progress and the plan went to stderr.
    expect(result.stderr).toMatch(/13 rows; address column "email"; 10 to check/);
    // The input is never touched.
    expect(await readFile(file, 'utf8')).toMatch(/^email,name\ndeliverable\+1@gmail\.com,Ann\n/);
  });

  it('prints a summary and the saved file without --json', async () => {
    const b = await setup();
    const result = await cli(['clean', await mixedList(b)], b.env());
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'contacts.csv [email]: done: 6 deliverable, 3 undeliverable, 1 unknown; charged $0.009',
      'List quality: D, 54 of 100 (poor). Sending to the 6 deliverable addresses only is safe; sending to all 12, 5 would bounce (41.7%: the undeliverable and invalid ones), and the unknown one may bounce too.',
      'Score = 100 × (6 deliverable + half of 1 unknown) ÷ 12 addresses (deliverable, undeliverable, unknown, invalid and disposable), rounded down. Repeats and role addresses are left out: a repeat is not a bad address, and a role address is your choice.',
    ]);
    // The file is written at once; the unknown one is asked again later, free.
    expect(lines[3]).toMatch(/^1 unknown: asking again at \d\d:\d\d(:\d\d)? \(ask 1 of 3, free\)$/);
    expect(lines.slice(4)).toEqual([
      `Saved 13 of 13 rows to ${join(b.dir, 'contacts.cleaned.csv')}`,
      '',
    ]);
  });

  it('--keep with outcomes and --domain writes the rows that pass both, as the window filters them', async () => {
    const b = await setup();
    const out = join(b.dir, 'slice.csv');
    const result = await cli(
      [
        'clean',
        await mixedList(b),
        '--keep',
        'undeliverable,unknown,duplicate',
        '--domain',
        'GMAIL.com,example.com',
        '--out',
        out,
      ],
      b.env(),
    );
    expect(result.code, result.stderr).toBe(0);
    const rows = (await readFile(out, 'utf8')).trim().split('\n').slice(1);
    // Outcome any of the three, and at one of the two domains: the repeat of
    // deliverable+1@gmail.com, undeliverable+1@gmail.com, and example.com's two.
    expect(rows.map((r) => r.split(',').slice(0, 3).join(',')).sort()).toEqual(
      [
        'undeliverable+1@gmail.com,Cid,undeliverable',
        'DELIVERABLE+1@gmail.com,Ann again,duplicate',
        'undetermined+1@example.com,Gus,unknown',
        'undeliverable+2@example.com,Ivy,undeliverable',
      ].sort(),
    );
    expect(result.stdout).toContain(`Saved 4 of 13 rows to ${out}`);
  });

  it('--keep undeliverable writes the undeliverable rows alone', async () => {
    const b = await setup();
    expect(await keptStatuses(b, 'undeliverable')).toEqual([
      'undeliverable',
      'undeliverable',
      'undeliverable',
    ]);
  });

  it('--keep deliverable --out --bom writes only the deliverable rows where asked', async () => {
    const b = await setup();
    const out = join(b.dir, 'keep.csv');
    const result = await cli(
      ['clean', await mixedList(b), '--keep', 'deliverable', '--out', out, '--bom', '--json'],
      b.env(),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ out, rows_written: 6, deliverable: 6 });
    const text = await readFile(out, 'utf8');
    expect(text.startsWith('\uFEFFemail,name,email_status,email_provider\n')).toBe(true);
    const rows = text.trim().split('\n').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.includes(',deliverable,'))).toBe(true);
  });

  it('--keep not-deliverable writes every row that is not deliverable', async () => {
    const b = await setup();
    const statuses = await keptStatuses(b, 'not-deliverable');
    expect(statuses.sort()).toEqual(
      [
        'undeliverable',
        'undeliverable',
        'undeliverable',
        'invalid',
        'invalid',
        'duplicate',
        'unknown',
      ].sort(),
    );
  });

  it('--column picks another address column, by name or by position from 1', async () => {
    const b = await setup();
    const file = join(b.dir, 'two.csv');
    const rows = addresses(
      20,
      (i) => `deliverable+${i}@example.com,Person ${i},undeliverable+${i}@example.com`,
    );
    await writeFile(file, `email,name,backup\n${rows.join('\n')}\n`);
    const byDefault = await cli(['clean', file, '--json'], b.env());
    expect(JSON.parse(byDefault.stdout)).toMatchObject({ deliverable: 20, undeliverable: 0 });
    const byName = await cli(
      ['clean', file, '--column', 'backup', '--out', join(b.dir, 'n.csv'), '--json'],
      b.env(),
    );
    expect(byName.code, byName.stderr).toBe(0);
    expect(JSON.parse(byName.stdout)).toMatchObject({ deliverable: 0, undeliverable: 20 });
    expect(byName.stderr).toMatch(/address column "backup"/);
    const byIndex = await cli(
      ['clean', file, '--column', '3', '--out', join(b.dir, 'i.csv'), '--json'],
      b.env(),
    );
    expect(JSON.parse(byIndex.stdout)).toMatchObject({ deliverable: 0, undeliverable: 20 });
    // The second and third runs were all undeliverable, but still charged: one result each.
  });

  it('--column that is not there fails in one line naming the user’s file and its columns', async () => {
    const b = await setup();
    const file = await mixedList(b);
    const byName = await cli(['clean', file, '--column', 'phone'], b.env());
    expect(byName.code).toBe(1);
    expect(failureLines(byName.stderr)).toEqual([
      'list-cleaner: contacts.csv has no column "phone". Its columns are: email, name.',
    ]);
    // Positions count from 1 on the command line, in the message too.
    const byIndex = await cli(['clean', file, '--column', '3'], b.env());
    expect(byIndex.code).toBe(1);
    expect(failureLines(byIndex.stderr)).toEqual([
      'list-cleaner: contacts.csv has no column 3. Its columns are: email, name.',
    ]);
    expect(await jobsOnDisk(b.dataDir)).toEqual([]);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });

  it('--product avatar appends the avatar columns', async () => {
    const b = await setup();
    const file = await writeList(b, 'people.csv', ['avatar@gmail.com', 'noavatar@mail.ru']);
    const result = await cli(['clean', file, '--product', 'avatar', '--json'], b.env());
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ deliverable: 2, charged_micros: 6_000 });
    const text = await readFile(join(b.dir, 'people.cleaned.csv'), 'utf8');
    expect(text.split('\n').slice(0, 3)).toEqual([
      'email,name,email_status,email_avatar,email_avatar_url',
      `avatar@gmail.com,row 1,deliverable,true,${avatarUrlFor('avatar@gmail.com')}`,
      'noavatar@mail.ru,row 2,deliverable,false,',
    ]);
  });

  it('a list with nothing to check is written as it is, for free', async () => {
    const b = await setup();
    const file = join(b.dir, 'bad.csv');
    await writeFile(file, 'email,name\nnope,A\n,B\n');
    const result = await cli(['clean', file, '--json'], b.env());
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ unique: 0, invalid: 1, empty: 1 });
    expect(b.sandbox.requests.filter((r) => r.path !== API.balance)).toHaveLength(0);
  });

  it('refuses what the balance cannot cover in one clear line, charging nothing', async () => {
    const b = await setup({ balanceMicros: 1_000_000 });
    // The account knows gmail.com's provider, covered by avatars: a bulk task, at its published price.
    const memory = await openOutcomeMemory(b.dataDir, { account: memoryAccountOf(b.key) });
    const now = Math.floor(Date.now() / 1000);
    await memory.facts.learn([{ domain: 'gmail.com', provider: 'provider_code_1' }], now);
    await memory.close();
    const list = addresses(1_000, (i) => `person${i}@gmail.com`);
    const result = await cli(
      ['clean', await writeList(b, 'big.csv', list), '--product', 'avatar'],
      b.env(),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(failureLines(result.stderr)).toEqual([
      'list-cleaner: Checking 1,000 addresses costs about $3.00, and your balance is $1.00. Add funds, or check a smaller list. Nothing was charged.',
    ]);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^list-cleaner: /);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });

  it('fails in one line for a file that is not there', async () => {
    const b = await setup();
    const result = await cli(['clean', join(b.dir, 'missing.csv')], b.env());
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'list-cleaner: missing.csv could not be opened. Check that the file still exists and you may read it.',
    ]);
    expect(await jobsOnDisk(b.dataDir)).toEqual([]);
  });

  it('a job that fails at the service ends with its reason and the job id', async () => {
    const b = await setup();
    // Refused as unsupported: not something the service lifts by itself, nor a retry fixes.
    b.sandbox.faults.refuse(40000, 1, API.submit);
    const list = addresses(1_000, (i) => `user${i}@example.com`);
    const result = await cli(['clean', await writeList(b, 'list.csv', list)], b.env());
    expect(result.code).toBe(1);
    const [line] = failureLines(result.stderr);
    expect(failureLines(result.stderr)).toHaveLength(1);
    expect(line).toMatch(/refused the request as unsupported.*\(job \d{14}-[0-9a-f]{6}\)$/);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });

  it('a bulk task the service could not finish is sent again by itself, each address paid once', async () => {
    const b = await setup();
    b.sandbox.faults.failNextTasks(1);
    const list = addresses(1_000, (i) => `user${i}@example.com`);
    const result = await cli(['clean', await writeList(b, 'list.csv', list)], {
      ...b.env(),
      LIST_CLEANER_WAIT_SECONDS: '0.1',
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'waiting: The service could not finish a bulk task and refunded it; it is sent again.',
    );
    expect(b.sandbox.tasks(b.key)).toHaveLength(2);
  });
});

describe('jobs', () => {
  it('lists the jobs, newest first, also as JSON', async () => {
    const b = await setup();
    const empty = await cli(['jobs'], b.env());
    expect(empty).toMatchObject({
      code: 0,
      stdout: 'No jobs yet. Check a list with: list-cleaner clean <file>\n',
    });
    await cli(['clean', await mixedList(b, 'first.csv')], b.env());
    await cli(['clean', await writeList(b, 'second.csv', ['deliverable@gmail.com'])], b.env());
    const listed = await cli(['jobs'], b.env());
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{14}-[0-9a-f]{6} {2}second\.csv \[email\]: done: 1 deliverable/);
    expect(lines[1]).toMatch(/ {2}first\.csv \[email\]: done: 6 deliverable, 3 undeliverable/);
    const json = JSON.parse((await cli(['jobs', '--json'], b.env())).stdout) as {
      fileName: string;
      state: string;
    }[];
    expect(json.map((j) => [j.fileName, j.state])).toEqual([
      ['second.csv', 'done'],
      ['first.csv', 'done'],
    ]);
  });
});
