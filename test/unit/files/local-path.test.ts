// Paths main refuses before any file is opened or written: on Windows, a UNC
// path would send the user's credentials to that server, and the device
// namespaces reach devices and skip the usual path rules.
import { describe, expect, it } from 'vitest';
import { localPathProblem } from '../../../electron/files/local-path';

describe('local paths', () => {
  it.each([
    'C:\\Users\\me\\contacts.csv',
    'c:/Users/me/contacts.csv',
    'D:\\Exports\\list.cleaned.csv',
  ])('allows %s on Windows', (path) => {
    expect(localPathProblem(path, 'win32')).toBeNull();
  });

  it.each([
    '\\\\server\\share\\contacts.csv',
    '//server/share/contacts.csv',
    '\\\\?\\C:\\Users\\me\\contacts.csv',
    '\\\\?\\UNC\\server\\share\\contacts.csv',
    '\\\\.\\COM1',
    '\\\\.\\PhysicalDrive0',
    '/\\server\\share\\contacts.csv',
  ])('refuses the network or device path %s on Windows, and says what to do', (path) => {
    expect(localPathProblem(path, 'win32')).toMatch(
      /network shares or device paths.*Copy the file to a folder on this computer/,
    );
  });

  it.each(['contacts.csv', 'C:contacts.csv', '\\Users\\me\\contacts.csv', '..\\contacts.csv'])(
    'refuses %s on Windows: not a full path',
    (path) => {
      expect(localPathProblem(path, 'win32')).toMatch(/not a full path/);
    },
  );

  it.each(['linux', 'darwin'] as const)('on %s, takes absolute paths only', (platform) => {
    expect(localPathProblem('/home/me/contacts.csv', platform)).toBeNull();
    expect(localPathProblem('contacts.csv', platform)).toMatch(/not a full path/);
    expect(localPathProblem('../contacts.csv', platform)).toMatch(/not a full path/);
  });

  it('refuses an empty path and a NUL anywhere', () => {
    expect(localPathProblem('', 'linux')).not.toBeNull();
    expect(localPathProblem('/tmp/a\0.csv', 'linux')).not.toBeNull();
    expect(localPathProblem('C:\\a\0.csv', 'win32')).not.toBeNull();
  });
});
