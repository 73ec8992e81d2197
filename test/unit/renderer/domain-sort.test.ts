// The per-domain table's order: each column's first click and the next, ties
// broken the same way every time, and the findings sortable like the rest.
import { describe, expect, it } from 'vitest';
import type { DomainStats } from '../../../electron/common/views/views';
import {
  DEFAULT_DOMAIN_SORT,
  nextSort,
  sortDomains,
} from '../../../renderer/src/features/results/domains/domain-sort';

const domain = (name: string, addresses: number, undeliverable: number, typo = 0): DomainStats => ({
  domain: name,
  addresses,
  deliverable: addresses - undeliverable,
  undeliverable,
  unknown: 0,
  skipped: 0,
  findings: { role: 0, free: 0, disposable: 0, typo, noMail: 0 },
});

// As main sends them: most addresses first, then by name.
const TOP = [
  domain('gmail.com', 40, 4),
  domain('acme.test', 12, 4),
  domain('beta.test', 12, 0, 2),
  domain('zeta.test', 3, 3),
];
const names = (sorted: DomainStats[]) => sorted.map((d) => d.domain);

describe('the domain table order', () => {
  it('starts as main sends it: most addresses first', () => {
    expect(names(sortDomains(TOP, DEFAULT_DOMAIN_SORT))).toEqual(names(TOP));
  });

  it('sorts a count most first on the first click, fewest first on the next', () => {
    const first = nextSort(DEFAULT_DOMAIN_SORT, 'undeliverable');
    expect(first).toEqual({ key: 'undeliverable', dir: 'descending' });
    // gmail.com and acme.test tie at 4: the one with more addresses first.
    expect(names(sortDomains(TOP, first))).toEqual([
      'gmail.com',
      'acme.test',
      'zeta.test',
      'beta.test',
    ]);
    const second = nextSort(first, 'undeliverable');
    expect(second).toEqual({ key: 'undeliverable', dir: 'ascending' });
    expect(names(sortDomains(TOP, second))).toEqual([
      'beta.test',
      'zeta.test',
      'gmail.com',
      'acme.test',
    ]);
  });

  it('sorts the domain A to Z on the first click', () => {
    const byName = nextSort(DEFAULT_DOMAIN_SORT, 'domain');
    expect(byName.dir).toBe('ascending');
    expect(names(sortDomains(TOP, byName))).toEqual([
      'acme.test',
      'beta.test',
      'gmail.com',
      'zeta.test',
    ]);
    expect(names(sortDomains(TOP, nextSort(byName, 'domain')))).toEqual([
      'zeta.test',
      'gmail.com',
      'beta.test',
      'acme.test',
    ]);
  });

  it('sorts by a finding, ties by addresses then name, and leaves its input alone', () => {
    const byTypo = nextSort(DEFAULT_DOMAIN_SORT, 'typo');
    expect(names(sortDomains(TOP, byTypo))).toEqual([
      'beta.test',
      'gmail.com',
      'acme.test',
      'zeta.test',
    ]);
    expect(names(TOP)).toEqual(['gmail.com', 'acme.test', 'beta.test', 'zeta.test']);
  });
});
