// A job's unique addresses by domain: which domain each address is at (kept
// per address book, so the rows filter and the per-domain table share one
// pass over the addresses), and the table of the domains with the most
// addresses, by outcome and by what the free checks found.
import type { DomainCounts, DomainsView, OtherDomains } from '../../common/views/views';
import { DISPOSABLE, FREE, ROLE, TYPO } from '../../checks/findings';
import { NO_MAIL } from '../../lists/judge/free-checks';
import type { AddressBook } from '../storage/address-book';
import type { OutcomeTable } from '../storage/outcomes';

/** The domains the table names; the rest are "other domains". */
export const TOP_DOMAINS = 25;

export interface DomainIndex {
  /** Each domain once, in lower case, in the order first met. */
  names: string[];
  /** The domain of each unique address, as an index into `names`. */
  idOf: Uint32Array;
  /** A domain's index in `names`, if any address is at it. */
  find(domain: string): number | undefined;
}

const indexes = new WeakMap<AddressBook, DomainIndex>();

/** The part after the last @, lower case: the importer keeps only addresses that have one. */
export const domainOf = (address: string): string =>
  address.slice(address.lastIndexOf('@') + 1).toLowerCase();

export function domainIndex(book: AddressBook): DomainIndex {
  const known = indexes.get(book);
  if (known) return known;
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = new Uint32Array(book.count);
  for (let i = 0; i < book.count; i++) {
    const domain = domainOf(book.at(i));
    let id = ids.get(domain);
    if (id === undefined) {
      id = names.length;
      names.push(domain);
      ids.set(domain, id);
    }
    idOf[i] = id;
  }
  const index: DomainIndex = { names, idOf, find: (domain) => ids.get(domain.toLowerCase()) };
  indexes.set(book, index);
  return index;
}

const FIELDS = [
  'addresses',
  'deliverable',
  'undeliverable',
  'unknown',
  'skipped',
  'role',
  'free',
  'disposable',
  'typo',
  'noMail',
] as const;
type Field = (typeof FIELDS)[number];

/**
 * The per-domain table: every unique address counted once at its domain, by
 * its outcome (skipped: not sent, by the user's choice, outside avatar
 * coverage, suppressed or blocked) and by each of its findings. `flags` holds the free checks' byte
 * per address.
 */
export function domainsView(
  index: DomainIndex,
  outcomes: Pick<OutcomeTable, 'get'>,
  flags: Uint8Array,
  top = TOP_DOMAINS,
): DomainsView {
  const n = index.names.length;
  const tallies = Object.fromEntries(FIELDS.map((f) => [f, new Uint32Array(n)])) as Record<
    Field,
    Uint32Array
  >;
  const add = (field: Field, id: number) =>
    (tallies[field][id] = (tallies[field][id] as number) + 1);
  for (let i = 0; i < index.idOf.length; i++) {
    const id = index.idOf[i] as number;
    add('addresses', id);
    const status = outcomes.get(i)?.status;
    if (status === 'deliverable' || status === 'undeliverable' || status === 'unknown') {
      add(status, id);
    } else if (status !== undefined) {
      // Left out: by the user's choice, outside avatar coverage, suppressed or blocked.
      add('skipped', id);
    }
    const f = flags[i] ?? 0;
    if (f & ROLE) add('role', id);
    if (f & FREE) add('free', id);
    if (f & DISPOSABLE) add('disposable', id);
    if (f & TYPO) add('typo', id);
    if (f & NO_MAIL) add('noMail', id);
  }
  const countsOf = (ids: Iterable<number>): DomainCounts => {
    const sum = (field: Field) => {
      let total = 0;
      for (const id of ids) total += tallies[field][id] as number;
      return total;
    };
    return {
      addresses: sum('addresses'),
      deliverable: sum('deliverable'),
      undeliverable: sum('undeliverable'),
      unknown: sum('unknown'),
      skipped: sum('skipped'),
      findings: {
        role: sum('role'),
        free: sum('free'),
        disposable: sum('disposable'),
        typo: sum('typo'),
        noMail: sum('noMail'),
      },
    };
  };
  const order = Array.from({ length: n }, (_, id) => id).sort(
    (a, b) =>
      (tallies.addresses[b] as number) - (tallies.addresses[a] as number) ||
      (index.names[a] as string).localeCompare(index.names[b] as string),
  );
  const shown = order.slice(0, top);
  const rest = order.slice(top);
  const other: OtherDomains | null =
    rest.length > 0 ? { ...countsOf(rest), domains: rest.length } : null;
  return {
    top: shown.map((id) => ({ domain: index.names[id] as string, ...countsOf([id]) })),
    other,
    domains: n,
  };
}
