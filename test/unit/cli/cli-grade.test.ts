// The list quality grade in what `list-cleaner clean` reports of a finished
// job: two lines for a person (the letter, the score and what it means for
// sending; then how it was worked out), `grade` in the --json summary, the
// same rule as the window's results, and no grade for a list with nothing
// to check.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listGrade, noGradeWords } from '../../../electron/common/grade';
import { english } from '../../../electron/common/i18n/message';
import { cli, setup, type Bench } from '../jobs/support';

/** 4 deliverable, 1 undeliverable, 1 undetermined, 1 invalid, 1 disposable (not paid for), 1 repeat. */
async function gradedList(b: Bench): Promise<string> {
  const rows = [
    'email,name',
    'deliverable+1@gmail.com,Ann',
    'deliverable+2@gmail.com,Bob',
    'undeliverable+1@outlook.com,Cid',
    'deliverable+3@yahoo.com,Dee',
    'undetermined+1@example.com,Eve',
    'not an address,Fay',
    'temp@mailinator.com,Gus',
    'DELIVERABLE+1@gmail.com,Ann again',
    'deliverable+4@example.com,Hal',
  ];
  const path = join(b.dir, 'contacts.csv');
  await writeFile(path, `${rows.join('\n')}\n`);
  return path;
}

describe('clean reports the list quality grade', () => {
  it('prints the grade and how it was worked out between the outcomes and the saved file', async () => {
    const b = await setup();
    const result = await cli(['clean', await gradedList(b)], b.env());
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^contacts\.csv \[email\]: done: 4 deliverable, 1 undeliverable/);
    // 100 × (4 + ½ × 1) ÷ (4 + 1 + 1 + 1 invalid + 1 disposable) = 56.25; the repeat is left out.
    expect(lines[1]).toBe(
      'List quality: D, 56 of 100 (poor). Sending to the 4 deliverable addresses only is safe; ' +
        'sending to all 8, 2 would bounce (25%: the undeliverable and invalid ones), and the unknown one may bounce too.',
    );
    expect(lines[2]).toBe(
      'Score = 100 × (4 deliverable + half of 1 unknown) ÷ 8 addresses (deliverable, undeliverable, unknown, invalid and disposable), rounded down. ' +
        'Repeats and role addresses are left out: a repeat is not a bad address, and a role address is your choice.',
    );
    // The unknown one is asked again later, free; the file is saved at once.
    expect(lines[3]).toMatch(/^1 unknown: asking again at /);
    expect(lines[4]).toMatch(/^Saved 9 of 9 rows to /);
    expect(lines).toHaveLength(6);
  });

  it('puts the score and letter in --json, by the same rule as the window', async () => {
    const b = await setup();
    const result = await cli(['clean', await gradedList(b), '--json'], b.env());
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as Record<string, number> & {
      grade: { score: number; letter: string } | null;
    };
    expect(summary.grade).toEqual({ score: 56, letter: 'D' });
    // The counts in the same summary give the same grade: invalid and empty cells are one outcome.
    const again = listGrade(
      {
        deliverable: summary.deliverable ?? 0,
        undeliverable: summary.undeliverable ?? 0,
        unknown: summary.unknown ?? 0,
        invalid: (summary.invalid ?? 0) + (summary.empty ?? 0),
        disposable: summary.disposable ?? 0,
      },
      english.t,
    );
    expect(summary.grade).toEqual({ score: again?.score, letter: again?.letter });
    expect(summary).toMatchObject({ disposable: 1, invalid: 1, duplicates: 1, unknown: 1 });
  });

  it('says there is no grade when the list has no address to check', async () => {
    const b = await setup();
    const path = join(b.dir, 'nothing.csv');
    await writeFile(path, 'email,name\nn/a,Ann\n,Bob\nnot an address,Cid\n');
    const text = await cli(['clean', path], b.env());
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[1]).toBe(noGradeWords(english.t));
    const json = await cli(['clean', path, '--json', '--out', join(b.dir, 'again.csv')], b.env());
    expect(JSON.parse(json.stdout)).toMatchObject({ unique: 0, grade: null });
    expect(b.sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
