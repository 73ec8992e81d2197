// `list-cleaner clean --product avatar` on an ordinary list of mixed providers:
// before anything is paid it says how many addresses are at covered
// providers, at others, and at domains not known yet, with what each costs;
// the addresses at other providers are not sent (not_covered) unless
// `--others email` checks them with Email; and a job killed after the service
// refused its file for coverage resumes with the new plan, nothing sent twice.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryAccountOf } from '../../../electron/lib/account-name';
import { openOutcomeMemory } from '../../../electron/memory/outcome-memory';
import {
  API,
  addresses,
  cli,
  jobsOnDisk,
  readRecord,
  requestsTo,
  reserved,
  setup,
  startCli,
  waitFor,
  writeList,
  type Bench,
} from '../jobs/support';

const ORDINARY = [
  'deliverable+1@gmail.com',
  'avatar@gmail.com',
  'deliverable+2@mail.ru',
  'deliverable+3@outlook.com',
  'deliverable+4@yahoo.com',
  'deliverable+5@naver.com',
  'deliverable+6@acme-widgets.com',
];

async function listFile(b: Bench, name: string, list = ORDINARY): Promise<string> {
  const path = join(b.dir, name);
  await writeFile(path, `email\n${list.join('\n')}\n`);
  return path;
}

const statuses = async (path: string) =>
  new Map(
    (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',') as [string, string]),
  );

describe('clean --product avatar', () => {
  it('says the groups and what each costs, and marks the uncovered addresses not_covered', async () => {
    const b = await setup();
    const file = await listFile(b, 'mixed.csv');
    const demo = { LIST_CLEANER_DATA_DIR: b.dataDir };
    const run = await cli(['clean', file, '--product', 'avatar', '--demo'], demo);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'Avatar coverage: 3 at covered providers ($0.009); 2 at providers it does not cover: not sent, free (--others email checks them with Email); 2 at domains not known yet, by multi checks (up to $0.006): uncovered ones come back without a result, free.',
    );
    expect(run.stdout).toMatch(/done: 3 deliverable, 0 undeliverable, 2 unknown, 2 not covered/);
    const rows = await statuses(join(b.dir, 'mixed.cleaned.csv'));
    expect(rows.get('deliverable+3@outlook.com')).toBe('not_covered');
    expect(rows.get('deliverable+4@yahoo.com')).toBe('not_covered');
    expect(rows.get('deliverable+5@naver.com')).toBe('unknown');
    expect(rows.get('avatar@gmail.com')).toBe('deliverable');
  });

  it('checks the others with Email when asked, and counts them in the summary', async () => {
    const b = await setup();
    const file = await listFile(b, 'others.csv');
    const demo = { LIST_CLEANER_DATA_DIR: b.dataDir };
    const run = await cli(
      ['clean', file, '--product', 'avatar', '--others', 'email', '--demo', '--json'],
      demo,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('2 at providers it does not cover, checked with Email ($0.002)');
    expect(JSON.parse(run.stdout)).toMatchObject({
      deliverable: 5,
      not_covered: 0,
      paid_as_email: 2,
      charged_micros: 3 * 3_000 + 2 * 1_000,
    });
    const wrong = await cli(['clean', file, '--others', 'email', '--demo'], demo);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--others is for --product avatar');
  });

  it('with a key, knows no domain before the service named its provider', async () => {
    const b = await setup();
    const file = await listFile(b, 'keyed.csv');
    const first = await cli(['clean', file, '--product', 'avatar'], b.env());
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Avatar coverage: 0 at covered providers');
    expect(first.stderr).toContain('7 at domains not known yet, by multi checks');
    // An Email clean names the providers; the next avatar review routes by them.
    const emails = await listFile(b, 'emails.csv', [
      'deliverable+9@gmail.com',
      'deliverable+9@outlook.com',
      'deliverable+9@naver.com',
    ]);
    expect((await cli(['clean', emails], b.env())).code).toBe(0);
    const again = await cli(['clean', file, '--product', 'avatar', '--reuse-days', '0'], b.env());
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /Avatar coverage: 3 at covered providers[^;]*; 2 at providers it does not cover: not sent/,
    );
    expect(again.stderr).toContain('2 at domains not known yet');
  });
});

describe('a clean killed after its avatar file was refused for coverage', () => {
  it('resumes the multi checks that replaced the file, sending nothing twice', async () => {
    const b = await setup({ config: { checkLatencyMs: 40 } });
    // What this key's account believes: both domains at a covered provider (outlook.com wrongly).
    const memory = await openOutcomeMemory(b.dataDir, { account: memoryAccountOf(b.key) });
    await memory.facts.learn(
      [
        { domain: 'gmail.com', provider: 'provider_code_1' },
        { domain: 'outlook.com', provider: 'provider_code_1' },
      ],
      Math.floor(Date.now() / 1000) - 60,
    );
    await memory.close();
    const file = await writeList(b, 'refused.csv', [
      ...addresses(1_000, (i) => `deliverable+${i}@gmail.com`),
      ...addresses(100, (i) => `person${i}@outlook.com`),
    ]);
    const run = startCli(['clean', file, '--product', 'avatar'], b.env());
    const answered = () => requestsTo(b, API.multi).filter((r) => r.code === 0 && r.endedAt);
    await waitFor('the file refused, then three multi checks answered', () => {
      return requestsTo(b, API.submit).some((r) => r.code === 40000) && answered().length >= 3;
    });
    // The multi check in flight is answered as usual; the next one meets maintenance.
    b.sandbox.faults.maintenance(true);
    await waitFor('a multi check refused', () =>
      requestsTo(b, API.multi).some((r) => r.code === 50300),
    );
    run.child.kill('SIGKILL');
    await run.exited;

    const [job] = await jobsOnDisk(b.dataDir);
    if (!job) throw new Error('no job');
    const record = await readRecord(b.dataDir, job.id);
    expect(record.plan?.bulk.map((t) => t.status)).toEqual(['rerouted']);
    expect(record.plan?.syncParts).toEqual([
      { start: 0, end: 1_100, product: 'avatar', refused: 100 },
    ]);
    expect(job.checked).toBe(answered().length * 100);

    b.sandbox.faults.maintenance(false);
    const resumed = await cli(['resume'], b.env());
    expect(resumed.code, resumed.stderr).toBe(0);
    const [done] = await jobsOnDisk(b.dataDir);
    expect(done).toMatchObject({ state: 'done', deliverable: 1_000, unknown: 100, failure: null });
    // One submit, refused; every address in exactly one multi check; 1,000 charged.
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    expect(reserved(b, 'email_avatar')).toMatchObject({ count: 11, addresses: 1_100 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(1_000 * 3_000);
  });
});
