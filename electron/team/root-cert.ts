// The root certificate a team store's address names (sslrootcert=<file>),
// read without letting the file stall or crash main: the path must be a
// local one (on Windows, opening \\server\share\… sends the user's
// credentials to that server), the file a regular file (a FIFO or a device
// such as /dev/zero would block a read or never end) of at most
// ROOT_CERT_BYTES, read asynchronously, and holding a PEM certificate.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { message, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { localPathSaid } from '../files/local-path';

/** The most a root certificate file may hold: a chain of certificates is a few kilobytes. */
export const ROOT_CERT_BYTES = 1024 * 1024;

const refused = (said: Message) => new AppError('invalid_input', said);

/** The PEM text of the root certificate at `path`; throws what is wrong with it, in words. */
export async function readRootCert(
  path: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string> {
  const local = localPathSaid(path, platform);
  if (local !== null) throw refused(local);
  // Non-blocking: a FIFO opens at once instead of waiting for a writer (not on Windows).
  const flags = constants.O_RDONLY | (platform === 'win32' ? 0 : constants.O_NONBLOCK);
  const handle = await open(path, flags).catch(() => {
    throw refused(message('error.team.url.rootCertUnreadable', { path }));
  });
  try {
    // Judged on the opened file, so a link swapped after a check changes nothing.
    const stat = await handle.stat();
    if (!stat.isFile()) throw refused(message('error.team.rootCert.notRegular', { path }));
    const tooLarge = () =>
      refused(message('error.team.rootCert.tooLarge', { path, max: ROOT_CERT_BYTES / 1024 ** 2 }));
    if (stat.size > ROOT_CERT_BYTES) throw tooLarge();
    // One byte more than the cap is asked for: a file that grew since is refused too.
    const buffer = Buffer.alloc(ROOT_CERT_BYTES + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled > ROOT_CERT_BYTES) throw tooLarge();
    }
    const pem = buffer.subarray(0, filled).toString('utf8');
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw refused(message('error.team.rootCert.notCertificate', { path }));
    }
    return pem;
  } finally {
    await handle.close();
  }
}
