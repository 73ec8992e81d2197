// A job's addresses by domain, on a list run to done against the sandbox
// (outcomes forced by its test addresses) with the free checks' DNS on
// loopback: each domain's unique addresses by outcome and by finding, the
// domains past the top ones folded into "other domains", and every count of
// the table adding up to the job's own.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DomainCounts, DomainsView } from '../../../../electron/common/views/views';
import { contract } from '../../../../electron/ipc/contract';
import {
  domainIndex,
  domainOf,
  domainsView,
  TOP_DOMAINS,
} from '../../../../electron/jobs/results/domains';
import { readFlags } from '../../../../electron/jobs/money/free-split';
import { openJobs, type Jobs } from '../../../../electron/jobs/jobs';
import { verdictOf } from '../../../../electron/sandbox/outcomes';
import { RCODE, startDnsServer } from '../../checks/dns-server';
import { setup, type Bench } from '../support';

/** One address a row, written as people type them; repeats and an invalid cell included. */
const SHOPS = Array.from({ length: 28 }, (_, i) => `shop-${String(i + 1).padStart(2, '0')}.test`);
const ROWS = [
  'deliverable+1@gmail.com',
  'deliverable+2@gmail.com',
  'undeliverable+1@gmail.com',
  'deliverable+3@gmail.com',
  'undetermined+1@gmail.com',
  // A repeat: counted once, at its domain.
  'DELIVERABLE+1@Gmail.com',
  'info@acme.test',
  'sales@acme.test',
  'deliverable+1@acme.test',
  'undeliverable+1@acme.test',
  // Throw-away: not paid for by default.
  'deliverable+1@mailinator.com',
  'deliverable+2@mailinator.com',
  // A domain that takes no mail (a null MX): undeliverable for free by default.
  'deliverable+1@nomail.test',
  'undetermined+1@nomail.test',
  // A likely typo of gmail.com, which the free checks also count as throw-away.
  'deliverable+9@gmial.com',
  'not an address',
  ...SHOPS.map((shop, i) => `${i % 3 === 0 ? 'undeliverable' : 'deliverable'}+1@${shop}`),
];

const counts = (
  c: Omit<DomainCounts, 'findings'> & { findings?: Partial<DomainCounts['findings']> },
): DomainCounts => ({
  ...c,
  findings: { role: 0, free: 0, disposable: 0, typo: 0, noMail: 0, ...c.findings },
});

async function doneList(b: Bench): Promise<{ jobs: Jobs; id: string; stop: () => Promise<void> }> {
  const dns = await startDnsServer({
    'canary.test': { mx: ['mx.canary.test'] },
    'acme.test': { mx: ['mx.acme.test'] },
    'nomail.test': { mx: ['.'] },
  });
  // Other names: "can't tell", so only nomail.test is without mail.
  dns.unknownNames = RCODE.SERVFAIL;
  const client = b.client();
  const jobs = await openJobs({
    dataDir: b.dataDir,
    client: () => client,
    mailDomains: {
      servers: [dns.address],
      canaryDomains: ['canary.test'],
      timeoutMs: 500,
      tries: 1,
    },
  });
  const stop = async () => {
    await jobs.stop();
    await dns.close();
  };
  try {
    const path = join(b.dir, 'shops.csv');
    await writeFile(path, `email\n${ROWS.join('\n')}\n`);
    const { job } = await jobs.importFile(path);
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    return { jobs, id: job.id, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Every count of the table summed: the top domains and the other ones. */
function total(view: DomainsView): DomainCounts {
  const all = [...view.top, ...(view.other ? [view.other] : [])];
  const sum = (pick: (c: DomainCounts) => number) => all.reduce((n, c) => n + pick(c), 0);
  return {
    addresses: sum((c) => c.addresses),
    deliverable: sum((c) => c.deliverable),
    undeliverable: sum((c) => c.undeliverable),
    unknown: sum((c) => c.unknown),
    skipped: sum((c) => c.skipped),
    findings: {
      role: sum((c) => c.findings.role),
      free: sum((c) => c.findings.free),
      disposable: sum((c) => c.findings.disposable),
      typo: sum((c) => c.findings.typo),
      noMail: sum((c) => c.findings.noMail),
    },
  };
}

describe('a job by domain', () => {
  it('counts each domain by outcome and finding, folds the rest, and adds up to the job', async () => {
    // The role addresses are not test addresses: the sandbox's own verdict for them.
    expect(verdictOf('info@acme.test')).toBe('deliverable');
    expect(verdictOf('sales@acme.test')).toBe('deliverable');
    const b = await setup();
    const { jobs, id, stop } = await doneList(b);
    try {
      const view = await jobs.domains(id);
      expect(contract['job:domains'].output.safeParse(view).success).toBe(true);
      expect(view.domains).toBe(5 + SHOPS.length);
      expect(view.top).toHaveLength(TOP_DOMAINS);

      // Most addresses first, then by name.
      expect(view.top.slice(0, 6).map((d) => d.domain)).toEqual([
        'gmail.com',
        'acme.test',
        'mailinator.com',
        'nomail.test',
        'gmial.com',
        'shop-01.test',
      ]);
      const by = Object.fromEntries(view.top.map(({ domain, ...c }) => [domain, c]));
      expect(by['gmail.com']).toEqual(
        counts({
          addresses: 5,
          deliverable: 3,
          undeliverable: 1,
          unknown: 1,
          skipped: 0,
          findings: { free: 5 },
        }),
      );
      expect(by['acme.test']).toEqual(
        counts({
          addresses: 4,
          deliverable: 3,
          undeliverable: 1,
          unknown: 0,
          skipped: 0,
          findings: { role: 2 },
        }),
      );
      // Left out by choice: no outcome from the service, counted as skipped.
      expect(by['mailinator.com']).toEqual(
        counts({
          addresses: 2,
          deliverable: 0,
          undeliverable: 0,
          unknown: 0,
          skipped: 2,
          findings: { disposable: 2, free: 2 },
        }),
      );
      // No mail server: undeliverable for free, whatever the local part says.
      expect(by['nomail.test']).toEqual(
        counts({
          addresses: 2,
          deliverable: 0,
          undeliverable: 2,
          unknown: 0,
          skipped: 0,
          findings: { noMail: 2 },
        }),
      );
      expect(by['gmial.com']).toEqual(
        counts({
          addresses: 1,
          deliverable: 0,
          undeliverable: 0,
          unknown: 0,
          skipped: 1,
          findings: { disposable: 1, free: 1, typo: 1 },
        }),
      );
      expect(by['shop-01.test']).toEqual(
        counts({ addresses: 1, deliverable: 0, undeliverable: 1, unknown: 0, skipped: 0 }),
      );

      // 5 named domains and 20 shops in the top 25; the last 8 shops are "other domains".
      expect(view.top.at(-1)?.domain).toBe('shop-20.test');
      const rest = SHOPS.slice(20);
      const restUndeliverable = rest.filter((s) => SHOPS.indexOf(s) % 3 === 0).length;
      expect(view.other).toEqual({
        ...counts({
          addresses: 8,
          deliverable: 8 - restUndeliverable,
          undeliverable: restUndeliverable,
          unknown: 0,
          skipped: 0,
        }),
        domains: 8,
      });

      // The table adds up to the job: every unique address once, each outcome as the job counted it.
      const job = await jobs.get(id);
      const list = await jobs.getList(id);
      expect(total(view)).toEqual({
        addresses: job.unique,
        deliverable: job.deliverable,
        undeliverable: job.undeliverable,
        unknown: job.unknown,
        skipped: job.disposable + job.role,
        findings: {
          role: list.findings?.role,
          free: list.findings?.free,
          disposable: list.findings?.disposable,
          typo: list.findings?.typo,
          noMail: list.findings?.noMail,
        },
      });
      expect(job).toMatchObject({ unique: 14 + SHOPS.length, duplicates: 1, invalid: 1 });
    } finally {
      await stop();
    }
  });

  it('names as many domains as asked, and none is folded when all fit', async () => {
    const b = await setup();
    const { jobs, id, stop } = await doneList(b);
    try {
      const book = await jobs.addressBook(id);
      const index = domainIndex(book);
      const outcomes = await jobs.outcomes(id);
      const flags = await readFlags((await jobs.getList(id)).findings?.findingsPath, book.count);
      const whole = await jobs.domains(id);

      const two = domainsView(index, outcomes, flags, 2);
      expect(two.top.map((d) => d.domain)).toEqual(['gmail.com', 'acme.test']);
      expect(two.other?.domains).toBe(whole.domains - 2);
      expect(total(two)).toEqual(total(whole));
      // What "other domains" holds is exactly the addresses at the domains not named.
      const named = new Set(['gmail.com', 'acme.test']);
      let elsewhere = 0;
      for (let i = 0; i < book.count; i++) if (!named.has(domainOf(book.at(i)))) elsewhere++;
      expect(two.other?.addresses).toBe(elsewhere);

      const all = domainsView(index, outcomes, flags, 100);
      expect(all.other).toBeNull();
      expect(all.top).toHaveLength(whole.domains);
      expect(total(all)).toEqual(total(whole));
      // The index is kept per address book: the table and the rows filter share one pass.
      expect(domainIndex(book)).toBe(index);
      expect(index.find('GMAIL.com')).toBe(index.find('gmail.com'));
    } finally {
      await stop();
    }
  });
});
