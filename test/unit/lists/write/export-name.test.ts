// Export names: one default for every shell, valid on the system it is written
// on, and every destination checked by that system's rules before anything is
// written: Windows' device names, trailing dots and spaces, refused
// characters, the length of a name, a missing folder, and the user's own list.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultExportName,
  defaultExportPath,
  exportDestinationProblem,
  exportNameProblem,
} from '../../../../electron/lists/write/export-name';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-names-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const PLATFORMS = ['win32', 'darwin', 'linux'] as const;

describe('the default export name', () => {
  it('says which rows it keeps, as the app names it', () => {
    for (const platform of PLATFORMS) {
      expect(defaultExportName('contacts.csv', { platform })).toBe('contacts.cleaned.csv');
      expect(defaultExportName('contacts.csv', { platform, filter: 'deliverable' })).toBe(
        'contacts.deliverable.csv',
      );
      expect(defaultExportName('contacts.csv', { platform, filter: 'not-deliverable' })).toBe(
        'contacts.to-review.csv',
      );
      expect(defaultExportName('contacts.txt', { platform })).toBe('contacts.cleaned.csv');
      expect(defaultExportName('list.tsv', { platform })).toBe('list.cleaned.csv');
    }
  });

  it('keeps a .tsv extension for the command line', () => {
    expect(defaultExportName('list.tsv', { keepTsv: true })).toBe('list.cleaned.tsv');
    expect(defaultExportName('LIST.TSV', { keepTsv: true })).toBe('LIST.cleaned.tsv');
    expect(defaultExportName('list.csv', { keepTsv: true })).toBe('list.cleaned.csv');
  });

  it('lies beside the input', () => {
    expect(defaultExportPath('/home/ann/lists/contacts.csv', { platform: 'linux' })).toBe(
      '/home/ann/lists/contacts.cleaned.csv',
    );
    expect(
      defaultExportPath('C:\\Users\\Ann\\contacts.csv', {
        platform: 'win32',
        filter: 'deliverable',
      }),
    ).toBe('C:\\Users\\Ann\\contacts.deliverable.csv');
  });

  it('is never a Windows device name, whatever the list was called', () => {
    const cases: Record<string, string> = {
      'con.csv': 'con_.cleaned.csv',
      'NUL.txt': 'NUL_.cleaned.csv',
      'Com1.csv': 'Com1_.cleaned.csv',
      'lpt³.csv': 'lpt³_.cleaned.csv',
      'aux.list.csv': 'aux_.list.cleaned.csv',
      'console.csv': 'console.cleaned.csv',
    };
    for (const [input, name] of Object.entries(cases)) {
      expect(defaultExportName(input, { platform: 'win32' })).toBe(name);
      expect(exportNameProblem(name, 'win32')).toBeNull();
    }
    // Elsewhere CON is an ordinary name.
    expect(defaultExportName('con.csv', { platform: 'linux' })).toBe('con.cleaned.csv');
  });

  it('replaces characters Windows refuses', () => {
    expect(defaultExportName('what?*|.csv', { platform: 'win32' })).toBe('what___.cleaned.csv');
    expect(defaultExportName('what?*|.csv', { platform: 'linux' })).toBe('what?*|.cleaned.csv');
  });

  it('is shortened to fit, keeping its extension', () => {
    const long = `${'x'.repeat(250)}.csv`;
    for (const platform of PLATFORMS) {
      const name = defaultExportName(long, { platform });
      expect(name).toBe(`${'x'.repeat(255 - '.cleaned.csv'.length)}.cleaned.csv`);
      expect(exportNameProblem(name, platform)).toBeNull();
    }
    // Linux counts bytes: a name of accented letters is cut sooner, never mid-letter.
    const accented = defaultExportName(`${'é'.repeat(200)}.csv`, { platform: 'linux' });
    expect(Buffer.byteLength(accented)).toBeLessThanOrEqual(255);
    expect(accented).toMatch(/^é+\.cleaned\.csv$/);
    expect(defaultExportName(`${'é'.repeat(200)}.csv`, { platform: 'win32' })).toBe(
      `${'é'.repeat(200)}.cleaned.csv`,
    );
  });

  it('never comes back as the input, even when shortened', () => {
    const stem = 'x'.repeat(255 - '.cleaned.csv'.length);
    const input = `${stem}.cleaned.csv`;
    const name = defaultExportName(input, { platform: 'linux' });
    expect(name).not.toBe(input);
    expect(name.endsWith('_.cleaned.csv')).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
  });
});

describe('a chosen file name', () => {
  it('is refused on Windows when it is a device name, with any extension and in any case', () => {
    for (const name of [
      'CON',
      'con.csv',
      'Prn.txt',
      'aux.tar.gz',
      'nul .csv',
      'COM1.csv',
      'com9',
      'LPT1.csv',
      'lpt9.csv',
      'COM¹.csv',
      'com².csv',
      'LPT³.csv',
      'CONIN$.csv',
    ]) {
      const problem = exportNameProblem(name, 'win32');
      expect(problem, name).toMatch(/is a name it keeps for a device\. Choose another name\.$/);
      expect(exportNameProblem(name, 'linux'), name).toBeNull();
      expect(exportNameProblem(name, 'darwin'), name).toBeNull();
    }
    expect(exportNameProblem('con.csv', 'win32')).toBe(
      'Windows cannot save a file named "con.csv": CON is a name it keeps for a device. Choose another name.',
    );
    for (const name of ['console.csv', 'com10.csv', 'lpt.csv', 'com0x.csv', 'my con.csv']) {
      expect(exportNameProblem(name, 'win32'), name).toBeNull();
    }
  });

  it('is refused on Windows when it ends with a dot or a space', () => {
    for (const name of ['list.', 'list.csv.', 'list.csv ', 'list ']) {
      expect(exportNameProblem(name, 'win32'), name).toMatch(/may not end with a dot or a space/);
      expect(exportNameProblem(name, 'linux'), name).toBeNull();
    }
  });

  it('is refused on Windows when it holds a character Windows refuses', () => {
    expect(exportNameProblem('a:b.csv', 'win32')).toBe(
      'Windows does not allow ":" in a file name ("a:b.csv"). Choose another name.',
    );
    expect(exportNameProblem('what?*.csv', 'win32')).toContain('"?" and "*"');
    expect(exportNameProblem('tab\there.csv', 'win32')).toContain('a control character');
    for (const c of ['<', '>', '"', '|']) {
      expect(exportNameProblem(`a${c}b.csv`, 'win32'), c).toContain(`"${c}"`);
    }
    expect(exportNameProblem('a:b?.csv', 'linux')).toBeNull();
    expect(exportNameProblem('a\u0000b.csv', 'linux')).toContain('a control character');
  });

  it('may have 255 characters, no more', () => {
    for (const platform of PLATFORMS) {
      expect(exportNameProblem(`${'a'.repeat(251)}.csv`, platform)).toBeNull();
      expect(exportNameProblem(`${'a'.repeat(252)}.csv`, platform)).toMatch(
        /is too long \(256 characters; at most 255\)\. Choose a shorter name\.$/,
      );
    }
    // Linux counts bytes; Windows and macOS count characters.
    const accented = `${'é'.repeat(130)}.csv`;
    expect(exportNameProblem(accented, 'linux')).toMatch(/too long \(at most 255 bytes here/);
    expect(exportNameProblem(accented, 'win32')).toBeNull();
    expect(exportNameProblem(accented, 'darwin')).toBeNull();
  });
});

describe('a chosen destination', () => {
  it('is refused on Windows when a folder on the way ends with a dot or a space', async () => {
    expect(
      await exportDestinationProblem('C:\\Users\\Ann\\lists.\\out.csv', { platform: 'win32' }),
    ).toBe(
      'Windows cannot use the folder "lists.": a folder name may not end with a dot or a space. Choose another folder.',
    );
    expect(
      await exportDestinationProblem('C:\\Users\\Ann \\out.csv', { platform: 'win32' }),
    ).toMatch(/folder "Ann "/);
  });

  it('needs its folder to exist, and its name not to be a folder', async () => {
    expect(await exportDestinationProblem(join(dir, 'gone', 'out.csv'))).toBe(
      `The folder ${join(dir, 'gone')} does not exist. Choose another place.`,
    );
    await mkdir(join(dir, 'out.csv'));
    expect(await exportDestinationProblem(join(dir, 'out.csv'))).toBe(
      '"out.csv" is a folder. Choose a name for the file.',
    );
  });

  it('is never the input itself, in any case where the system ignores case', async () => {
    const input = join(dir, 'Contacts.csv');
    await writeFile(input, 'email\n');
    const refusal =
      'The cleaned list cannot replace Contacts.csv: your original file is never changed. Choose another name.';
    expect(await exportDestinationProblem(input, { input })).toBe(refusal);
    expect(await exportDestinationProblem(join(dir, '.', 'Contacts.csv'), { input })).toBe(refusal);
    const other = join(dir, 'CONTACTS.CSV');
    expect(await exportDestinationProblem(other, { input, platform: 'darwin' })).toBe(refusal);
    expect(await exportDestinationProblem(other, { input, platform: 'linux' })).toBeNull();
    expect(await exportDestinationProblem(join(dir, 'contacts.cleaned.csv'), { input })).toBeNull();
  });

  it('is never the input on macOS when only the accents are composed differently', async () => {
    const input = join(dir, 'Caf\u00e9.csv');
    await writeFile(input, 'email\n');
    const decomposed = join(dir, 'Cafe\u0301.csv');
    expect(await exportDestinationProblem(decomposed, { input, platform: 'darwin' })).toMatch(
      /cannot replace/,
    );
    expect(await exportDestinationProblem(decomposed, { input, platform: 'linux' })).toBeNull();
  });

  it('is never the input reached through a link', async () => {
    const input = join(dir, 'contacts.csv');
    await writeFile(input, 'email\n');
    await symlink(input, join(dir, 'link.csv'));
    expect(await exportDestinationProblem(join(dir, 'link.csv'), { input })).toMatch(
      /cannot replace contacts\.csv/,
    );
  });
});
