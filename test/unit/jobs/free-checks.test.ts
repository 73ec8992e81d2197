// The free checks worked out when a list becomes a job: the counts of each
// finding among the unique addresses, one flag byte per address in
// findings.bin, every typo suggestion in suggestions.json, and the DNS asked
// of a server on loopback (never the internet): a domain with no mail server
// is counted only when the canary shows the resolver can be believed. A list
// kept before the free checks still loads, without them.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailDomainCheckOptions } from '../../../electron/checks/dns';
import { DISPOSABLE, FREE, ROLE, TYPO } from '../../../electron/checks/findings';
import { importView, jobSummary } from '../../../electron/ipc/jobs/views';
import { contract } from '../../../electron/ipc/contract';
import { openJobs, type Jobs } from '../../../electron/jobs/jobs';
import { NO_MAIL } from '../../../electron/lists/judge/free-checks';
import { RCODE, startDnsServer, type TestDnsServer } from '../checks/dns-server';

const FIXTURE = fileURLToPath(new URL('../../fixtures/free-checks/findings.csv', import.meta.url));

const dirs: string[] = [];
const servers: TestDnsServer[] = [];
const opened: Jobs[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((jobs) => jobs.stop()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A loopback DNS: the canary and acme.test receive mail, nomail.test has a null MX; others fail. */
async function dnsServer(canary: boolean): Promise<TestDnsServer> {
  const server = await startDnsServer({
    ...(canary ? { 'canary.test': { mx: ['mx.canary.test'] } } : {}),
    'acme.test': { mx: ['mx.acme.test'] },
    'nomail.test': { mx: ['.'] },
  });
  // Not "no such domain" (which a believed resolver would make 'no-mail'): "can't tell".
  server.unknownNames = canary ? RCODE.SERVFAIL : RCODE.NXDOMAIN;
  servers.push(server);
  return server;
}

async function jobsWith(mailDomains: MailDomainCheckOptions | false) {
  const dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-free-checks-'));
  dirs.push(dataDir);
  const jobs = await openJobs({
    dataDir,
    client: () => {
      throw new Error('an import asks the service nothing');
    },
    mailDomains,
  });
  opened.push(jobs);
  return { jobs, dataDir };
}

const loopback = (server: TestDnsServer): MailDomainCheckOptions => ({
  servers: [server.address],
  canaryDomains: ['canary.test'],
  timeoutMs: 500,
  tries: 1,
});

// The unique addresses, in first-seen order, and what each is.
const UNIQUE = [
  ['jane@gmial.com', DISPOSABLE | FREE | TYPO],
  ['bob@hotmial.com', DISPOSABLE | FREE | TYPO],
  ['info@acme.test', ROLE],
  ['sales+news@acme.test', ROLE],
  ['temp@mailinator.com', DISPOSABLE | FREE],
  ['someone@yopmail.com', DISPOSABLE | FREE],
  ['ann@gmail.com', FREE],
  ['gone@nomail.test', 0],
  ['carl@acme.test', 0],
] as const;

describe('the free checks at import', () => {
  it('counts each finding, keeps a flag byte per address and every suggestion', async () => {
    const { jobs } = await jobsWith(loopback(await dnsServer(true)));
    const { job, list } = await jobs.importFile(FIXTURE);
    expect(job.unique).toBe(9);
    expect((await readFile(list.addressesPath, 'utf8')).split('\n').slice(0, -1)).toEqual(
      UNIQUE.map(([address]) => address),
    );
    const findings = list.findings;
    expect(findings).toMatchObject({
      role: 2,
      disposable: 4,
      free: 5,
      typo: 2,
      noMail: 1,
      domains: 7,
      dns: 'checked',
      suggestions: [
        { index: 0, address: 'jane@gmial.com', suggestion: 'jane@gmail.com' },
        { index: 1, address: 'bob@hotmial.com', suggestion: 'bob@hotmail.com' },
      ],
    });
    // gmial.com, hotmial.com, mailinator.com, yopmail.com and gmail.com failed (SERVFAIL).
    expect(findings?.domainsUnknown).toBe(5);
    if (!findings) throw new Error('no findings');

    const flags = [...(await readFile(findings.findingsPath))];
    expect(flags).toEqual(UNIQUE.map(([, f], i) => (i === 7 ? f | NO_MAIL : f)));
    expect(JSON.parse(await readFile(findings.suggestionsPath, 'utf8'))).toEqual([
      [0, 'jane@gmail.com'],
      [1, 'bob@hotmail.com'],
    ]);
    // Kept with the list: the review reopened later shows the same.
    expect((await jobs.getList(job.id)).findings).toEqual(findings);
  });

  it('are in the review: the counts and the first suggestions, clipped like any cell', async () => {
    const { jobs } = await jobsWith(loopback(await dnsServer(true)));
    const { job, list } = await jobs.importFile(FIXTURE);
    const view = importView(job, list, null);
    expect(view.findings).toEqual({
      role: 2,
      disposable: 4,
      free: 5,
      typo: 2,
      noMail: 1,
      dns: 'checked',
      suggestions: [
        { address: 'jane@gmial.com', suggestion: 'jane@gmail.com' },
        { address: 'bob@hotmial.com', suggestion: 'bob@hotmail.com' },
      ],
    });
    expect(contract['list:import'].output.safeParse(view).success).toBe(true);

    const long = 'x'.repeat(400);
    const many = Array.from({ length: 50 }, (_, index) => ({
      index,
      address: `${long}${index}@gmial.com`,
      suggestion: `${long}${index}@gmail.com`,
    }));
    const findings = list.findings;
    if (!findings) throw new Error('no findings');
    const shown = importView(
      job,
      {
        ...list,
        findings: { ...findings, typo: 50, suggestions: many },
      },
      null,
    );
    expect(shown.findings?.suggestions).toHaveLength(20);
    expect(shown.findings?.suggestions[0]?.address).toBe(`${'x'.repeat(299)}…`);
    expect(contract['list:review'].output.safeParse(shown).success).toBe(true);
  });

  it('counts no domain as without mail when the canary fails, and says the DNS was unavailable', async () => {
    const server = await dnsServer(false);
    const { jobs } = await jobsWith(loopback(server));
    const { list } = await jobs.importFile(FIXTURE);
    expect(list.findings).toMatchObject({ noMail: 0, domainsUnknown: 7, dns: 'unavailable' });
    // The resolver denies everything, nomail.test included: none of it is believed.
    const flags = [...(await readFile(list.findings?.findingsPath ?? ''))];
    expect(flags.every((f) => (f & NO_MAIL) === 0)).toBe(true);
    expect(flags).toEqual(UNIQUE.map(([, f]) => f));
  });

  it('asks no DNS when told not to, and still judges every address', async () => {
    const { jobs } = await jobsWith(false);
    const { list } = await jobs.importFile(FIXTURE);
    expect(list.findings).toMatchObject({ role: 2, disposable: 4, typo: 2, noMail: 0 });
    expect(list.findings?.dns).toBe('unavailable');
  });

  it('works them out again for another column', async () => {
    const { jobs } = await jobsWith(false);
    const { job } = await jobs.importFile(FIXTURE);
    const { list } = await jobs.chooseColumn(job.id, 0);
    expect(list.findings).toMatchObject({ role: 0, disposable: 0, typo: 0, domains: 0 });
  });

  it('loads a list kept before the free checks, and its review shows none', async () => {
    const { jobs, dataDir } = await jobsWith(false);
    const { job } = await jobs.importFile(FIXTURE);
    const path = join(dataDir, 'jobs', job.id, 'list.json');
    const older = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    delete older.findings;
    await writeFile(path, JSON.stringify(older));

    const again = await openJobs({
      dataDir,
      client: () => {
        throw new Error('unused');
      },
      mailDomains: false,
    });
    opened.push(again);
    const list = await again.getList(job.id);
    expect(list.findings).toBeUndefined();
    const view = importView(await again.get(job.id), list, null);
    expect(view.findings).toBeNull();
    expect(contract['list:review'].output.safeParse(view).success).toBe(true);
  });

  it('adds the address probably meant as a column of the export, never changing the address', async () => {
    const { jobs, dataDir } = await jobsWith(false);
    const { job } = await jobs.importFile(FIXTURE);
    const destPath = join(dataDir, 'cleaned.csv');
    await jobs.export(job.id, { destPath, columns: ['email_status', 'email_suggestion'] });
    const rows = (await readFile(destPath, 'utf8'))
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    expect(rows[0]).toEqual(['name', 'email', 'email_status', 'email_suggestion']);
    const suggested = Object.fromEntries(rows.slice(1).map((r) => [r[0], [r[1], r[3]]]));
    expect(suggested.Jane).toEqual(['jane@gmial.com', 'jane@gmail.com']);
    expect(suggested.Bob).toEqual(['bob@hotmial.com', 'bob@hotmail.com']);
    // A repeat of a mistyped address gets the same suggestion; its own spelling is kept.
    expect(suggested['Jane again']).toEqual(['JANE@gmial.com', 'jane@gmail.com']);
    for (const name of ['Info desk', 'Sales', 'Temp', 'Yop', 'Ann', 'Gone', 'Carl', 'Nobody']) {
      expect(suggested[name]?.[1]).toBe('');
    }
  });

  it('exports without the column when it is not asked for, and the job summary counts the typos', async () => {
    const { jobs, dataDir } = await jobsWith(false);
    const { job } = await jobs.importFile(FIXTURE);
    const destPath = join(dataDir, 'plain.csv');
    await jobs.export(job.id, { destPath, columns: ['email_status'] });
    const header = (await readFile(destPath, 'utf8')).split(/\r?\n/)[0];
    expect(header).toBe('name,email,email_status');
    const summary = await jobSummary(jobs, job.id);
    expect(summary.suggestions).toBe(2);
    expect(contract['job:summary'].output.safeParse(summary).success).toBe(true);
  });
});
