// The one rule of where a key may go (account/key-origin.ts), which the app's
// account and the command line's connection both follow.
import { describe, expect, it } from 'vitest';
import {
  defaultService,
  keyMayGo,
  provenAddress,
  sameOrigin,
} from '../../../electron/account/key-origin';
import { DEFAULT_BASE_URL } from '../../../electron/settings/settings';

describe('where a key may go', () => {
  it('goes only to the origin it was proven at: scheme, host and port', () => {
    expect(keyMayGo('https://api.example.com/v2', 'https://api.example.com')).toBe(true);
    expect(keyMayGo('http://api.example.com', 'https://api.example.com')).toBe(false);
    expect(keyMayGo('https://api.example.com:8443', 'https://api.example.com')).toBe(false);
    expect(keyMayGo('https://evil.example', 'https://api.example.com')).toBe(false);
  });

  it('counts a key saved with no address as proven for the default service only', () => {
    expect(provenAddress({ provenBaseUrl: null })).toBe(DEFAULT_BASE_URL);
    expect(provenAddress({ provenBaseUrl: 'http://127.0.0.1:9' })).toBe('http://127.0.0.1:9');
    expect(defaultService(DEFAULT_BASE_URL)).toBe(true);
    expect(defaultService('https://elsewhere.example')).toBe(false);
  });

  it('never calls something that is not an address the same origin', () => {
    expect(sameOrigin('not a url', 'not a url')).toBe(false);
  });
});
