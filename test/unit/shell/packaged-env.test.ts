// An installed build takes no developer's switches from the environment: no
// other resolver for the mail-domain look-ups, no debug lines, no test
// keychain entry. A development build and the tests keep them.
import { describe, expect, it } from 'vitest';
import { dropDevelopmentEnv } from '../../../electron/shell/packaged-env';

describe('the environment of an installed build', () => {
  const env = () => ({
    LIST_CLEANER_DNS_SERVERS: '203.0.113.53',
    LIST_CLEANER_DEBUG: '1',
    LIST_CLEANER_KEYCHAIN_SERVICE: 'attacker',
    HOME: '/home/me',
  });

  it('drops the developers’ variables and says which', () => {
    const e: Record<string, string | undefined> = env();
    expect(dropDevelopmentEnv(e, true)).toEqual([
      'LIST_CLEANER_DNS_SERVERS',
      'LIST_CLEANER_DEBUG',
      'LIST_CLEANER_KEYCHAIN_SERVICE',
    ]);
    expect(e).toEqual({ HOME: '/home/me' });
  });

  it('keeps them in a development build', () => {
    const e: Record<string, string | undefined> = env();
    expect(dropDevelopmentEnv(e, false)).toEqual([]);
    expect(e).toEqual(env());
  });
});
