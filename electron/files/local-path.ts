// Which paths main may open or write for the user. Checked before any file is
// touched: on Windows, merely opening \\server\share\… sends the user's
// Windows credentials to that server, and \\?\ or \\.\ reach devices and
// bypass the usual path rules.
import { posix, win32 } from 'node:path';

/** Why main will not open (or write) this path, in words for the user; null when it may. */
export function localPathProblem(
  path: string,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (path.length === 0 || path.includes('\0'))
    return 'That is not a file name List Cleaner can use.';
  if (platform === 'win32') {
    if (/^[\\/]{2}/.test(path)) {
      return 'List Cleaner does not use files on network shares or device paths (\\\\server\\share, \\\\?\\, \\\\.\\). Copy the file to a folder on this computer and use it from there.';
    }
    // A drive and its root: "C:file.csv" and "\file.csv" depend on hidden state.
    if (!/^[A-Za-z]:[\\/]/.test(path) || !win32.isAbsolute(path)) {
      return 'That is not a full path to a file on this computer.';
    }
    return null;
  }
  return posix.isAbsolute(path) ? null : 'That is not a full path to a file on this computer.';
}
