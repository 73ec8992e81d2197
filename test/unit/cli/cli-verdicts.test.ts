// `list-cleaner verdicts import`: a vendor's result file into the memory the
// app and `clean` reuse from, with its counts (read, remembered by status,
// not kept and the words not mapped, skipped); then `clean` takes those
// verdicts free, marked with the vendor; a file named as another vendor's is
// refused with the columns expected, and usage mistakes exit 2.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, setup } from '../jobs/support';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/verdicts/${name}.csv`, import.meta.url));

describe('list-cleaner verdicts import', () => {
  it('remembers the verdicts, and clean reuses them free, marked with the vendor', async () => {
    const b = await setup();
    const env = { ...b.env(), LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9' };
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const verdicts = join(b.dir, 'kickbox-results.csv');
    await writeFile(
      verdicts,
      [
        'email,result,reason,sendex',
        'deliverable+1@example.com,deliverable,accepted_email,0.9',
        'undeliverable+1@example.com,undeliverable,rejected_email,0',
        'deliverable+2@example.com,risky,low_deliverability,0.5',
        'deliverable+3@example.com,sendable,accepted_email,0.8',
        'nobody,deliverable,accepted_email,0.9',
        '',
      ].join('\n'),
    );
    const imported = await cli(
      ['verdicts', 'import', verdicts, '--vendor', 'kickbox', '--date', day, '--json'],
      env,
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({
      vendor: 'kickbox',
      file: 'kickbox-results.csv',
      rows: 5,
      remembered: { deliverable: 1, undeliverable: 1 },
      unknown: 1,
      unmapped: { sendable: 1 },
      skipped: { no_address: 1, older: 0 },
      date: day,
      memory_unavailable: false,
    });
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);

    const list = join(b.dir, 'news.csv');
    await writeFile(
      list,
      'email\ndeliverable+1@example.com\nundeliverable+1@example.com\ndeliverable+2@example.com\n',
    );
    const out = join(b.dir, 'news.cleaned.csv');
    const cleaned = await cli(['clean', list, '--json', '--flags', '--out', out], env);
    expect(cleaned.code, cleaned.stderr).toBe(0);
    expect(JSON.parse(cleaned.stdout)).toMatchObject({ reused: 2, paid: 1 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(1_000);
    const rows = (await readFile(out, 'utf8')).trim().split(/\r?\n/);
    expect(rows[1]).toMatch(/^deliverable\+1@example\.com,deliverable,/);
    expect(rows[1]).toContain(`reused reused_from:kickbox,${day}`);

    // Said in words without --json; the same file again keeps nothing newer.
    const again = await cli(['verdicts', 'import', verdicts, '--date', day], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('5 rows of Kickbox verdicts');
    expect(again.stdout).toContain('Remembered: 0 (0 deliverable, 0 undeliverable)');
    expect(again.stdout).toContain('sendable (1)');
    expect(again.stdout).toContain('Skipped: 2 with an answer as new or newer already remembered.');
  });

  it('refuses a file whose columns are not the named vendor, and usage mistakes', async () => {
    const b = await setup();
    const env = b.env();
    const wrong = await cli(
      ['verdicts', 'import', fixture('kickbox'), '--vendor', 'emailable'],
      env,
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('expected "email", "state" and "reason"');
    expect(wrong.stderr).toContain('It looks like a Kickbox file: choose Kickbox instead.');
    for (const args of [
      ['verdicts'],
      ['verdicts', 'import'],
      ['verdicts', 'import', fixture('kickbox'), '--vendor', 'acme'],
      ['verdicts', 'import', fixture('kickbox'), '--date', '2026-13-40'],
    ]) {
      const result = await cli(args, env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('See list-cleaner --help.');
    }
  });
});
