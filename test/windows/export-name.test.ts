// Export names under Windows' own rules (the platform is this one, not a
// parameter): device names and trailing dots refused, the default name made
// valid, the input recognised whatever the case of its name (Windows would
// write over it), and a destination deeper than 260 characters accepted.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  defaultExportPath,
  exportDestinationProblem,
  exportNameProblem,
} from '../../electron/lists/write/export-name';
import { deepFolder, runsOnWindows, tempDir } from './support';

runsOnWindows();

describe('export names on Windows', () => {
  it('are refused as device names, in any case and with any extension', async () => {
    const dir = await tempDir();
    for (const name of [
      'CON',
      'con.csv',
      'Aux.tar.gz',
      'nul .csv',
      'COM1.csv',
      'lpt9',
      'COM³.csv',
    ]) {
      const problem = await exportDestinationProblem(join(dir, name));
      assert.match(problem ?? '', /is a name it keeps for a device\. Choose another name\.$/, name);
    }
    assert.equal(await exportDestinationProblem(join(dir, 'console.csv')), null);
  });

  it('are refused with a trailing dot or space, in the name or a folder', async () => {
    const dir = await tempDir();
    assert.match((await exportDestinationProblem(join(dir, 'list.csv.'))) ?? '', /end with a dot/);
    assert.match((await exportDestinationProblem(join(dir, 'list.csv '))) ?? '', /end with a dot/);
    assert.match(
      (await exportDestinationProblem(join(dir, 'lists.', 'out.csv'))) ?? '',
      /Windows cannot use the folder "lists\."/,
    );
  });

  it('are refused with characters Windows does not allow', () => {
    assert.equal(
      exportNameProblem('a|b.csv', process.platform),
      'Windows does not allow "|" in a file name ("a|b.csv"). Choose another name.',
    );
  });

  it('by default are valid beside the list, a device-named list included', async () => {
    const dir = await tempDir();
    const path = defaultExportPath(join(dir, 'con.csv'));
    assert.equal(path, join(dir, 'con_.cleaned.csv'));
    assert.equal(await exportDestinationProblem(path), null);
    assert.equal(
      defaultExportPath('C:\\Users\\Ann\\contacts.csv', { filter: 'not-deliverable' }),
      'C:\\Users\\Ann\\contacts.to-review.csv',
    );
  });

  it('never name the input, in any case: Windows would write over it', async () => {
    const dir = await tempDir();
    const input = join(dir, 'Contacts.csv');
    await writeFile(input, 'email\n');
    // Why: the upper-case name is the same file here.
    assert.equal(await readFile(join(dir, 'CONTACTS.CSV'), 'utf8'), 'email\n');
    assert.match(
      (await exportDestinationProblem(join(dir, 'CONTACTS.CSV'), { input })) ?? '',
      /^The cleaned list cannot replace Contacts\.csv: your original file is never changed/,
    );
    assert.equal(
      await exportDestinationProblem(join(dir, 'contacts.cleaned.csv'), { input }),
      null,
    );
  });

  it('accept a folder deeper than 260 characters', async () => {
    const dir = await deepFolder(await tempDir());
    assert.equal(await exportDestinationProblem(join(dir, 'contacts.cleaned.csv')), null);
  });
});
