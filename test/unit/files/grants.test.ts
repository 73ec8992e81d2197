// Main opens only files the user chose by a gesture and shows only files it
// saved itself. Tried as script in the window would: naming a readable CSV,
// or /etc, gets nothing, and no file is read or shown.
import {
  mkdtemp,
  mkdir,
  readdir,
  realpath,
  rename,
  rm,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import { MAX_LIST_BYTES } from '../../../electron/common/limits';
import { fileGrantRoute } from '../../../electron/ipc/file-grant';
import { english } from '../../../electron/common/i18n/message';
import { createFileGrants, type FileGrants } from '../../../electron/files/grants';

/** The grant channel's route over `grants`, as the shells use it (ipc/file-grant.ts). */
const route = (grants: FileGrants) => fileGrantRoute(grants, () => english.t);
import type { ExportView, FileGrantView, ImportView } from '../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';

let dir: string;
let list: string;
const cores: Core[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-grants-'));
  list = join(dir, 'contacts.csv');
  await writeFile(list, 'email\ndeliverable+1@provider1.test\nundeliverable+2@provider1.test\n');
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function open(chosen: string | null = null) {
  const shown: string[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-grants-data-'));
  const core = await createCore({
    dataDir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      chooseOpenPath: async () => chosen,
      chooseSavePath: async (suggested) => join(dir, `saved-${Date.now()}-${suggested.length}.csv`),
      showInFolder: (path) => void shown.push(path),
    },
  });
  cores.push(core);
  await core.registry.invoke('demo:start', undefined);
  return { core, shown, dataDir };
}

const jobsIn = async (dataDir: string) =>
  (await readdir(join(dataDir, 'demo', 'jobs')).catch(() => [])).length;

describe('files by the user’s gesture only', () => {
  it('refuses list:import of a readable CSV the window names, and reads nothing', async () => {
    const { core, dataDir } = await open();
    for (const input of [{ path: list }, { token: list }, { token: 'Zm9vYmFyYmF6cXV4MTIzNA' }]) {
      const answer = await core.registry.invoke('list:import', input);
      expect(answer, JSON.stringify(input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      expect(JSON.stringify(answer)).not.toContain('deliverable+1');
    }
    expect(await jobsIn(dataDir)).toBe(0);
  });

  it('imports a granted file once: its token is spent by the import', async () => {
    const { core } = await open();
    const { token, fileName } = await core.files.grant(list);
    expect(fileName).toBe('contacts.csv');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const first = await core.registry.invoke('list:import', { token });
    expect(first).toMatchObject({ ok: true, value: { counts: { unique: 2 } } });
    expect(await core.registry.invoke('list:import', { token })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('drop it on the window') },
    });
  });

  it('grants the file chosen in main’s Open dialog, and nothing when it is closed', async () => {
    const chosen = await open(list);
    const grant = await chosen.core.registry.invoke('file:choose', undefined);
    expect(grant).toMatchObject({ ok: true, value: { fileName: 'contacts.csv' } });
    const { token } = (grant as { value: FileGrantView }).value;
    expect(await chosen.core.registry.invoke('list:import', { token })).toMatchObject({ ok: true });

    const closed = await open(null);
    expect(await closed.core.registry.invoke('file:choose', undefined)).toEqual({
      ok: true,
      value: null,
    });
  });

  it('refuses file:show of /etc, and shows a saved export by its id', async () => {
    const { core, shown } = await open();
    for (const input of [
      { path: '/etc' },
      { fileId: '/etc' },
      { fileId: 'Zm9vYmFyYmF6cXV4MTIzNA' },
    ]) {
      expect(await core.registry.invoke('file:show', input), JSON.stringify(input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
    expect(shown).toEqual([]);

    const { token } = await core.files.grant(list);
    const imported = await core.registry.invoke('list:import', { token });
    const jobId = (imported as { value: ImportView }).value.job.id;
    await core.registry.invoke('job:start', { jobId, product: 'email' });
    await (await core.workspace.jobs()).finished(jobId);
    const saved = await core.registry.invoke('job:export', {
      jobId,
      filter: 'all',
      columns: ['email_status'],
      bom: false,
      format: 'csv',
    });
    const view = (saved as { value: ExportView }).value;
    expect(await core.registry.invoke('file:show', { fileId: view.fileId })).toEqual({
      ok: true,
      value: null,
    });
    expect(shown).toEqual([view.path]);
  });

  it('grants only files: not a folder, not a missing file, not a relative path', async () => {
    const grants = createFileGrants();
    const folder = join(dir, 'a-folder.csv');
    await mkdir(folder, { recursive: true });
    await expect(grants.grant(folder)).rejects.toMatchObject({ code: 'bad_file' });
    await expect(grants.grant('/etc')).rejects.toThrow(/is not a list/);
    await expect(grants.grant(join(dir, 'missing.csv'))).rejects.toThrow(/could not be opened/);
    await expect(grants.grant('contacts.csv')).rejects.toThrow(/not a full path/);
    expect(await route(grants)(42)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await route(grants)(list)).toMatchObject({
      ok: true,
      value: { fileName: 'contacts.csv' },
    });
  });

  it('on Windows, refuses UNC and device paths before touching them', async () => {
    const grants = createFileGrants('win32');
    for (const path of [
      '\\\\attacker.example\\share\\list.csv',
      '\\\\?\\C:\\list.csv',
      '\\\\.\\COM1',
    ]) {
      expect(await route(grants)(path)).toMatchObject({
        ok: false,
        error: { code: 'bad_file', message: expect.stringContaining('network shares') },
      });
    }
  });

  it('lets older grants lapse rather than keep every dropped path', async () => {
    const grants = createFileGrants();
    const first = await grants.grant(list);
    for (let i = 0; i < 40; i++) await grants.grant(list);
    await expect(grants.take(first.token)).rejects.toThrow(/no longer open/);
  });
});

describe('a grant a taken-over renderer names', () => {
  it('is a list file only: other files, and links leading to them, are refused', async () => {
    const grants = createFileGrants();
    const secret = join(dir, 'id_ed25519');
    await writeFile(secret, '-----BEGIN OPENSSH PRIVATE KEY-----\n');
    const named = join(dir, 'secret.pem');
    await writeFile(named, 'not a list\n');
    for (const path of [secret, named, '/etc/passwd', '/proc/self/environ']) {
      expect(await route(grants)(path), path).toMatchObject({
        ok: false,
        error: { code: 'bad_file', message: expect.stringMatching(/is not a list/) },
      });
    }
    const disguised = join(dir, 'disguised.csv');
    await symlink(secret, disguised);
    expect(await route(grants)(disguised)).toMatchObject({
      ok: false,
      error: {
        code: 'bad_file',
        message: expect.stringContaining('leads to a file that is not a list'),
      },
    });
    // Capitals are a list's extension too.
    const upper = join(dir, 'UPPER.CSV');
    await writeFile(upper, 'email\na@b.co\n');
    expect(await route(grants)(upper)).toMatchObject({ ok: true });
  });

  it('refuses a link swapped after the grant, and a file replaced after it', async () => {
    const grants = createFileGrants();
    const other = join(dir, 'other.csv');
    await writeFile(other, 'email\nsomeone@else.example\n');
    const link = join(dir, 'dropped.csv');
    await symlink(list, link);
    const swapped = await grants.grant(link);
    await rm(link);
    await symlink(other, link);
    await expect(grants.take(swapped.token)).rejects.toMatchObject({
      code: 'bad_file',
      message: expect.stringContaining('changed since you gave it'),
    });

    const file = join(dir, 'replaced.csv');
    await writeFile(file, 'email\na@b.co\n');
    const replaced = await grants.grant(file);
    await writeFile(`${file}.new`, 'email\nc@d.co\n');
    await rename(`${file}.new`, file);
    await expect(grants.take(replaced.token)).rejects.toThrow(/changed since you gave it/);

    // Unchanged, a link's grant opens the very file it led to.
    await rm(link);
    await symlink(list, link);
    const kept = await grants.grant(link);
    await expect(grants.take(kept.token)).resolves.toBe(await realpath(list));
  });

  it('refuses a file larger than any list', async () => {
    const grants = createFileGrants();
    const huge = join(dir, 'huge.csv');
    // Sparse: the size is there, the bytes are not written.
    await truncate(huge, MAX_LIST_BYTES + 1).catch(async () => {
      await writeFile(huge, '');
      await truncate(huge, MAX_LIST_BYTES + 1);
    });
    await expect(grants.grant(huge)).rejects.toThrow(/larger than 4 GB/);
    await rm(huge);
  });
});
