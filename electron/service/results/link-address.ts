// Which addresses a result link may make List Cleaner connect to, judged by
// the address itself at connect time, not by how the link is written: a host
// name can resolve to this computer or the office network (DNS rebinding),
// and an address can be written in forms no text rule foresees (0.0.0.0,
// [::], [::7f00:1]). The link comes from the service's answer, which is not
// trusted to point only at the internet. This is the one table of what is
// not the internet; every hop of every download is judged by it.
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup, type LookupAddress } from 'node:dns';
import { english, message, say, type Message } from '../../common/i18n/message';

/** What an address that is not on the internet is, in the words a message uses. */
export type AddressKind =
  'unspecified' | 'loopback' | 'private' | 'link-local' | 'shared' | 'reserved';

type Range = readonly [network: string, prefix: number];

const TABLE: readonly {
  kind: AddressKind;
  said: Message;
  v4: readonly Range[];
  v6: readonly Range[];
}[] = [
  {
    kind: 'unspecified',
    said: message('error.service.addressKind.unspecified'),
    v4: [['0.0.0.0', 8]],
    v6: [['::', 128]],
  },
  {
    kind: 'loopback',
    said: message('error.service.addressKind.loopback'),
    v4: [['127.0.0.0', 8]],
    v6: [['::1', 128]],
  },
  {
    kind: 'private',
    said: message('error.service.addressKind.private'),
    v4: [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
    // fec0::/10, the retired site-local range, is private wherever it is still used.
    v6: [
      ['fc00::', 7],
      ['fec0::', 10],
    ],
  },
  {
    kind: 'link-local',
    said: message('error.service.addressKind.linkLocal'),
    v4: [['169.254.0.0', 16]],
    v6: [['fe80::', 10]],
  },
  {
    kind: 'shared',
    said: message('error.service.addressKind.shared'),
    v4: [['100.64.0.0', 10]],
    v6: [],
  },
  {
    kind: 'reserved',
    said: message('error.service.addressKind.reserved'),
    v4: [
      ['192.0.0.0', 24],
      ['198.18.0.0', 15],
      ['224.0.0.0', 4],
      ['240.0.0.0', 4],
    ],
    v6: [
      ['ff00::', 8],
      ['100::', 64],
      // Local-use NAT64 (RFC 8215): translated into a network of its owner's choosing.
      ['64:ff9b:1::', 48],
    ],
  },
];

const LISTS = TABLE.map(({ kind, said, v4, v6 }) => {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return { kind, said, words: say(english.t, said), list };
});

/** The eight 16-bit groups of a valid IPv6 address (zone already dropped). */
function groupsOf(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [head = '', tail] = text.split('::');
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries and connects to: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible
 * (::a.b.c.d, which Node writes ::7f00:1 for 127.0.0.1) and NAT64's
 * well-known prefix (64:ff9b::a.b.c.d); null for any other.
 */
function embeddedIPv4(ip: string): string | null {
  const g = groupsOf(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 5) && g[5] === 0xffff;
  const translated = zeros(0, 4) && g[4] === 0xffff && g[5] === 0;
  // :: and ::1 are themselves, not 0.0.0.0 and 0.0.0.1.
  const compatible = zeros(0, 6) && !(g[6] === 0 && (g[7] ?? 0) <= 1);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !translated && !compatible && !nat64) return null;
  const [hi = 0, lo = 0] = g.slice(6);
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** The table's row for an address, or null when it is on the internet. Not an address at all: reserved. */
function rowOf(address: string): (typeof LISTS)[number] | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  const reserved = LISTS.find((row) => row.kind === 'reserved') ?? null;
  if (family === 0) return reserved;
  const v4 = family === 4 ? ip : embeddedIPv4(ip);
  const [judged, type] = v4 === null ? [ip, 'ipv6' as const] : [v4, 'ipv4' as const];
  return LISTS.find((row) => row.list.check(judged, type)) ?? null;
}

/** What `address` is when it is not on the internet; null when it is. */
export function addressKind(address: string): AddressKind | null {
  return rowOf(address)?.kind ?? null;
}

/** The address a URL's host names literally ("10.0.0.5", "::1"), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) === 0 ? null : bare;
}

/** A connection refused: `host` led to `address`, which is not on the internet. */
export class LinkAddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
    /** What it is, for a message ("this computer"). */
    readonly words: string,
    /** The same, said in the reader's language where it is shown. */
    readonly said: Message,
  ) {
    super(`${host} leads to ${address} (${kind}), which a result link may not reach`);
    this.name = 'LinkAddressRefused';
  }
}

/**
 * Why List Cleaner must not connect to `address` for `host`; null when it may.
 * `allowLoopback`: the one exception, a service on this computer (the sandbox)
 * linking plainly to this computer. Nothing else on the local network, and
 * not 0.0.0.0 or ::, which are no one's address.
 */
export function refusal(
  host: string,
  address: string,
  allowLoopback: boolean,
): LinkAddressRefused | null {
  const row = rowOf(address);
  if (row === null || (row.kind === 'loopback' && allowLoopback)) return null;
  return new LinkAddressRefused(host, address, row.kind, row.words, row.said);
}

/** How a host name becomes addresses; every one of them is judged. */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The system's resolver, as Node's own connections use it. */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    lookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * A `lookup` for `net.connect`: resolves the name, and refuses (before any
 * connection, so before any byte is sent) when any address it gives is not on
 * the internet. Any, not only the first: the connection may try them all.
 */
export function guardedLookup(resolve: Resolver, allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (first === undefined) {
          const none: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          none.code = 'ENOTFOUND';
          callback(none, []);
          return;
        }
        for (const { address } of addresses) {
          const refused = refusal(hostname, address, allowLoopback);
          if (refused !== null) return void callback(refused, []);
        }
        if (options.all) callback(null, [...addresses]);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}
