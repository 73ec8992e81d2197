// What the suppression list and the rules keep out, against the sandbox over
// real HTTP: a suppressed or blocked address is never sent and never paid for
// (the ledger charges exactly what was sent), the review names each group and
// what decided it, an allow rule lets an address past the free checks, and a
// list or a rule added after the import still counts at the start.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openJobs, type Jobs } from '../../../../electron/jobs/jobs';
import { addRules } from '../../../../electron/rules/store';
import { openSuppressionStore } from '../../../../electron/suppression/store';
import type { SuppressionRow } from '../../../../electron/suppression/types';
import { notingClient, setup, writeList, type Bench } from '../support';

/** The jobs core on the bench's data folder, with a client that notes every address it sends. */
async function jobsNoting(bench: Bench): Promise<{ jobs: Jobs; sent: string[] }> {
  const { client, sent } = notingClient(bench);
  const jobs = await openJobs({ dataDir: bench.dataDir, client: () => client, mailDomains: false });
  onTestFinished(() => jobs.stop());
  return { jobs, sent };
}

/** Adds rows to the suppression list of the jobs' account ("default"), as an import of `source` would. */
async function suppress(bench: Bench, rows: SuppressionRow[], source = 'bounces.csv') {
  const store = await openSuppressionStore(bench.dataDir, { account: 'default' });
  try {
    await store.add(rows, source);
  } finally {
    await store.close();
  }
}

const row = (address: string, reason: SuppressionRow['reason']): SuppressionRow => ({
  address,
  reason,
  date: '2026-10-03T00:00:00.000Z',
  detail: '',
});

const LIST = [
  'ann@acme.test',
  'bounced@acme.test',
  'left@acme.test',
  'spy@competitor.test',
  'boss@competitor.test',
  'friend@competitor.test',
  'temp@mailinator.com',
  'carl@acme.test',
];

async function exportedRows(jobs: Jobs, bench: Bench, id: string): Promise<Map<string, string[]>> {
  const destPath = join(bench.dir, `${id}.csv`);
  await jobs.export(id, { destPath, columns: ['email_status', 'email_flags'] });
  const lines = (await readFile(destPath, 'utf8')).trim().split(/\r?\n/).slice(1);
  return new Map(lines.map((line) => [line.split(',')[0] as string, line.split(',')]));
}

describe('the suppression list and the rules', () => {
  it('never sends nor charges a suppressed or blocked address, and says what decided each', async () => {
    const bench = await setup();
    await suppress(bench, [
      row('bounced@acme.test', 'hard_bounce'),
      row('left@acme.test', 'unsubscribe'),
      row('nobody-in-the-list@acme.test', 'complaint'),
    ]);
    await addRules(bench.dataDir, ['*@competitor.test'], 'block');
    // The exact address is more specific than the pattern: it is sent.
    await addRules(bench.dataDir, ['friend@competitor.test', 'mailinator.com'], 'allow');
    const { jobs, sent } = await jobsNoting(bench);
    const { job } = await jobs.importFile(await writeList(bench, 'list.csv', LIST));

    const estimate = await jobs.estimate(job.id, 'email');
    expect(estimate.withheld.suppressed).toEqual([
      { reason: 'hard_bounce', count: 1 },
      { reason: 'unsubscribe', count: 1 },
    ]);
    expect(estimate.withheld.blocked).toEqual([{ rule: '*@competitor.test', count: 2 }]);
    // mailinator.com is a throw-away domain, left out by default: the allow rule sends it.
    expect(estimate.withheld.allowed).toEqual([{ rule: 'mailinator.com', count: 1 }]);
    expect(estimate.skipped.disposable).toBe(0);
    expect(estimate.toSend).toBe(4);

    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    expect(sent.sort()).toEqual(
      ['ann@acme.test', 'carl@acme.test', 'friend@competitor.test', 'temp@mailinator.com'].sort(),
    );
    expect(done).toMatchObject({ suppressed: 2, blocked: 2, paid: 4 });
    // The ledger charged the four sent, nothing else (setup checks it against the outcomes too).
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(done.chargedMicros);

    const rows = await exportedRows(jobs, bench, job.id);
    expect(rows.get('bounced@acme.test')?.slice(2)).toEqual(['suppressed', 'hard_bounce']);
    expect(rows.get('left@acme.test')?.slice(2)).toEqual(['suppressed', 'unsubscribe']);
    expect(rows.get('spy@competitor.test')?.slice(2)).toEqual([
      'blocked',
      'blocked_by:*@competitor.test',
    ]);
    expect(rows.get('friend@competitor.test')?.[3]).toBe('allowed_by:friend@competitor.test');

    const page = await jobs.rows(job.id, 0, 20);
    const shown = new Map(page.rows.map((r) => [r.address, r]));
    expect(shown.get('bounced@acme.test')).toMatchObject({
      status: 'suppressed',
      why: { reason: 'hard_bounce' },
    });
    expect(shown.get('boss@competitor.test')).toMatchObject({
      status: 'blocked',
      why: { rule: { action: 'block', value: '*@competitor.test' } },
    });
    expect(shown.get('ann@acme.test')?.why).toBeNull();
  });

  it('leaves out at the start what was suppressed or blocked after the import', async () => {
    const bench = await setup();
    const { jobs, sent } = await jobsNoting(bench);
    const { job } = await jobs.importFile(await writeList(bench, 'list.csv', LIST));
    expect((await jobs.estimate(job.id, 'email')).withheld.suppressed).toEqual([]);
    await suppress(bench, [row('bounced@acme.test', 'hard_bounce')], 'later.csv');
    await addRules(bench.dataDir, ['competitor.test'], 'block');
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done).toMatchObject({ suppressed: 1, blocked: 3 });
    expect(sent).not.toContain('bounced@acme.test');
    expect(sent.filter((a) => a.endsWith('@competitor.test'))).toEqual([]);
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(done.chargedMicros);
  });

  it('sends what the command line asks it to ignore, and only that', async () => {
    const bench = await setup();
    await suppress(bench, [row('bounced@acme.test', 'hard_bounce')]);
    await addRules(bench.dataDir, ['*@competitor.test'], 'block');
    const { jobs, sent } = await jobsNoting(bench);
    const { job } = await jobs.importFile(await writeList(bench, 'list.csv', LIST));
    const ignore = { suppression: true, rules: false };
    const estimate = await jobs.estimate(job.id, 'email', { ignore });
    expect(estimate.withheld.suppressed).toEqual([]);
    expect(estimate.withheld.blocked).toEqual([{ rule: '*@competitor.test', count: 3 }]);
    await jobs.start(job.id, 'email', { ignore });
    const done = await jobs.finished(job.id);
    expect(done).toMatchObject({ suppressed: 0, blocked: 3 });
    expect(sent).toContain('bounced@acme.test');
    const rows = await exportedRows(jobs, bench, job.id);
    // Sent, so nothing says it was suppressed.
    expect(rows.get('bounced@acme.test')?.[3]).toBe('');
  });

  it('judges every address of a longer list, and leaves nothing out with neither a list nor a rule', async () => {
    const bench = await setup();
    const many = Array.from({ length: 3_000 }, (_, i) => `person${i}@acme.test`);
    await suppress(
      bench,
      many.filter((_, i) => i % 3 === 0).map((a) => row(a, 'hard_bounce')),
    );
    const { jobs } = await jobsNoting(bench);
    const path = join(bench.dir, 'many.csv');
    await writeFile(path, `email\n${many.join('\n')}\n`);
    const { job } = await jobs.importFile(path);
    const estimate = await jobs.estimate(job.id, 'email');
    expect(estimate.withheld.suppressed).toEqual([{ reason: 'hard_bounce', count: 1_000 }]);
    expect(estimate.toSend).toBe(2_000);

    const plain = await setup();
    const other = await jobsNoting(plain);
    const imported = await other.jobs.importFile(await writeList(plain, 'list.csv', LIST));
    const none = await other.jobs.estimate(imported.job.id, 'email');
    expect(none.withheld).toEqual({ suppressed: [], blocked: [], allowed: [] });
  });
});
