// A vendor's verdicts imported into the memory serve a job like the account's
// own answers, against the sandbox over real HTTP: those addresses are never
// sent nor charged (the sandbox's ledger reserves only the others), their rows
// say whose verdict it was and from when, the export's email_flags says
// `reused reused_from:<vendor>`, and the job's outcome log keeps the vendor
// (a log written before vendors still reads).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openJobs } from '../../../electron/jobs/jobs';
import { loadOutcomes } from '../../../electron/jobs/storage/outcomes';
import { notingClient, reserved, setup, writeList } from '../jobs/support';

const DAY = 86_400;

describe("a job reusing another vendor's verdicts", () => {
  it('sends and charges none of them, and says whose they were', async () => {
    const bench = await setup();
    const { client, sent } = notingClient(bench);
    const jobs = await openJobs({ dataDir: bench.dataDir, client: () => client });
    onTestFinished(() => jobs.stop());

    const verdicts = join(bench.dir, 'zb_all_results.csv');
    await writeFile(
      verdicts,
      [
        '"Email Address","ZB Status","ZB Sub Status"',
        '"deliverable+1@people.example","valid",""',
        '"undeliverable+2@people.example","invalid","mailbox_not_found"',
        '"deliverable+3@people.example","catch-all",""',
        '"deliverable+4@people.example","sendable",""',
        '',
      ].join('\n'),
    );
    const checkedOn = Math.floor(Date.now() / 1000) - 3 * DAY;
    const imported = await jobs.importVerdicts(verdicts, { vendor: 'zerobounce', date: checkedOn });
    expect(imported).toMatchObject({
      vendor: 'zerobounce',
      rows: 4,
      remembered: { deliverable: 1, undeliverable: 1 },
      unknown: 1,
      unmapped: { sendable: 1 },
      skipped: { noAddress: 0, older: 0 },
    });

    const list = [
      'deliverable+1@people.example',
      'undeliverable+2@people.example',
      'deliverable+3@people.example',
      'deliverable+4@people.example',
      'deliverable+5@people.example',
    ];
    const { job } = await jobs.importFile(await writeList(bench, 'people.csv', list));
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done).toMatchObject({ state: 'done', reused: 2, reusedFromVendors: 2, paid: 3 });

    // Neither verdict's address was sent, nor reserved for in the ledger.
    expect(sent).not.toContain('deliverable+1@people.example');
    expect(sent).not.toContain('undeliverable+2@people.example');
    expect(sent.sort()).toEqual(list.slice(2).sort());
    const { prices } = bench.sandbox.config;
    const reservedFor =
      reserved(bench, 'email').addresses + reserved(bench, 'email_batch').addresses;
    expect(reservedFor).toBe(3);
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(3 * prices.email);

    const { rows } = await jobs.rows(job.id, 0, 10);
    expect(rows.slice(0, 2).map((r) => [r.status, r.reused])).toEqual([
      ['deliverable', { checkedAt: checkedOn, source: 'zerobounce' }],
      ['undeliverable', { checkedAt: checkedOn, source: 'zerobounce' }],
    ]);
    expect(rows[2]?.reused).toBeUndefined();

    const destPath = join(bench.dir, 'people-cleaned.csv');
    await jobs.export(job.id, {
      destPath,
      columns: ['email_status', 'email_flags', 'email_checked_at'],
    });
    const lines = (await readFile(destPath, 'utf8')).trim().split(/\r?\n/);
    const day = new Date(checkedOn * 1000).toISOString().slice(0, 10);
    expect(lines[1]).toBe(
      `deliverable+1@people.example,row 1,deliverable,reused reused_from:zerobounce,${day}`,
    );
    expect(lines[3]?.split(',').slice(2, 4)).toEqual(['deliverable', '']);

    // The outcome log keeps the vendor; a line written before vendors reads as a plain reuse.
    const log = join(bench.dataDir, 'jobs', job.id, 'outcomes.log');
    const text = await readFile(log, 'utf8');
    expect(text).toContain(`\tr${checkedOn}\tzerobounce\n`);
    const old = join(bench.dir, 'old-outcomes.log');
    await writeFile(
      old,
      `0\td\t\u0000\t\t\u0000\tr${checkedOn}\n1\tu\t\u0000\t\t\u0000\tr${checkedOn}\tsomevendor\n`,
    );
    const table = await loadOutcomes(old, 2);
    expect(table.get(0)).toMatchObject({ origin: 'reused', checkedAt: checkedOn });
    expect(table.get(0)?.source).toBeUndefined();
    expect(table.get(1)).toMatchObject({ origin: 'reused', checkedAt: checkedOn });
    expect(table.get(1)?.source).toBeUndefined();
    expect(table.counts()).toMatchObject({ reused: 2, reusedFromVendors: 0 });
  });
});
