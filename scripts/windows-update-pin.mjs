// The release-time check that a Windows build's update pin matches the
// certificate it is signed with: an installed List Cleaner takes a Windows
// update only when its signer's SHA-256 fingerprint is in
// electron/shell/update-pins.ts, so a release signed with a certificate not
// pinned there would leave every user without updates. Run by
// `npm run check:package`; says plainly when no signing certificate is
// configured here (CSC_LINK / WIN_CSC_LINK, as electron-builder reads them).
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/** The pinned fingerprints, read from the module main bundles (upper-case hex). */
export function pinnedFingerprints(pinsSource) {
  const list = /WINDOWS_PUBLISHER_SHA256[^=]*=\s*\[([^\]]*)\]/.exec(pinsSource);
  if (list === null) throw new Error('update-pins.ts names no WINDOWS_PUBLISHER_SHA256 list');
  return [...(list[1] ?? '').matchAll(/['"]([0-9A-Fa-f:]+)['"]/g)].map((m) =>
    (m[1] ?? '').replaceAll(':', '').toUpperCase(),
  );
}

/** The signing certificate's bytes: CSC_LINK is a file or base64 (electron-builder's two local forms). */
function certificateBytes(link) {
  if (existsSync(link)) return readFileSync(link);
  if (/^https?:/i.test(link)) throw new Error('a certificate at a URL is not read here');
  return Buffer.from(link.replace(/^data:[^,]*,/, ''), 'base64');
}

/** The SHA-256 fingerprint (upper-case hex) of the leaf certificate of a PEM, DER or PKCS#12 file. */
export function signerFingerprint(bytes, password = '') {
  try {
    return new X509Certificate(bytes).fingerprint256.replaceAll(':', '');
  } catch {
    // Not a bare certificate: a .p12/.pfx, opened with openssl as signtool would.
    const opened = spawnSync(
      'openssl',
      ['pkcs12', '-nokeys', '-clcerts', '-passin', 'env:LC_PIN_PASSWORD'],
      { input: bytes, env: { ...process.env, LC_PIN_PASSWORD: password } },
    );
    // OpenSSL 3 refuses old (RC2) archives unless asked to read them as legacy ones.
    const legacy =
      opened.status === 0
        ? opened
        : spawnSync(
            'openssl',
            ['pkcs12', '-legacy', '-nokeys', '-clcerts', '-passin', 'env:LC_PIN_PASSWORD'],
            { input: bytes, env: { ...process.env, LC_PIN_PASSWORD: password } },
          );
    if (legacy.status !== 0) {
      throw new Error(`the certificate could not be read (${String(legacy.stderr).trim()})`);
    }
    return new X509Certificate(legacy.stdout).fingerprint256.replaceAll(':', '');
  }
}

/**
 * What the check says: `ok` false only when a certificate is configured and
 * its fingerprint is not pinned (or it cannot be read); `said` in every case.
 */
export function windowsPinCheck(env, pinsSource) {
  const pins = pinnedFingerprints(pinsSource);
  const link = env.WIN_CSC_LINK || env.CSC_LINK;
  if (!link) {
    return {
      ok: true,
      configured: false,
      said:
        'No Windows signing certificate is configured here (CSC_LINK or WIN_CSC_LINK), so the update pin was not compared with one. ' +
        (pins.length === 0
          ? 'update-pins.ts pins none: a Windows build made now would install no update.'
          : `update-pins.ts pins ${pins.length}: ${pins.join(', ')}.`),
    };
  }
  let fingerprint;
  try {
    fingerprint = signerFingerprint(
      certificateBytes(link),
      env.WIN_CSC_KEY_PASSWORD || env.CSC_KEY_PASSWORD || '',
    );
  } catch (e) {
    return {
      ok: false,
      configured: true,
      said: `The Windows signing certificate could not be read: ${e instanceof Error ? e.message : String(e)}.`,
    };
  }
  if (pins.includes(fingerprint)) {
    return {
      ok: true,
      configured: true,
      said: `The Windows signing certificate (SHA-256 ${fingerprint}) is pinned in update-pins.ts.`,
    };
  }
  return {
    ok: false,
    configured: true,
    said:
      `The Windows signing certificate's SHA-256 fingerprint ${fingerprint} is not in update-pins.ts ` +
      `(${pins.length === 0 ? 'it pins none' : `it pins ${pins.join(', ')}`}): installed copies would refuse this release's updates. ` +
      'Add it to WINDOWS_PUBLISHER_SHA256 in a release signed with a certificate already pinned, then sign with it.',
  };
}
