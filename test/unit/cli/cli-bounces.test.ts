// `list-cleaner bounces <job-id> <file>`: a bounce report matched to a job the
// command line checked, the figures in plain lines or JSON, the evidence file
// where --out says; and the mistakes, each with a command that works as written.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, setup, type Bench } from '../jobs/support';

const fixture = (path: string) => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));
const REPORT = fixture('bounces/postmark-bounces.csv');

/** The id of the list's job, checked by `clean`. */
async function cleaned(b: Bench): Promise<string> {
  const clean = await cli(
    ['clean', fixture('bounces/list.csv'), '--out', join(b.dir, 'list.cleaned.csv')],
    b.env(),
  );
  expect(clean.code, clean.stderr).toBe(0);
  const jobs = JSON.parse((await cli(['jobs', '--json'], b.env())).stdout) as { id: string }[];
  return jobs[0]?.id ?? '';
}

describe('bounces', () => {
  it('prints the figures, saves the evidence where --out says, and matches again harmlessly', async () => {
    const b = await setup();
    const id = await cleaned(b);
    const out = join(b.dir, 'evidence.csv');
    const first = await cli(['bounces', id, REPORT, '--out', out], b.env());
    expect(first.code, first.stderr).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'postmark-bounces.csv (Postmark bounces): 8 addresses, 7 of them in this list.',
    );
    expect(lines[1]).toMatch(
      /^2 addresses we called deliverable bounced hard between Oct 3 and Oct 9; verdicts given [A-Z][a-z]{2} \d+(, \d{4})?\.$/,
    );
    expect(lines).toContain('Both were checked and paid for in this job.');
    // The fixture's bounces are dated before this test checks the list.
    expect(lines).toContain(
      'Both bounced before our verdict was given: a vendor may not count a bounce from before its check.',
    );
    expect(lines).toContain(
      '1 address we called deliverable bounced soft: a full mailbox or a server busy for a while, which is no evidence against the verdict.',
    );
    expect(lines).toContain(
      '2 other bounced addresses: 1 we called undeliverable and 1 we could not determine (unknown). We did not call them deliverable, so there is nothing to refund.',
    );
    expect(lines).toContain(
      '1 complaint and 1 unsubscribe from this list: not bounces, so not evidence.',
    );
    expect(lines).toContain('1 address in the report is not in this list.');
    expect(lines).toContain('1 row of the report had no valid address.');
    expect(lines).toContain(
      '7 added to your suppression list: hard bounces, complaints and unsubscribes are never sent to again.',
    );
    expect(lines.at(-1)).toBe(`Evidence file (the hard bounces, with our verdicts' dates): ${out}`);
    const evidence = (await readFile(out, 'utf8')).trim().split('\r\n');
    expect(evidence).toHaveLength(3);
    expect(evidence[1]).toMatch(
      new RegExp(`^deliverable\\+1@example\\.com,deliverable,.*,paid,${id},`),
    );

    const again = await cli(['bounces', id, REPORT, '--json'], b.env());
    expect(again.code, again.stderr).toBe(0);
    const json = JSON.parse(again.stdout) as {
      suppressed: { added: number; already: number };
      evidenceRows: number;
      evidence: string;
    };
    expect(json.suppressed).toEqual({ added: 0, already: 7 });
    expect(json.evidenceRows).toBe(2);
    // Without --out: the copy kept in the job's folder.
    expect(json.evidence).toMatch(new RegExp(`${id}[\\\\/]bounces[\\\\/]2-evidence\\.csv$`));
  });

  it('prints its lines in the language asked for, and its --json in English', async () => {
    const b = await setup();
    const id = await cleaned(b);
    const ru = { ...b.env(), LIST_CLEANER_LANGUAGE: 'ru' };
    const said = await cli(['bounces', id, REPORT, '--out', join(b.dir, 'evidence.csv')], ru);
    expect(said.code, said.stderr).toBe(0);
    const lines = said.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'postmark-bounces.csv (Отказы Postmark): адресов — 8, из них в этом списке — 7.',
    );
    expect(lines[1]).toMatch(
      /^Жёсткие отказы у адресов, признанных доставляемыми: 2 \(с 3 окт\. по 9 окт\.\)/,
    );
    expect(lines).toContain('Оба проверены и оплачены в этом задании.');
    expect(lines).toContain(
      '1 жалоба и 1 отписка по этому списку: это не отказы, значит, и не доказательство.',
    );
    expect(lines.at(-1)).toMatch(
      /^Файл-доказательство \(жёсткие отказы с датами наших вердиктов\): /,
    );
    // No line is the English one.
    expect(said.stdout).not.toMatch(/ we called | addresses| of them in this list/);

    const json = await cli(['bounces', id, REPORT, '--json'], ru);
    expect(JSON.parse(json.stdout)).toMatchObject({ format: 'Postmark bounces', evidenceRows: 2 });
  });

  it('says what to do with a job that does not exist or is not checked, and a file with no addresses', async () => {
    const b = await setup();
    const missing = await cli(['bounces', '20260101000000-abcdef', REPORT], b.env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'list-cleaner: There is no job 20260101000000-abcdef. See the jobs and their ids with: list-cleaner jobs\n',
    );
    // The command it names works as written.
    expect((await cli(['jobs'], b.env())).code).toBe(0);

    const jobs = await b.jobs();
    const { job } = await jobs.importFile(fixture('bounces/list.csv'));
    const draft = await cli(['bounces', job.id, REPORT], b.env());
    expect(draft.code).toBe(1);
    expect(draft.stderr).toMatch(/was never checked, so there are no verdicts to match/);

    const id = await cleaned(b);
    const none = await cli(['bounces', id, fixture('suppression/no-addresses.csv')], b.env());
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no-addresses\.csv has no column of addresses/);

    const usage = await cli(['bounces', id], b.env());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/bounces needs a job id and the bounce report/);
  });
});
