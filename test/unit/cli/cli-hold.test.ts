// A job continued under a spending limit it cannot finish within, as a user sees it:
// the job's words and exit code 3, nothing paid past the limit; `jobs` and
// `resume` say how to carry it on, `resume <id>` alone refuses to run it into
// the same limit, and `resume <id> --max-spend` finishes it and writes the
// cleaned file the `clean` was to write.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveExportIntent } from '../../../electron/jobs/results/intent';
import { addresses, cli, failureLines, jobsOnDisk, setup, writeList } from '../jobs/support';

/** Multi checks dearer than bulk tasks: a job of 1,000 goes as one bulk task at $0.50. */
const PRICES = { email: 1_000, email_avatar: 3_000, email_batch: 500, email_avatar_batch: 3_000 };

describe('a clean held at its spending limit', () => {
  it('exits 3 with the reason, pays nothing past it, and resume --max-spend finishes it', async () => {
    const b = await setup({ config: { prices: PRICES }, checkLedger: false });
    const env = { ...b.env(), LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9' };
    // The account's prices, learned by earlier jobs in this data folder.
    await mkdir(b.dataDir, { recursive: true });
    await writeFile(
      join(b.dataDir, 'prices.json'),
      JSON.stringify({ email: 1_000, email_batch: 500 }),
    );
    const file = await writeList(
      b,
      'big.csv',
      addresses(1_000, (i) => `deliverable+${i}@gmail.com`),
    );
    // A clean stopped before its first request (as the window's Stop does), its file still wanted.
    const jobs = await b.jobs();
    const { job } = await jobs.importFile(file);
    const id = job.id;
    await saveExportIntent(b.dataDir, id, {
      out: join(b.dir, 'big.cleaned.csv'),
      keep: undefined,
      domain: undefined,
      bom: false,
      flags: false,
      format: 'csv',
    });
    await jobs.start(id, 'email');
    await jobs.stopJob(id);
    expect((await jobs.finished(id)).hold?.reason).toBe('stopped');
    await jobs.stop();

    // Continued under a limit its one bulk task ($0.50) does not fit: held before it is sent.
    const held = await cli(['resume', id, '--max-spend', '0.3'], env);
    expect(held.code, held.stderr).toBe(3);
    expect(failureLines(held.stderr).join('\n')).toContain(
      `Stopped before going over this job's limit of $0.30 (spent about $0.00). 0 of 1,000 addresses have an outcome and are kept; 1,000 are not sent yet.`,
    );
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);

    // Said in Russian to a person; --json, what a script reads, keeps the English words.
    const russian = { ...env, LIST_CLEANER_LANGUAGE: 'ru' };
    const heldRu = await cli(['jobs'], russian);
    expect(heldRu.stdout).not.toContain('stopped at its spending limit');
    const jsonEn = await cli(['jobs', '--json'], env);
    expect(jsonEn.stdout).toContain("Stopped before going over this job's limit");
    expect((await cli(['jobs', '--json'], russian)).stdout).toBe(jsonEn.stdout);

    const listed = await cli(['jobs'], env);
    expect(listed.stdout).toBe(
      `${id}  big.csv [email]: stopped at its spending limit (0 of 1,000 have an outcome) (list-cleaner resume ${id} --max-spend 0.50 carries on)\n`,
    );

    // Resuming every job leaves it waiting for its own, and says so.
    const all = await cli(['resume'], env);
    expect(all).toMatchObject({ code: 0, stdout: 'No job can go on by itself.\n' });
    expect(all.stderr).toBe(
      `Job ${id} (big.csv) stopped at its spending limit of $0.30; left as it is. Carry it on with: list-cleaner resume ${id} --max-spend 0.50\n`,
    );

    // Named without a new limit: it would stop at once; refused, nothing sent.
    const same = await cli(['resume', id], env);
    expect(same.code).toBe(3);
    expect(failureLines(same.stderr)).toEqual([
      `list-cleaner: Job ${id} stopped at its spending limit of $0.30; it carries on under a new one: list-cleaner resume ${id} --max-spend 0.50. Nothing was sent.`,
    ]);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);

    // The command suggested, exactly as it was printed, finishes it.
    const suggested = /Carry it on with: list-cleaner (.+)$/m.exec(all.stderr)?.[1] ?? '';
    expect(suggested).toBe(`resume ${id} --max-spend 0.50`);
    const resumed = await cli(suggested.split(' '), env);
    expect(resumed.code, resumed.stderr).toBe(0);
    const out = join(b.dir, 'big.cleaned.csv');
    // Continued by the user, not picked up after a restart: no "(resumed)".
    expect(resumed.stdout).toBe(
      `${id}  big.csv [email]: done: 1,000 deliverable, 0 undeliverable, 0 unknown; charged $0.50\n` +
        'List quality: A, 100 of 100 (healthy). All 1,000 addresses are deliverable: safe to send to.\n' +
        'Score = 100 × (1,000 deliverable + half of 0 unknown) ÷ 1,000 addresses (deliverable, undeliverable, unknown, invalid and disposable), rounded down. Repeats and role addresses are left out: a repeat is not a bad address, and a role address is your choice.\n' +
        `Saved 1,000 of 1,000 rows to ${out}\n`,
    );
    // Bulk results name no provider.
    expect((await readFile(out, 'utf8')).split('\n')[1]).toBe(
      'deliverable+0@gmail.com,row 1,deliverable,',
    );
    // Paid once, at the bulk price, for every address.
    const [finished] = await jobsOnDisk(b.dataDir);
    expect(finished).toMatchObject({ paid: 1_000, limitMicros: 500_000, hold: null });
    expect(b.sandbox.ledger.spent(b.key)).toBe(1_000 * PRICES.email_batch);
  });
});
