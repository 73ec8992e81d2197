// The catalogs' check that `npm run lint` runs (scripts/check-messages.mjs):
// the real catalogs pass; a message missing from a language, one English
// does not have, one whose placeholders differ, one no code names and a note
// of no message each fail it, said by id.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = join(import.meta.dirname, '../../../scripts/check-messages.mjs');
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function check(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [script, ...args]);
    return { code: 0, stderr };
  } catch (err) {
    const failed = err as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('the catalogs’ check', () => {
  it('passes the app’s catalogs', async () => {
    expect(await check()).toEqual({ code: 0, stderr: '' });
  });

  it('fails on a missing, extra, mismatched, unused or orphan-noted message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lc-messages-'));
    dirs.push(dir);
    const locales = join(dir, 'locales');
    const source = join(dir, 'src');
    await mkdir(locales);
    await mkdir(source);
    const write = (name: string, value: unknown) =>
      writeFile(join(locales, name), JSON.stringify(value));
    await write('en.json', {
      'a.title': '{fileName} is cleaned',
      'a.count': '{days, plural, one {# day} other {# days}}',
      'a.left': 'Never shown',
    });
    await write('de.json', {
      'a.title': '{datei} ist bereinigt',
      'a.count': '{days, plural, one {# Tag} other {# Tage}}',
      'a.extra': 'Extra',
    });
    await write('fr.json', { 'a.title': '{fileName} : nettoyé', 'a.count': '{days' });
    await write('notes.json', { 'a.gone': 'A note' });
    await writeFile(join(source, 'use.ts'), 't(\'a.title\'); t("a.count");\n');
    const { code, stderr } = await check(locales, source);
    expect(code).toBe(1);
    expect(stderr).toContain('de.json: a.left: missing');
    expect(stderr).toContain('de.json: a.extra: no such message in English');
    expect(stderr).toMatch(/de\.json: a\.title: not the English one's placeholders: .*fileName/);
    expect(stderr).toContain('fr.json: a.count: not an ICU message');
    expect(stderr).toContain('fr.json: a.left: missing');
    expect(stderr).toContain('notes.json: a.gone: a note for no message');
    expect(stderr).toContain('en.json: a.left: used nowhere in src');
    expect(stderr).toContain('7 problem(s) in the catalogs');
  });
});
