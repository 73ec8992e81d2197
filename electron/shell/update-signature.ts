// Whether a downloaded Windows installer may be installed: its Authenticode
// signature valid (a chain to a root Windows trusts) and made by a pinned
// certificate, judged by its SHA-256 fingerprint (update-pins.ts), not by
// the publisher's name, which any trusted certificate authority could issue
// to someone else. Handed to electron-updater's NsisUpdater as its
// verifyUpdateCodeSignature; it fails closed: anything it cannot read is a refusal.
import { execFile } from 'node:child_process';
import { z } from 'zod';

/** Runs a program and answers what it printed; rejects when it fails. */
export type Run = (file: string, args: readonly string[]) => Promise<string>;

const runFile: Run = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: 60_000, windowsHide: true }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });

/** What the PowerShell line prints: the signature's status, the file judged, the signer's fingerprint. */
const printed = z.object({ Status: z.number().int(), Path: z.string(), Sha256: z.string() });

/** Authenticode's "Valid" (System.Management.Automation.SignatureStatus). */
const VALID = 0;

/** The PowerShell that reads a file's signature; the path quoted as a literal ('…', ' doubled). */
export function signatureScript(path: string): string {
  const literal = `'${path.replace(/'/g, "''")}'`;
  return [
    `$s = Get-AuthenticodeSignature -LiteralPath ${literal}`,
    `$h = ''`,
    `if ($s.SignerCertificate) { $h = [BitConverter]::ToString([Security.Cryptography.SHA256]::Create().ComputeHash($s.SignerCertificate.RawData)).Replace('-', '') }`,
    `ConvertTo-Json -Compress @{ Status = [int]$s.Status; Path = [string]$s.Path; Sha256 = $h }`,
  ].join('; ');
}

/**
 * electron-updater's verifier: null when the installer at `path` may be
 * installed, else why not (electron-updater logs it and installs nothing).
 */
export function pinnedSignature(pins: readonly string[], run: Run = runFile) {
  const pinned = new Set(pins.map((p) => p.toUpperCase()));
  return async (_publisherNames: string[], path: string): Promise<string | null> => {
    if (pinned.size === 0) return 'no publisher certificate is pinned in this build';
    let said: z.infer<typeof printed>;
    try {
      const out = await run('powershell.exe', [
        '-NoProfile',
        '-NonInteractive',
        '-Command',
        signatureScript(path),
      ]);
      said = printed.parse(JSON.parse(out));
    } catch (err) {
      return `the installer's signature could not be read: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (said.Status !== VALID)
      return `the installer's signature is not valid (status ${said.Status})`;
    if (said.Path.toLowerCase() !== path.toLowerCase())
      return 'the signature read is of another file';
    if (!pinned.has(said.Sha256.toUpperCase())) {
      return `the installer is signed by a certificate that is not List Cleaner's (${said.Sha256 || 'none'})`;
    }
    return null;
  };
}

/** The part of NsisUpdater this sets. */
export interface SignatureCheckable {
  verifyUpdateCodeSignature: (publisherNames: string[], path: string) => Promise<string | null>;
}

/** On Windows, the updater installs only what the pinned certificates signed. */
export function pinUpdateSignature(
  updater: SignatureCheckable,
  platform: NodeJS.Platform,
  pins: readonly string[],
  run?: Run,
): void {
  if (platform !== 'win32') return;
  updater.verifyUpdateCodeSignature = pinnedSignature(pins, run);
}
