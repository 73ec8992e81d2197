// A scheduled run on a computer without a keychain (a server, a container)
// finds its key in the environment: nothing warns about the keychain then.
// Without a key in the environment the warning stays, since a key saved in
// memory only is lost at the end of the run.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../jobs/support';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-quiet-'));
  await mkdir(join(dir, 'data'));
  // A closed port: nothing is ever sent anywhere.
  await writeFile(
    join(dir, 'data', 'settings.json'),
    JSON.stringify({ baseUrl: 'http://127.0.0.1:9' }),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Where D-Bus (and so the Secret Service) is out of reach, as on a server.
const noKeychain = {
  DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
  LIST_CLEANER_DATA_DIR: '',
};

describe('the keychain warning', () => {
  it('is not given when the key comes from the environment', async () => {
    const result = await cli(['balance'], {
      ...noKeychain,
      LIST_CLEANER_API_KEY: 'sk_live_env_quiet_1234',
      LIST_CLEANER_DATA_DIR: join(dir, 'data'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/keychain/i);
  });

  it('is still given without one', async () => {
    const result = await cli(['balance'], {
      ...noKeychain,
      LIST_CLEANER_DATA_DIR: join(dir, 'data'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/keychain unavailable/);
  });
});
