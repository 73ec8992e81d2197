import { describe, expect, it } from 'vitest';
import { english } from '../../../electron/common/i18n/message';
import { serviceWords } from '../../../renderer/src/features/account/service-words';

describe('the service on the Account card', () => {
  it('is named by its host, never its raw address', () => {
    expect(serviceWords('https://api.example.com/v1', english.t)).toBe('api.example.com');
  });

  it('is said in words when it runs on this computer', () => {
    const said = serviceWords('http://127.0.0.1:46299', english.t);
    expect(said).toBe('a service on this computer (port 46299)');
    expect(said).not.toMatch(/127\.0\.0\.1/);
    expect(serviceWords('http://localhost:8080', english.t)).toBe(
      'a service on this computer (port 8080)',
    );
  });
});
