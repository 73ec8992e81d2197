// Which paths main may open or write for the user. Checked before any file is
// touched: on Windows, merely opening \\server\share\… sends the user's
// Windows credentials to that server, and \\?\ or \\.\ reach devices and
// bypass the usual path rules.
import { posix, win32 } from 'node:path';
import { english, message, say, type Message } from '../common/i18n/message';

/** Why main will not open (or write) this path, in words for the user; null when it may. */
export function localPathSaid(
  path: string,
  platform: NodeJS.Platform = process.platform,
): Message | null {
  if (path.length === 0 || path.includes('\0')) return message('error.file.unusableName');
  if (platform === 'win32') {
    if (/^[\\/]{2}/.test(path)) return message('error.file.networkPath');
    // A drive and its root: "C:file.csv" and "\file.csv" depend on hidden state.
    if (!/^[A-Za-z]:[\\/]/.test(path) || !win32.isAbsolute(path)) {
      return message('error.file.notFullPath');
    }
    return null;
  }
  return posix.isAbsolute(path) ? null : message('error.file.notFullPath');
}

/** The same, in English. */
export function localPathProblem(
  path: string,
  platform: NodeJS.Platform = process.platform,
): string | null {
  const said = localPathSaid(path, platform);
  return said === null ? null : say(english.t, said);
}
