// The release-time check of the Windows update pin (scripts/windows-update-pin.mjs,
// run by check:package): a release signed with a certificate the installed
// copies do not pin is refused with what to do; with no certificate
// configured, it says so plainly and what the pins are.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { pinnedFingerprints, windowsPinCheck } from '../../../scripts/windows-update-pin.mjs';
import { repoRoot } from './support';

interface PinCheck {
  ok: boolean;
  configured: boolean;
  said: string;
}
const check = windowsPinCheck as (env: Record<string, string>, pins: string) => PinCheck;
const pinsOf = (...fingerprints: string[]) =>
  `export const WINDOWS_PUBLISHER_SHA256: readonly string[] = [${fingerprints.map((f) => `'${f}'`).join(', ')}];`;

let dir: string;
let pfx: string;
let fingerprint: string;
const PASSWORD = 'pfx-Pw-7';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-pin-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=List Cleaner',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  pfx = join(dir, 'signing.pfx');
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', pfx, '-passout', `pass:${PASSWORD}`],
    { stdio: 'ignore' },
  );
  fingerprint = new X509Certificate(await readFile(cert)).fingerprint256.replaceAll(':', '');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the Windows update pin at release', () => {
  it('refuses a release whose signing certificate is not pinned, saying its fingerprint and what to do', () => {
    const other = 'AB'.repeat(32);
    const said = check({ CSC_LINK: pfx, CSC_KEY_PASSWORD: PASSWORD }, pinsOf(other));
    expect(said).toMatchObject({ ok: false, configured: true });
    expect(said.said).toContain(`fingerprint ${fingerprint} is not in update-pins.ts`);
    expect(said.said).toMatch(/Add it to WINDOWS_PUBLISHER_SHA256/);
    // A certificate given as base64, as CI secrets hold it, is read the same.
    const base64 = execFileSync('base64', ['-w0', pfx]).toString();
    expect(check({ WIN_CSC_LINK: base64, WIN_CSC_KEY_PASSWORD: PASSWORD }, pinsOf()).ok).toBe(
      false,
    );
  });

  it('passes a release signed with a pinned certificate', () => {
    const pinned = fingerprint.match(/../g)?.join(':') ?? '';
    expect(check({ CSC_LINK: pfx, CSC_KEY_PASSWORD: PASSWORD }, pinsOf(pinned))).toMatchObject({
      ok: true,
      configured: true,
    });
  });

  it('says plainly when no signing certificate is configured, and that an empty pin list installs nothing', async () => {
    const said = check({}, pinsOf());
    expect(said).toMatchObject({ ok: true, configured: false });
    expect(said.said).toMatch(/No Windows signing certificate is configured here/);
    expect(said.said).toMatch(/pins none: a Windows build made now would install no update/);
    // The real file is read as the check reads it.
    const real = await readFile(join(repoRoot, 'electron/shell/update-pins.ts'), 'utf8');
    expect(Array.isArray(pinnedFingerprints(real))).toBe(true);
  });

  it('refuses a configured certificate it cannot read', () => {
    const said = check({ CSC_LINK: pfx, CSC_KEY_PASSWORD: 'wrong' }, pinsOf(fingerprint));
    expect(said).toMatchObject({ ok: false, configured: true });
    expect(said.said).toMatch(/could not be read/);
  });
});
