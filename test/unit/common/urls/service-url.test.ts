// The one rule for where the API key may travel, and which links may be fetched.
import { describe, expect, it } from 'vitest';
import {
  hostOf,
  isLoopbackHost,
  isLoopbackUrl,
  originOf,
  redirectProblem,
  resultLinkProblem,
  serviceUrlProblem,
} from '../../../../electron/common/urls/service-url';

describe('service addresses', () => {
  it.each([
    'https://api.example.com',
    'https://api.example.com:8443/v1/',
    'http://127.0.0.1:8787',
    'http://127.1.2.3',
    'http://localhost:4010/api',
    'http://[::1]:8787',
    'http://[::ffff:127.0.0.1]:8787',
    'http://0x7f000001:8787',
  ])('allows %s', (url) => {
    expect(serviceUrlProblem(url)).toBeNull();
  });

  it.each([
    ['http://api.example.com', /not encrypted/],
    ['http://10.0.0.5', /not encrypted/],
    ['http://192.168.1.10:8787', /not encrypted/],
    ['http://127.0.0.1.nip.io', /not encrypted/],
    ['http://localhost.example.com', /not encrypted/],
    ['http://[::2]', /not encrypted/],
    ['ftp://api.example.com', /must start with https:\/\/ \(it starts with ftp:\/\/\)/],
    ['file:///etc/passwd', /must start with https:\/\//],
    ['https://user:secret@api.example.com', /user name or password/],
    ['api.example.com', /not a web address/],
  ])('refuses %s, saying why', (url, reason) => {
    expect(serviceUrlProblem(url)).toMatch(reason);
  });

  it('names what it judged', () => {
    expect(serviceUrlProblem('http://x.example', 'LIST_CLEANER_BASE_URL')).toMatch(
      /^LIST_CLEANER_BASE_URL starts with http:\/\//,
    );
  });

  it('tells loopback hosts from look-alikes', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });

  it('compares origins, not paths', () => {
    expect(originOf('https://api.example.com/v1')).toBe(originOf('https://api.example.com/v2/'));
    expect(originOf('https://api.example.com')).not.toBe(originOf('https://api.example.com:8443'));
    expect(originOf('https://api.example.com')).not.toBe(originOf('http://api.example.com'));
    expect(originOf('nope')).toBeNull();
    expect(hostOf('https://api.example.com:8443/x')).toBe('api.example.com:8443');
  });
});

describe('links the service hands out', () => {
  it('may be on this machine only when the service is too', () => {
    expect(resultLinkProblem('http://127.0.0.1:8787', 'http://127.0.0.1:9999/r.csv')).toBeNull();
    expect(
      resultLinkProblem('https://api.example.com', 'https://files.example.net/r.csv'),
    ).toBeNull();
    expect(resultLinkProblem('https://api.example.com', 'http://127.0.0.1:9999/r.csv')).toMatch(
      /points at this computer/,
    );
    expect(resultLinkProblem('https://api.example.com', 'http://files.example.net/r.csv')).toMatch(
      /^The result link starts with http:\/\//,
    );
  });

  it('are followed through redirects only to https, and never inward', () => {
    expect(redirectProblem('https://a.example', 'https://b.example/r.csv')).toBeNull();
    expect(redirectProblem('http://127.0.0.1:1', 'http://127.0.0.2:2/r.csv')).toBeNull();
    expect(redirectProblem('https://a.example', 'http://b.example/r.csv')).toMatch(/not https/);
    expect(redirectProblem('https://a.example', 'http://localhost:1/r.csv')).toMatch(
      /to this computer/,
    );
  });
});
