// The root certificate a team store's address names is read without letting
// the file stall or crash main (issue 46): a FIFO, a device, a file of 2 MB,
// a network path and a file without a certificate are refused with words,
// promptly; a real certificate is read.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_CERT_BYTES, readRootCert } from '../../../electron/team/root-cert';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const onWindows = process.platform === 'win32';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-root-cert-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a team store’s root certificate', () => {
  it('is read when it is a regular local file holding a PEM certificate', async () => {
    const path = join(dir, 'ca.pem');
    await writeFile(path, PEM);
    await expect(readRootCert(path)).resolves.toBe(PEM);
  });

  it.skipIf(onWindows)('is refused at once when it is a FIFO, or a link to one', async () => {
    const fifo = join(dir, 'ca.fifo');
    execFileSync('mkfifo', [fifo]);
    // No writer ever opens it: a blocking read would wait forever (vitest's timeout is the guard).
    await expect(readRootCert(fifo)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/is not a regular file/),
    });
    const link = join(dir, 'link.pem');
    await symlink(fifo, link);
    await expect(readRootCert(link)).rejects.toThrow(/is not a regular file/);
  });

  it.skipIf(onWindows)('is refused when it is a device that never ends', async () => {
    await expect(readRootCert('/dev/zero')).rejects.toThrow(/is not a regular file/);
  });

  it('is refused when it is larger than 1 MB', async () => {
    const path = join(dir, 'big.pem');
    await writeFile(path, PEM + 'x'.repeat(2 * 1024 * 1024));
    expect(ROOT_CERT_BYTES).toBe(1024 * 1024);
    await expect(readRootCert(path)).rejects.toThrow(/larger than 1 MB/);
  });

  it('is refused, before any file is opened, on a network share', async () => {
    await expect(readRootCert('\\\\attacker.example\\share\\ca.pem', 'win32')).rejects.toThrow(
      /network shares/,
    );
    await expect(readRootCert('ca.pem')).rejects.toThrow(/full path|folder/);
  });

  it('is refused when it holds no certificate, or is not there', async () => {
    const path = join(dir, 'notes.txt');
    await writeFile(path, 'hello');
    await expect(readRootCert(path)).rejects.toThrow(/holds no PEM certificate/);
    await expect(readRootCert(join(dir, 'none.pem'))).rejects.toThrow(/cannot read/);
  });
});
