// A Windows update is installed only when its signature is valid and made
// by a pinned certificate, judged by fingerprint, not name (issue 46).
// PowerShell is replaced by a stand-in that prints what it would.
import { describe, expect, it } from 'vitest';
import {
  pinUpdateSignature,
  pinnedSignature,
  signatureScript,
  type Run,
  type SignatureCheckable,
} from '../../../electron/shell/update-signature';

const OURS = 'A'.repeat(64);
const THEIRS = 'B'.repeat(64);
const FILE = 'C:\\Users\\u\\AppData\\Local\\list-cleaner-updater\\pending\\List Cleaner Setup.exe';

const printing =
  (said: object): Run =>
  async () =>
    JSON.stringify(said);

describe('the Windows update signature', () => {
  it('passes a valid signature by a pinned certificate', async () => {
    const check = pinnedSignature([OURS], printing({ Status: 0, Path: FILE, Sha256: OURS }));
    await expect(check(['List Cleaner'], FILE)).resolves.toBeNull();
  });

  it('refuses a valid signature with our name by another certificate', async () => {
    const check = pinnedSignature([OURS], printing({ Status: 0, Path: FILE, Sha256: THEIRS }));
    await expect(check(['List Cleaner'], FILE)).resolves.toMatch(/not List Cleaner's/);
  });

  it('refuses an unsigned or broken one, another file, and anything it cannot read', async () => {
    const not = (said: object) => pinnedSignature([OURS], printing(said))(['x'], FILE);
    await expect(not({ Status: 2, Path: FILE, Sha256: '' })).resolves.toMatch(/not valid/);
    await expect(not({ Status: 0, Path: 'C:\\other.exe', Sha256: OURS })).resolves.toMatch(
      /another file/,
    );
    const failing: Run = async () => {
      throw new Error('powershell is not there');
    };
    await expect(pinnedSignature([OURS], failing)(['x'], FILE)).resolves.toMatch(
      /could not be read/,
    );
    await expect(pinnedSignature([OURS], async () => 'not json')(['x'], FILE)).resolves.toMatch(
      /could not be read/,
    );
    await expect(
      pinnedSignature([], printing({ Status: 0, Path: FILE, Sha256: OURS }))(['x'], FILE),
    ).resolves.toMatch(/no publisher certificate/);
  });

  it('quotes the path as a literal', () => {
    expect(signatureScript("C:\\it's\\a.exe")).toContain("-LiteralPath 'C:\\it''s\\a.exe'");
  });

  it('is set on Windows only', () => {
    for (const [platform, set] of [
      ['win32', true],
      ['linux', false],
      ['darwin', false],
    ] as const) {
      const theirs = async () => null;
      const updater: SignatureCheckable = { verifyUpdateCodeSignature: theirs };
      pinUpdateSignature(updater, platform, [OURS]);
      expect(updater.verifyUpdateCodeSignature !== theirs).toBe(set);
    }
  });
});
