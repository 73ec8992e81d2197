// The one table of addresses a result link may not reach, and the lookup that
// applies it as a connection is made: every form an address can take (IPv4
// inside IPv6 included) lands in its row, and an address on the internet
// passes through untouched, without any connection being made here.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  addressKind,
  guardedLookup,
  LinkAddressRefused,
  refusal,
  type AddressKind,
  type Resolver,
} from '../../../electron/service/results/link-address';

const rows: Record<AddressKind, string[]> = {
  unspecified: ['0.0.0.0', '0.1.2.3', '::', '::ffff:0.0.0.0', '::0.0.0.2'],
  loopback: [
    '127.0.0.1',
    '127.255.255.254',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
  ],
  private: [
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    'fd00::1',
    'fc00::1',
    'fec0::1',
    '::ffff:10.0.0.5',
    '::ffff:c0a8:101',
    '64:ff9b::192.168.1.1',
  ],
  'link-local': ['169.254.169.254', 'fe80::1', 'fe80::1%eth0', '::ffff:169.254.169.254'],
  shared: ['100.64.0.1', '100.127.255.255', '::ffff:100.64.0.1'],
  reserved: [
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    'ff02::1',
    'ff05::1:3',
    '64:ff9b:1::a00:5',
    'not-an-address',
  ],
};

const internet = [
  '93.184.216.34',
  '8.8.8.8',
  '1.1.1.1',
  '11.0.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.255.255',
  '2606:2800:220:1:248:1893:25c8:1946',
  '2001:4860:4860::8888',
  '::ffff:93.184.216.34',
  '64:ff9b::93.184.216.34',
];

describe('the address table', () => {
  for (const [kind, addresses] of Object.entries(rows)) {
    it(`puts ${addresses.join(', ')} in ${kind}`, () => {
      for (const address of addresses)
        expect([address, addressKind(address)]).toEqual([address, kind]);
    });
  }

  it('lets every address on the internet through', () => {
    for (const address of internet)
      expect([address, addressKind(address)]).toEqual([address, null]);
  });

  it('allows this computer only where asked, and never 0.0.0.0 or ::', () => {
    expect(refusal('h', '127.0.0.1', true)).toBeNull();
    expect(refusal('h', '::ffff:127.0.0.1', true)).toBeNull();
    expect(refusal('h', '127.0.0.1', false)).toBeInstanceOf(LinkAddressRefused);
    for (const address of ['0.0.0.0', '::', '10.0.0.5', '169.254.169.254', 'fd00::1']) {
      expect(refusal('h', address, true)).toMatchObject({ address });
    }
  });
});

type Answer = {
  err: NodeJS.ErrnoException | null;
  address: string | LookupAddress[];
  family?: number;
};

/** Calls the guarded lookup as net.connect does, with `answers` from the resolver. */
function lookUp(
  answers: LookupAddress[] | Error,
  all: boolean,
  allowLoopback = false,
): Promise<Answer> {
  const resolve: Resolver = async () => {
    if (answers instanceof Error) throw answers;
    return answers;
  };
  return new Promise((done) =>
    guardedLookup(resolve, allowLoopback)('files.example.test', { all }, (err, address, family) =>
      done({ err, address, family }),
    ),
  );
}

describe('the guarded lookup', () => {
  const publicV4 = { address: '93.184.216.34', family: 4 };
  const publicV6 = { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 };

  it('hands an address on the internet back as it was given, in either form', async () => {
    expect(await lookUp([publicV4, publicV6], true)).toEqual({
      err: null,
      address: [publicV4, publicV6],
      family: undefined,
    });
    expect(await lookUp([publicV6, publicV4], false)).toEqual({
      err: null,
      address: publicV6.address,
      family: 6,
    });
  });

  it('refuses a name when any one of its addresses is not on the internet', async () => {
    const { err } = await lookUp([publicV4, { address: '10.0.0.5', family: 4 }], true);
    expect(err).toBeInstanceOf(LinkAddressRefused);
    expect(err).toMatchObject({ host: 'files.example.test', address: '10.0.0.5', kind: 'private' });
  });

  it('lets this computer through only when allowed', async () => {
    const here = [{ address: '127.0.0.1', family: 4 }];
    expect((await lookUp(here, true, false)).err).toBeInstanceOf(LinkAddressRefused);
    expect((await lookUp(here, true, true)).err).toBeNull();
  });

  it('says a name with no address, or one the resolver failed on, as the system would', async () => {
    expect((await lookUp([], true)).err?.code).toBe('ENOTFOUND');
    const failed = Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    expect((await lookUp(failed, true)).err).toBe(failed);
  });
});
