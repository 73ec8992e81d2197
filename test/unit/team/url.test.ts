// A team store address is judged before anything connects: encrypted away
// from this computer, its sslmode as libpq means it, and its password split
// off for the keychain and joined back only to connect.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/lib/app-error';
import { teamAddressHash, spotOfTeamHash } from '../../../electron/team/address-key';
import { spotOfAddress } from '../../../electron/lib/addresses/address-hash';
import {
  describeTeamUrl,
  joinPassword,
  judgeTeamUrl,
  pgSsl,
  readTeamUrl,
  rootCertOutOfUrl,
  splitPassword,
} from '../../../electron/team/url';

const refusal = (value: string): string => {
  try {
    judgeTeamUrl(value);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).message;
  }
  throw new Error(`${value} was not refused`);
};

describe('a team store address', () => {
  it('names the server, port, database and user, with defaults as libpq has them', () => {
    expect(judgeTeamUrl('postgres://team@db.example.com/lists')).toMatchObject({
      host: 'db.example.com',
      port: 5432,
      database: 'lists',
      user: 'team',
      loopback: false,
      sslMode: 'verify-full',
    });
    expect(judgeTeamUrl('postgresql://me%40corp@[::1]:6543')).toMatchObject({
      host: '::1',
      port: 6543,
      database: 'me@corp',
      user: 'me@corp',
      loopback: true,
      sslMode: 'disable',
    });
    expect(describeTeamUrl(judgeTeamUrl('postgres://u:pw@[::1]:6543/d'))).toBe('u@[::1]:6543/d');
  });

  it('is refused with words when it is not a PostgreSQL address', () => {
    expect(refusal('db.example.com')).toMatch(/postgres:\/\/user@host:5432\/database/);
    expect(refusal('https://db.example.com/x')).toMatch(/must start with postgres:\/\/.*https:/);
    expect(refusal('postgres://db.example.com/x')).toMatch(/names no user/);
    expect(refusal('postgres://u@a.example.com,b.example.com/x')).toMatch(/several servers/);
  });

  it('must be encrypted away from this computer', () => {
    expect(refusal('postgres://u@db.example.com/x?sslmode=disable')).toMatch(
      /not encrypted.*sslmode=verify-full.*only on this computer/,
    );
    expect(refusal('postgres://u@db.example.com/x?sslmode=prefer')).toMatch(
      /falls back to no encryption/,
    );
    expect(refusal('postgres://u@db.example.com/x?sslmode=allow')).toMatch(/sslmode=allow/);
    expect(refusal('postgres://u@db.example.com/x?sslmode=bogus')).toMatch(/does not know/);
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '%2Fvar%2Frun%2Fpostgresql']) {
      expect(judgeTeamUrl(`postgres://u@${host}/x?sslmode=disable`).loopback).toBe(true);
    }
  });

  it('away from this computer, checks the certificate names the host: require and verify-ca are refused with words', () => {
    for (const mode of ['require', 'verify-ca']) {
      const said = refusal(`postgres://u@db.example.com/x?sslmode=${mode}`);
      expect(said).toContain(`sslmode=${mode}`);
      expect(said).toMatch(
        /would not check that the server’s certificate belongs to db\.example\.com/,
      );
      expect(said).toMatch(/Remove sslmode from the address.*verify-full.*Choose certificate…/);
    }
    // The same modes on this computer, where no one stands on the way.
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      expect(judgeTeamUrl(`postgres://u@${host}/x?sslmode=require`).sslMode).toBe('require');
      expect(judgeTeamUrl(`postgres://u@${host}/x?sslmode=verify-ca`).sslMode).toBe('verify-ca');
    }
    expect(judgeTeamUrl('postgres://u@db.example.com/x?sslmode=verify-full').sslMode).toBe(
      'verify-full',
    );
  });

  it('names no file: sslrootcert in an address is refused, wherever the store is', () => {
    for (const host of ['db.example.com', '127.0.0.1']) {
      expect(refusal(`postgres://u@${host}/x?sslrootcert=/dev/zero`)).toMatch(
        /names a certificate file \(sslrootcert=\).*Choose certificate… in Settings → Team/,
      );
    }
    // Its shape alone is read (as settings.json keeps an older address), and the file is not named to anyone.
    expect(readTeamUrl('postgres://u@db.example.com/x?sslrootcert=/ca.pem').namesRootCert).toBe(
      true,
    );
  });

  it("takes the command line's own certificate out of its address, to be read apart", () => {
    expect(rootCertOutOfUrl('postgres://u@db.example.com/x?sslrootcert=%2Fetc%2Fca.pem')).toEqual({
      url: 'postgres://u@db.example.com/x',
      rootCert: '/etc/ca.pem',
    });
    const plain = 'postgres://u@db.example.com/x?sslmode=verify-full';
    expect(rootCertOutOfUrl(plain)).toEqual({ url: plain, rootCert: null });
  });

  it("honours sslmode as pg's ssl option", () => {
    const ssl = (query: string) => pgSsl(judgeTeamUrl(`postgres://u@127.0.0.1/x${query}`));
    expect(pgSsl(judgeTeamUrl('postgres://u@db.example.com/x'))).toEqual({
      rejectUnauthorized: true,
    });
    expect(ssl('?sslmode=require')).toEqual({ rejectUnauthorized: false });
    const verifyCa = ssl('?sslmode=verify-ca');
    expect(verifyCa).toMatchObject({ rejectUnauthorized: true });
    expect(verifyCa && verifyCa.checkServerIdentity?.('other.example.com', {} as never)).toBe(
      undefined,
    );
    expect(ssl('?sslmode=verify-full')).toEqual({ rejectUnauthorized: true });
    expect(pgSsl(judgeTeamUrl('postgres://u@127.0.0.1/x'))).toBe(false);
    expect(pgSsl(judgeTeamUrl('postgres://u@127.0.0.1/x?sslmode=require'))).toEqual({
      rejectUnauthorized: false,
    });
  });

  it('trusts the root certificate given, with require behaving as verify-ca', () => {
    const ssl = pgSsl(judgeTeamUrl('postgres://u@127.0.0.1/x?sslmode=require'), 'PEM');
    expect(ssl).toMatchObject({ rejectUnauthorized: true, ca: 'PEM' });
  });

  it('keeps to what it shows: a host or port in the query is refused, provider extras are not', () => {
    expect(refusal('postgres://u@db.example.com/x?host=evil.example.com')).toMatch(
      /does not use \(host\)/,
    );
    expect(
      judgeTeamUrl(
        'postgres://u@db.example.com/x?sslmode=verify-full&channel_binding=require&application_name=a',
      ).sslMode,
    ).toBe('verify-full');
  });
});

describe('the password', () => {
  const hard = 'p@ss w:rd/%?#&=ü';

  it('is taken out of the URL for the keychain, and put back to connect', () => {
    const withPassword = joinPassword('postgres://team@db.example.com:5433/lists', hard);
    const { urlWithoutPassword, password } = splitPassword(withPassword);
    expect(password).toBe(hard);
    expect(urlWithoutPassword).toBe('postgres://team@db.example.com:5433/lists');
    expect(splitPassword(joinPassword(urlWithoutPassword, password)).password).toBe(hard);
  });

  it('is null when the URL has none, and the URL keeps its settings', () => {
    expect(splitPassword('postgres://team@db.example.com/lists?sslmode=require')).toEqual({
      urlWithoutPassword: 'postgres://team@db.example.com/lists?sslmode=require',
      password: null,
    });
  });

  it('is never split off a URL that is not written as one', () => {
    expect(() => splitPassword('https://u:secret@db.example.com/x')).toThrow(AppError);
    expect(() => splitPassword('postgres://u:secret@db.example.com/x?host=evil.example')).toThrow(
      AppError,
    );
  });
});

describe('an address as the store names it', () => {
  it('is the memory’s own hash, so a recalled answer lands in the memory’s bucket and tag', () => {
    for (const address of ['ann@example.com', 'bé@exämple.org', `${'x'.repeat(64)}@e.com`]) {
      const hash = teamAddressHash(address);
      expect(hash).toHaveLength(16);
      expect(spotOfTeamHash(hash)).toEqual(spotOfAddress(address));
    }
    expect(teamAddressHash('a@b.c').equals(teamAddressHash('a@b.d'))).toBe(false);
  });
});
