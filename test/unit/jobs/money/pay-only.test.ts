// Paying only for what is worth checking, against the sandbox over real HTTP
// and a DNS server on loopback: what the user chose not to pay for is never
// sent (and says so in its status), a domain without mail is undeliverable
// for free, an answer already paid for is reused instead of paid again, and
// the ledger charges exactly the answers paid for by each job.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { MailDomainCheckOptions } from '../../../../electron/checks/dns';
import { openJobs, type Jobs } from '../../../../electron/jobs/jobs';
import { RCODE, startDnsServer } from '../../checks/dns-server';
import { notingClient, setup, writeList, type Bench } from '../support';

/** A loopback DNS: the canary and acme.test take mail, nomail.test has a null MX. */
async function loopbackDns(): Promise<MailDomainCheckOptions> {
  const server = await startDnsServer({
    'canary.test': { mx: ['mx.canary.test'] },
    'acme.test': { mx: ['mx.acme.test'] },
    'nomail.test': { mx: ['.'] },
  });
  server.unknownNames = RCODE.SERVFAIL;
  onTestFinished(() => server.close());
  return { servers: [server.address], canaryDomains: ['canary.test'], timeoutMs: 500, tries: 1 };
}

/** Every address a bench's jobs sent to a synchronous check. */
const sentBy = new WeakMap<Bench, string[]>();
const sentAddresses = (bench: Bench): string[] => sentBy.get(bench) ?? [];

/** The jobs core on the bench's data folder, with a client that notes what it sends. */
async function jobsFor(bench: Bench, mailDomains?: MailDomainCheckOptions): Promise<Jobs> {
  const sent = sentBy.get(bench) ?? [];
  sentBy.set(bench, sent);
  const { client } = notingClient(bench, sent);
  const jobs = await openJobs({
    dataDir: bench.dataDir,
    client: () => client,
    ...(mailDomains ? { mailDomains } : {}),
  });
  onTestFinished(() => jobs.stop());
  return jobs;
}

const MIXED = [
  'carl@acme.test',
  'info@acme.test',
  'temp@mailinator.com',
  'someone@yopmail.com',
  'gone@nomail.test',
  'ann@acme.test',
];

async function exported(jobs: Jobs, bench: Bench, id: string, name: string): Promise<string[][]> {
  const destPath = join(bench.dir, name);
  await jobs.export(id, {
    destPath,
    columns: ['email_status', 'email_flags', 'email_checked_at'],
  });
  const text = await readFile(destPath, 'utf8');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

describe("don't pay for", () => {
  it('sends neither disposable domains nor domains without mail by default; role addresses are sent', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench, await loopbackDns());
    const { job } = await jobs.importFile(await writeList(bench, 'mixed.csv', MIXED));
    const estimate = await jobs.estimate(job.id, 'email');
    expect(estimate.skipped).toEqual({ disposable: 2, noMail: 1, role: 0 });
    expect(estimate.toSend).toBe(3);
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    expect(sentAddresses(bench).sort()).toEqual(
      ['ann@acme.test', 'carl@acme.test', 'info@acme.test'].sort(),
    );
    expect(done).toMatchObject({ disposable: 2, noMail: 1, role: 0, paid: 3, reused: 0 });
    const rows = await exported(jobs, bench, job.id, 'mixed-out.csv');
    const byAddress = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byAddress.get('temp@mailinator.com')?.[2]).toBe('disposable');
    expect(byAddress.get('gone@nomail.test')?.[2]).toBe('undeliverable');
    expect(byAddress.get('gone@nomail.test')?.[3]).toBe('no_mail_server');
    expect(byAddress.get('info@acme.test')?.[3]).toBe('role');
    // A free finding was never answered by the service: no date.
    expect(byAddress.get('gone@nomail.test')?.[4]).toBe('');
    expect(byAddress.get('carl@acme.test')?.[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('skips role addresses when asked, and sends everything with none chosen', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench, await loopbackDns());
    const role = await jobs.importFile(await writeList(bench, 'a.csv', MIXED));
    await jobs.start(role.job.id, 'email', {
      skip: { disposable: true, noMail: true, role: true },
      reuseDays: 0,
    });
    const held = await jobs.finished(role.job.id);
    expect(held).toMatchObject({ role: 1, paid: 2 });
    const rows = await exported(jobs, bench, role.job.id, 'a-out.csv');
    expect(rows.find((r) => r[0] === 'info@acme.test')?.[2]).toBe('role');

    const none = await jobs.importFile(await writeList(bench, 'b.csv', MIXED));
    await jobs.start(none.job.id, 'email', {
      skip: { disposable: false, noMail: false, role: false },
      reuseDays: 0,
    });
    const all = await jobs.finished(none.job.id);
    expect(all).toMatchObject({
      disposable: 0,
      noMail: 0,
      role: 0,
      paid: all.deliverable + all.undeliverable,
    });
    expect(sentAddresses(bench).filter((a) => a === 'temp@mailinator.com')).toHaveLength(1);
  });
});

describe('no address paid for twice', () => {
  it('reuses answers of the same list cleaned again within the window, and flags them', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const list = Array.from({ length: 150 }, (_, i) => `person${i}@provider1.test`);
    const first = await jobs.importFile(await writeList(bench, 'week1.csv', list));
    await jobs.start(first.job.id, 'email');
    const one = await jobs.finished(first.job.id);
    const spent = bench.sandbox.ledger.spent(bench.key);
    expect(one.paid).toBe(one.deliverable + one.undeliverable);

    const second = await jobs.importFile(await writeList(bench, 'week2.csv', list));
    const estimate = await jobs.estimate(second.job.id, 'email');
    expect(estimate.reused.count).toBe(one.paid);
    expect(estimate.reused.newest).not.toBeNull();
    await jobs.start(second.job.id, 'email');
    const two = await jobs.finished(second.job.id);
    expect(two.reused).toBe(one.paid);
    // Only the first run's unknowns (never kept, never charged) were asked again.
    expect(bench.sandbox.ledger.spent(bench.key) - spent).toBe(two.paid * 1_000);
    expect(two.paid).toBeLessThanOrEqual(one.unknown);
    const rows = await exported(jobs, bench, second.job.id, 'week2-out.csv');
    const reused = rows.slice(1).filter((r) => r[3] === 'reused');
    expect(reused).toHaveLength(one.paid);
    expect(reused[0]?.[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('pays again with reuse off, and in another data folder (another account) too', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const list = Array.from({ length: 40 }, (_, i) => `off${i}@provider2.test`);
    const a = await jobs.importFile(await writeList(bench, 'a.csv', list));
    await jobs.start(a.job.id, 'email');
    const one = await jobs.finished(a.job.id);
    const b = await jobs.importFile(await writeList(bench, 'b.csv', list));
    await jobs.start(b.job.id, 'email', { reuseDays: 0 });
    const two = await jobs.finished(b.job.id);
    expect(two.reused).toBe(0);
    expect(two.paid + one.paid).toBe(bench.sandbox.ledger.spent(bench.key) / 1_000);
  });

  it('an email + avatar answer serves an email check; an email answer never serves an avatar check', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const list = Array.from({ length: 30 }, (_, i) => `pic${i}@gmail.com`);
    const avatar = await jobs.importFile(await writeList(bench, 'avatar.csv', list));
    await jobs.start(avatar.job.id, 'avatar');
    const first = await jobs.finished(avatar.job.id);
    const email = await jobs.importFile(await writeList(bench, 'email.csv', list));
    await jobs.start(email.job.id, 'email');
    expect((await jobs.finished(email.job.id)).reused).toBe(first.paid);

    const other = Array.from({ length: 30 }, (_, i) => `plain${i}@gmail.com`);
    const e = await jobs.importFile(await writeList(bench, 'plain-email.csv', other));
    await jobs.start(e.job.id, 'email');
    await jobs.finished(e.job.id);
    const av = await jobs.importFile(await writeList(bench, 'plain-avatar.csv', other));
    await jobs.start(av.job.id, 'avatar');
    expect((await jobs.finished(av.job.id)).reused).toBe(0);
  });

  it('two cores on one data folder (the app and another process) share what was paid for', async () => {
    const bench = await setup();
    const app = await jobsFor(bench);
    const other = await jobsFor(bench);
    const list = Array.from({ length: 60 }, (_, i) => `shared${i}@provider3.test`);
    const a = await app.importFile(await writeList(bench, 'app.csv', list));
    await app.start(a.job.id, 'email');
    const one = await app.finished(a.job.id);
    const b = await other.importFile(await writeList(bench, 'other.csv', list));
    await other.start(b.job.id, 'email');
    expect((await other.finished(b.job.id)).reused).toBe(one.paid);
  });

  it('takes answers paid for by another job after its own start, just before sending them', async () => {
    const bench = await setup();
    const app = await jobsFor(bench);
    const other = await jobsFor(bench);
    const list = Array.from({ length: 230 }, (_, i) => `late${i}@provider1.test`);
    // Started first, held before its first request: its start found nothing to reuse.
    const b = await other.importFile(await writeList(bench, 'b.csv', list));
    await other.start(b.job.id, 'email');
    await other.stopJob(b.job.id);
    expect((await other.finished(b.job.id)).hold?.reason).toBe('stopped');
    const a = await app.importFile(await writeList(bench, 'a.csv', list));
    await app.start(a.job.id, 'email');
    const one = await app.finished(a.job.id);
    await other.resume(b.job.id);
    const two = await other.finished(b.job.id);
    expect(two.state).toBe('done');
    expect(two.reused).toBe(one.paid);
    expect(bench.sandbox.ledger.spent(bench.key)).toBe((one.paid + two.paid) * 1_000);
    expect(two.paid).toBeLessThanOrEqual(one.unknown);
  });

  it('forgets the account’s answers on request', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const list = Array.from({ length: 20 }, (_, i) => `forget${i}@provider1.test`);
    const a = await jobs.importFile(await writeList(bench, 'a.csv', list));
    await jobs.start(a.job.id, 'email');
    const one = await jobs.finished(a.job.id);
    expect((await jobs.memory()).outcomes).toBe(one.paid);
    expect(await jobs.forgetMemory()).toEqual({ available: true, outcomes: 0 });
    const b = await jobs.importFile(await writeList(bench, 'b.csv', list));
    await jobs.start(b.job.id, 'email');
    expect((await jobs.finished(b.job.id)).reused).toBe(0);
  });
});
