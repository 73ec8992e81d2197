// Where `list-cleaner clean` saves: beside the input by default (a .tsv stays
// a .tsv), and a --out that would replace the user's own list is refused
// before the list is read or anything is sent, so nothing is paid for a file
// that could not be written.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, failureLines, jobsOnDisk, setup } from '../jobs/support';

const LIST = 'email\tname\ndeliverable+1@gmail.com\tAnn\nundeliverable+1@gmail.com\tBob\n';

describe('clean --out', () => {
  it('refuses to replace the input, before anything is sent', async () => {
    const b = await setup();
    const input = join(b.dir, 'contacts.tsv');
    await writeFile(input, LIST);
    const result = await cli(['clean', input, '--out', input], b.env());
    expect(result.code).toBe(1);
    expect(failureLines(result.stderr)).toEqual([
      'list-cleaner: The cleaned list cannot replace contacts.tsv: your original file is never changed. Choose another name. Nothing was sent or charged.',
    ]);
    expect(b.sandbox.requests).toEqual([]);
    expect(await jobsOnDisk(b.dataDir)).toEqual([]);
    expect(await readFile(input, 'utf8')).toBe(LIST);
  });

  it('refuses a folder that does not exist, before anything is sent', async () => {
    const b = await setup();
    const input = join(b.dir, 'contacts.tsv');
    await writeFile(input, LIST);
    const out = join(b.dir, 'missing', 'out.tsv');
    const result = await cli(['clean', input, '--out', out], b.env());
    expect(result.code).toBe(1);
    expect(failureLines(result.stderr)).toEqual([
      `list-cleaner: The folder ${join(b.dir, 'missing')} does not exist. Choose another place. Nothing was sent or charged.`,
    ]);
    expect(b.sandbox.requests).toEqual([]);
  });

  it('saves a .tsv list as <name>.cleaned.tsv beside it by default', async () => {
    const b = await setup();
    const input = join(b.dir, 'contacts.tsv');
    await writeFile(input, LIST);
    const result = await cli(['clean', input, '--json'], b.env());
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ out: join(b.dir, 'contacts.cleaned.tsv') });
    expect((await readdir(b.dir)).sort()).toEqual(['contacts.cleaned.tsv', 'contacts.tsv', 'data']);
  });
});
