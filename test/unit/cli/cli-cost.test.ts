// What `list-cleaner clean` is told about cost, as a user runs it against the
// sandbox over real HTTP: which addresses are not paid for (--skip), the
// counts of each kind in --json, and the spending limit (--max-spend): a start
// over it is refused before anything is paid unless --confirm-over-limit, a
// job stopped before going past it exits 3, and `resume <id> --max-spend`
// carries it on. The ledger checks every test: paid for exactly the answers
// each job counts as paid.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RCODE, startDnsServer, type TestDnsServer } from '../checks/dns-server';
import {
  addresses,
  API,
  cli,
  failureLines,
  jobsOnDisk,
  reserved,
  setup,
  writeList,
  type Bench,
} from '../jobs/support';

const servers: TestDnsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A DNS on loopback: the canary and the list's domains take mail, nomail.test has a null MX. */
async function dns(): Promise<TestDnsServer> {
  const mx = (domain: string) => ({ mx: [`mx.${domain}`] });
  const server = await startDnsServer({
    'gmail.com': mx('gmail.com'),
    'outlook.com': mx('outlook.com'),
    'yahoo.com': mx('yahoo.com'),
    'provider1.test': mx('provider1.test'),
    'mailinator.com': mx('mailinator.com'),
    'nomail.test': { mx: ['.'] },
  });
  server.unknownNames = RCODE.SERVFAIL;
  servers.push(server);
  return server;
}

/** The child's environment, its mail-domain look-ups on loopback (a closed port unless named). */
const envOf = (b: Bench, server?: TestDnsServer) => ({
  ...b.env(),
  LIST_CLEANER_DNS_SERVERS: server?.address ?? '127.0.0.1:9',
});

/** One of each kind: 2 to check, a throw-away domain, a role mailbox, a domain without mail. */
const KINDS = [
  'deliverable+1@gmail.com',
  'undeliverable+1@gmail.com',
  'deliverable+2@mailinator.com',
  'info@provider1.test',
  'deliverable+3@nomail.test',
];

const statuses = async (path: string) =>
  Object.fromEntries(
    (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map((cells) => [cells[0], cells[2]]),
  );

describe('clean --skip', () => {
  it('by default pays for neither the throw-away domain nor the domain without mail', async () => {
    const b = await setup();
    const file = await writeList(b, 'kinds.csv', KINDS);
    const result = await cli(['clean', file, '--json'], envOf(b, await dns()));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      unique: 5,
      disposable: 1,
      role: 0,
      no_mail_server: 1,
      reused: 0,
      paid: 3,
      undeliverable: 2,
    });
    expect(result.stderr).toMatch(
      /^Not paid for \(--skip\): 1 disposable, 1 at a domain with no mail server \(undeliverable\)\.$/m,
    );
    expect(result.stderr).toMatch(/^Sending 3 of 5 addresses/m);
    // Three addresses went: the role address too, the other two never.
    expect(reserved(b, 'email').addresses).toBe(3);
    const rows = await statuses(join(b.dir, 'kinds.cleaned.csv'));
    expect(rows['deliverable+2@mailinator.com']).toBe('disposable');
    expect(rows['deliverable+3@nomail.test']).toBe('undeliverable');
    expect(rows['deliverable+1@gmail.com']).toBe('deliverable');
    expect(['deliverable', 'undeliverable', 'unknown']).toContain(rows['info@provider1.test']);
    expect(b.sandbox.ledger.spent(b.key)).toBe(JSON.parse(result.stdout).paid * 1_000);
  });

  it('role, disposable, no-mail-server: all three kinds are not paid for', async () => {
    const b = await setup();
    const file = await writeList(b, 'kinds.csv', KINDS);
    const result = await cli(
      ['clean', file, '--skip', 'role,disposable,no-mail-server', '--json'],
      envOf(b, await dns()),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      disposable: 1,
      role: 1,
      no_mail_server: 1,
      paid: 2,
      charged_micros: 2_000,
    });
    expect((await statuses(join(b.dir, 'kinds.cleaned.csv')))['info@provider1.test']).toBe('role');
    expect(b.sandbox.ledger.spent(b.key)).toBe(2_000);
  });

  it('none: every address is sent and paid for', async () => {
    const b = await setup();
    const file = await writeList(b, 'kinds.csv', KINDS);
    const result = await cli(['clean', file, '--skip', 'none', '--json'], envOf(b, await dns()));
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as Record<string, number>;
    expect(summary).toMatchObject({ disposable: 0, role: 0, no_mail_server: 0 });
    expect(summary.paid).toBe((summary.deliverable ?? 0) + (summary.undeliverable ?? 0));
    expect(result.stderr).not.toMatch(/Not paid for/);
    expect(result.stderr).toMatch(/^Sending 5 of 5 addresses/m);
  });
});

describe('cost flags that are not right (exit 2, nothing read or sent)', () => {
  it.each([
    [['--skip', 'spam'], /--skip does not know "spam"; it takes disposable, no-mail-server, role/],
    [['--reuse-days', '400'], /--reuse-days takes a whole number of days from 0 .* to 365/],
    [['--max-spend', '0'], /--max-spend takes an amount in USD above 0/],
    [['--max-spend', '5usd'], /--max-spend takes an amount in USD above 0/],
  ])('%j', async (flags, message) => {
    const b = await setup();
    const file = await writeList(b, 'l.csv', ['deliverable@gmail.com']);
    const result = await cli(['clean', file, ...flags], envOf(b));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(failureLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/See list-cleaner --help\.\n$/);
    expect(b.sandbox.requests).toEqual([]);
    expect(await jobsOnDisk(b.dataDir)).toEqual([]);
  });

  it('resume of a job that is not there says so in one line', async () => {
    const b = await setup();
    const result = await cli(['resume', '20260101000000-abcdef', '--max-spend', '5'], envOf(b));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('list-cleaner: There is no job 20260101000000-abcdef.\n');
  });

  it('--max-spend with resume needs the job’s id', async () => {
    const b = await setup();
    const result = await cli(['resume', '--max-spend', '5'], envOf(b));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--max-spend with resume needs the job's id/);
    expect(b.sandbox.requests).toEqual([]);
  });
});

/** Prices the account's earlier jobs taught the data folder, as if learned from charges. */
const learned = (b: Bench, prices: Record<string, number>) =>
  writeFile(join(b.dataDir, 'prices.json'), JSON.stringify(prices));

describe('clean --max-spend', () => {
  it('refuses an estimate over it before anything is paid, unless --confirm-over-limit', async () => {
    const b = await setup();
    await mkdir(b.dataDir, { recursive: true });
    await learned(b, { email: 1_000 });
    const file = await writeList(
      b,
      'l.csv',
      addresses(20, (i) => `deliverable+${i}@gmail.com`),
    );
    const refused = await cli(['clean', file, '--max-spend', '0.01', '--json'], envOf(b));
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
    // Refused before it started: no line says it is sending (a kill then leaves a plain draft).
    expect(refused.stderr).not.toMatch(/^Sending/m);
    expect(failureLines(refused.stderr)).toEqual([
      "list-cleaner: Checking 20 addresses costs about $0.02, over this job's limit of $0.01. Check it anyway, raise the limit, or check fewer addresses. Nothing was charged. To check anyway, add --confirm-over-limit; or raise --max-spend.",
    ]);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
    expect(b.sandbox.requests.filter((r) => r.path !== API.balance)).toEqual([]);

    const agreed = await cli(
      ['clean', file, '--max-spend', '0.01', '--confirm-over-limit', '--json'],
      envOf(b),
    );
    expect(agreed.code, agreed.stderr).toBe(0);
    // The job may spend what the user saw, and no more.
    expect(JSON.parse(agreed.stdout)).toMatchObject({
      paid: 20,
      charged_micros: 20_000,
      limit_micros: 20_000,
    });
  });

  it('takes the app’s limit when not given; --max-spend none lifts it', async () => {
    const b = await setup();
    await mkdir(b.dataDir, { recursive: true });
    await learned(b, { email: 1_000 });
    await writeFile(join(b.dataDir, 'settings.json'), JSON.stringify({ maxSpendMicros: 10_000 }));
    const file = await writeList(
      b,
      'l.csv',
      addresses(20, (i) => `deliverable+${i}@gmail.com`),
    );
    const refused = await cli(['clean', file], envOf(b));
    expect(refused.code).toBe(3);
    expect(failureLines(refused.stderr)[0]).toMatch(/over this job's limit of \$0\.01/);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
    const lifted = await cli(['clean', file, '--max-spend', 'none', '--json'], envOf(b));
    expect(lifted.code, lifted.stderr).toBe(0);
    expect(JSON.parse(lifted.stdout)).toMatchObject({ paid: 20, limit_micros: null });
  });

  it('a price not known yet is over any limit: refused, or run under it once confirmed (it counts once a price is learned)', async () => {
    const b = await setup();
    const file = await writeList(b, 'l.csv', ['deliverable@gmail.com']);
    const refused = await cli(['clean', file, '--max-spend', '5'], envOf(b));
    expect(refused.code).toBe(3);
    expect(failureLines(refused.stderr)[0]).toMatch(
      /its price is not known yet .* Nothing was charged\. To check anyway, add --confirm-over-limit/,
    );
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
    const agreed = await cli(
      ['clean', file, '--max-spend', '5', '--confirm-over-limit', '--json'],
      envOf(b),
    );
    expect(agreed.code, agreed.stderr).toBe(0);
    expect(JSON.parse(agreed.stdout)).toMatchObject({ paid: 1, limit_micros: 5_000_000 });
  });
});
