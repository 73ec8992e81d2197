// A platform's bounce report matched to a finished job run against the
// sandbox: which addresses we called deliverable bounced hard (the evidence
// file), soft (no evidence), or were complaints and unsubscribes; what we
// called undeliverable or unknown; what is not in the list; and what joins
// the suppression list, once however often the report is matched.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { openSuppressionStore } from '../../../electron/suppression/store';
import { EVIDENCE_HEADER, evidenceCsv } from '../../../electron/bounces/evidence';
import { lastBounceMatch, matchBounceReport } from '../../../electron/bounces/match';
import { setup, type Bench } from '../jobs/support';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/bounces/${name}`, import.meta.url));

const ACCOUNT = 'bounces-test';

async function finishedJob(b: Bench) {
  const jobs = await b.jobs({ memory: { account: ACCOUNT } });
  const { job } = await jobs.importFile(fixture('list.csv'));
  await jobs.start(job.id, 'email');
  const done = await jobs.finished(job.id);
  expect(done.state).toBe('done');
  return { jobs, job: done };
}

const rowsOf = async (path: string) =>
  Papa.parse<string[]>((await readFile(path, 'utf8')).trim(), { newline: '\r\n' }).data;

describe('the evidence file', () => {
  it('quotes and escapes cells as the export does', () => {
    const csv = evidenceCsv([
      {
        address: 'a@example.com',
        verdict: 'deliverable',
        verdictDate: '2026-09-30T10:00:00.000Z',
        source: 'paid',
        jobId: 'job-1',
        bounceDate: null,
        bounceType: 'hard',
        detail: '=HYPERLINK("http://x.test"), 550',
      },
    ]);
    expect(csv).toBe(
      `${EVIDENCE_HEADER.join(',')}\r\n` +
        `a@example.com,deliverable,2026-09-30T10:00:00.000Z,paid,job-1,,hard_bounce,"'=HYPERLINK(""http://x.test""), 550"\r\n`,
    );
  });
});

describe('matching a bounce report', () => {
  it('counts each kind of bounce by our verdict and keeps the hard bounces of deliverable addresses as evidence', async () => {
    const b = await setup();
    const { jobs, job } = await finishedJob(b);
    const { view, evidencePath } = await matchBounceReport(
      jobs,
      job.id,
      fixture('postmark-bounces.csv'),
    );

    expect(view).toMatchObject({
      jobId: job.id,
      fileName: 'postmark-bounces.csv',
      format: 'Postmark bounces',
      rows: 10,
      skipped: 1,
      addresses: 8,
      inList: 7,
      notInList: 1,
      deliverable: {
        hard: 2,
        soft: 1,
        unspecified: 0,
        paid: 2,
        reused: 0,
        // The fixture's bounces are dated before this test checks the list.
        beforeVerdict: 2,
        firstBounce: '2026-10-03T12:02:10.000Z',
        lastBounce: '2026-10-09T17:30:00.000Z',
        firstVerdict: job.finishedAt,
        lastVerdict: job.finishedAt,
      },
      undeliverable: 1,
      unknown: 1,
      otherVerdict: 0,
      complaints: 1,
      unsubscribes: 1,
      // Hard bounces (five, one not in the list), the complaint and the unsubscribe.
      suppressed: { added: 7, already: 0 },
      evidenceRows: 2,
    });
    expect(evidencePath).toMatch(/bounces[\\/]1-evidence\.csv$/);

    const [header, ...rows] = await rowsOf(evidencePath);
    expect(header).toEqual([...EVIDENCE_HEADER]);
    // In the list's order, with the platform's words.
    expect(rows).toEqual([
      [
        'deliverable+1@example.com',
        'deliverable',
        job.finishedAt,
        'paid',
        job.id,
        '2026-10-03T12:02:10.000Z',
        'hard_bounce',
        'HardBounce: =HYPERLINK("http://x.test") smtp;550 5.1.1 unknown user',
      ],
      [
        'deliverable+2@example.com',
        'deliverable',
        job.finishedAt,
        'paid',
        job.id,
        '2026-10-09T17:30:00.000Z',
        'hard_bounce',
        'HardBounce: smtp;550 5.1.1 mailbox not found',
      ],
    ]);

    // Matched again: nothing new on the suppression list, a second evidence file beside the first.
    const again = await matchBounceReport(jobs, job.id, fixture('postmark-bounces.csv'));
    expect(again.view.suppressed).toEqual({ added: 0, already: 7 });
    expect(again.evidencePath).toMatch(/bounces[\\/]2-evidence\.csv$/);
    expect(await lastBounceMatch(jobs, job.id)).toEqual(again);

    await jobs.stop();
    const store = await openSuppressionStore(b.dataDir, { account: ACCOUNT });
    try {
      expect(await store.get('deliverable+1@example.com')).toMatchObject({
        reason: 'hard_bounce',
        source: 'postmark-bounces.csv',
      });
      expect((await store.get('deliverable+4@example.com'))?.reason).toBe('complaint');
      expect((await store.get('stranger@elsewhere.example'))?.reason).toBe('hard_bounce');
      // A soft bounce is no reason never to mail again.
      expect(await store.get('deliverable+3@example.com')).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('marks a verdict reused from the memory with the date it was given', async () => {
    const b = await setup();
    const first = await finishedJob(b);
    const { jobs, job } = await finishedJob(b);
    expect(job.reused).toBeGreaterThan(0);
    const { view, evidencePath } = await matchBounceReport(
      jobs,
      job.id,
      fixture('sendgrid-bounces.csv'),
    );
    expect(view.deliverable).toMatchObject({ hard: 1, soft: 1, paid: 0, reused: 1 });
    expect(view.undeliverable).toBe(1);
    const [, row] = await rowsOf(evidencePath);
    expect(row?.[0]).toBe('deliverable+6@example.com');
    expect(row?.[3]).toBe('reused');
    expect(row?.[7]).toBe('5.1.1: =1+1 550 5.1.1 No such mailbox');
    // The memory's date: when the first job was answered, to the second.
    const given = Date.parse(row?.[2] ?? '');
    expect(given).toBeGreaterThanOrEqual(Date.parse(first.job.startedAt ?? '') - 1_000);
    expect(given).toBeLessThanOrEqual(Date.parse(first.job.finishedAt ?? ''));
    expect(view.deliverable.firstVerdict).toBe(row?.[2]);
  });

  it('refuses a job not finished, and a file with no addresses', async () => {
    const b = await setup();
    const jobs = await b.jobs({ memory: { account: ACCOUNT } });
    const { job } = await jobs.importFile(fixture('list.csv'));
    await expect(matchBounceReport(jobs, job.id, fixture('postmark-bounces.csv'))).rejects.toThrow(
      /has not finished yet/,
    );
    await expect(
      matchBounceReport(jobs, 'no-such-job', fixture('postmark-bounces.csv')),
    ).rejects.toThrow(/There is no job no-such-job/);
    await jobs.start(job.id, 'email');
    await jobs.finished(job.id);
    const noAddresses = fileURLToPath(
      new URL('../../fixtures/suppression/no-addresses.csv', import.meta.url),
    );
    await expect(matchBounceReport(jobs, job.id, noAddresses)).rejects.toThrow(
      /no column of addresses/,
    );
    expect(await lastBounceMatch(jobs, job.id)).toBeNull();
  });
});
