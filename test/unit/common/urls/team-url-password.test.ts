import { describe, expect, it } from 'vitest';
import { passwordOutOfUrl } from '../../../../electron/common/urls/team-url-password';

describe('a team store address pasted with its password', () => {
  it('gives the address without the password, and the password', () => {
    expect(
      passwordOutOfUrl('postgres://crew:not-the-password@db.example.com:5432/list_cleaner'),
    ).toEqual({
      url: 'postgres://crew@db.example.com:5432/list_cleaner',
      password: 'not-the-password',
    });
    expect(
      passwordOutOfUrl(' postgresql://crew:p%40ss%3Aword@127.0.0.1/lc?sslmode=require '),
    ).toEqual({
      url: 'postgresql://crew@127.0.0.1/lc?sslmode=require',
      password: 'p@ss:word',
    });
  });

  it('leaves an address without a password, or not an address, as it is', () => {
    expect(passwordOutOfUrl('postgres://crew@db.example.com/list_cleaner')).toBeNull();
    expect(passwordOutOfUrl('postgres://crew:@db.example.com/list_cleaner')).toBeNull();
    expect(passwordOutOfUrl('https://crew:pw@example.com/')).toBeNull();
    expect(passwordOutOfUrl('not an address')).toBeNull();
  });
});
