// The packaged app's Electron fuses, read from electron-builder.yml: each one
// that lets a local process run the signed app as plain Node, or load other
// code in its name, must stay flipped the safe way.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const config: unknown = parse(await readFile(resolve('electron-builder.yml'), 'utf8'));
const fuses = new Map(
  Object.entries(
    (config as { electronFuses?: Record<string, unknown> | null }).electronFuses ?? {},
  ),
);

describe('electron-builder.yml electronFuses', () => {
  it.each([
    ['runAsNode', false],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['enableNodeCliInspectArguments', false],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['onlyLoadAppFromAsar', true],
    ['enableCookieEncryption', true],
    ['grantFileProtocolExtraPrivileges', false],
  ])('sets %s to %s', (name, value) => {
    expect(fuses.get(name)).toBe(value);
  });

  // A misspelt fuse would be one that is never flipped.
  it("names only fuses electron-builder's schema knows", async () => {
    const scheme = JSON.parse(
      await readFile(resolve('node_modules/app-builder-lib/scheme.json'), 'utf8'),
    ) as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } };
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
    for (const name of fuses.keys()) expect(known, name).toContain(name);
  });
});
