// `list-cleaner suppress` as a user runs it: the real command in a child
// process on the bench's data folder and key. Exports are added with their
// figures, a file without addresses is refused with the columns looked for,
// the list shows its files and (as JSON) its entries a page at a time, an
// address is found, and removal takes an address, a file the list came from,
// or a file of addresses.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, setup } from '../jobs/support';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/suppression/${name}`, import.meta.url));

describe('list-cleaner suppress', () => {
  it('adds, lists, finds and removes', async () => {
    const bench = await setup({ checkLedger: false });
    const env = bench.env();

    const added = await cli(
      ['suppress', 'add', fixture('mailchimp-cleaned.csv'), fixture('manual-list.csv')],
      env,
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(
      'mailchimp-cleaned.csv: Mailchimp cleaned members: 3 rows read, 2 added, 0 replaced; 1 row skipped (no valid email address)',
    );
    expect(added.stdout).toMatch(/manual-list\.csv: A list of addresses: 3 rows read, 2 added/);
    expect(added.stdout).toContain('The suppression list now holds 4 addresses.');

    const refused = await cli(['suppress', 'add', fixture('no-addresses.csv')], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /no-addresses\.csv has no column of addresses: List Cleaner looked for a column named "Email Address" .*"Email" .*"address" .*Its first row has "name", "city"\./,
    );

    const listed = await cli(['suppress', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/holds 4 addresses, from 2 file\(s\)/);
    expect(listed.stdout).toMatch(
      /^ {2}mailchimp-cleaned\.csv +2 addresses +added \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m,
    );

    const one = await cli(
      ['suppress', 'list', '--source', 'mailchimp-cleaned.csv', '--limit', '1'],
      env,
    );
    expect(one.stdout).toMatch(
      /^ {4}\S+@example\.\S+ {2}hard bounce {2}2025-0\d-\d\d {2}mailchimp-cleaned\.csv/m,
    );
    expect(one.stdout).toContain(
      'More: list-cleaner suppress list --source mailchimp-cleaned.csv --limit 1 --after ',
    );

    const page = JSON.parse(
      (await cli(['suppress', 'list', '--json', '--limit', '3'], env)).stdout,
    ) as { total: number; sources: unknown[]; entries: { address: string }[]; next: string | null };
    expect(page).toMatchObject({ total: 4 });
    expect(page.sources).toHaveLength(2);
    expect(page.entries).toHaveLength(3);
    const rest = JSON.parse(
      (await cli(['suppress', 'list', '--json', '--after', page.next ?? ''], env)).stdout,
    ) as typeof page;
    expect(rest.next).toBeNull();
    expect([...page.entries, ...rest.entries].map((e) => e.address).sort()).toEqual([
      'eve@example.com',
      'finn@example.org',
      'gone.away@example.com',
      'no-mailbox@example.org',
    ]);

    const found = await cli(['suppress', 'find', 'Gone.Away@Example.com'], env);
    expect(found.stdout).toContain(
      'gone.away@example.com is suppressed: hard bounce since 2025-03-02, from mailchimp-cleaned.csv (cleaned: Spring sale). Remove it with: list-cleaner suppress remove gone.away@example.com',
    );

    // An address; a file the list came from, named by the path it was added with; a file of addresses.
    const addressesFile = join(bench.dir, 'take-out.csv');
    await writeFile(addressesFile, 'email\neve@example.com\nnobody@example.com\n');
    const removed = await cli(
      [
        'suppress',
        'remove',
        'gone.away@example.com',
        fixture('mailchimp-cleaned.csv'),
        addressesFile,
        'nonsense',
      ],
      env,
    );
    expect(removed.code).toBe(1);
    expect(removed.stdout).toContain('Removed gone.away@example.com.');
    expect(removed.stdout).toContain('Removed mailchimp-cleaned.csv and its 1 address.');
    expect(removed.stdout).toContain(
      'Removed 1 of the 2 addresses in take-out.csv (1 were not on the list).',
    );
    expect(removed.stderr).toMatch(/nonsense is not an address .*nothing was removed for it\./);

    const left = await cli(['suppress', 'find', 'finn@example.org', '--json'], env);
    expect(JSON.parse(left.stdout)).toMatchObject({
      suppressed: true,
      entry: { reason: 'manual' },
    });
    const gone = await cli(['suppress', 'find', 'eve@example.com'], env);
    expect(gone.stdout).toBe('eve@example.com is not on the suppression list.\n');
  }, 60_000);

  it('says how to use it', async () => {
    const bench = await setup({ checkLedger: false });
    const none = await cli(['suppress'], bench.env());
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/suppress needs a subcommand/);
    const noFile = await cli(['suppress', 'add'], bench.env());
    expect(noFile.code).toBe(2);
    const help = await cli(['--help'], bench.env());
    expect(help.stdout).toMatch(/suppress remove <arg>\.\.\. +An argument with @ is an address/);
  }, 30_000);
});
