// The one rule for which addresses the avatar products cover. The interface
// says they cover three providers only (provider_code_1, _5 and _6), routes a
// bulk file's addresses to them, and refuses a whole file, before any charge,
// for a single address elsewhere; a multi check answers such an address with
// no result, and charges nothing for it. So an Email + avatar job sends to the
// bulk products only addresses known to be covered, checks addresses at
// domains not known yet by multi checks (where an uncovered one is free), and
// does not send the rest (row status not_covered) unless the user asks for
// them to be checked with Email.
//
// A domain is judged by its provider, which comes from the service's own
// answers (the `provider` of an email answer, kept per account with its date,
// memory/domain-facts.ts) or, for the demo, from the sandbox's table
// (common/catalogs/providers.ts). The interface's codes decide by themselves: its three
// are covered; its other three and "other" are outside. A real service's codes
// are the providers' own short names, which the interface does not list: for
// them coverage is learned, per provider where the domain's provider is known
// and per domain, from what the avatar products answered there (learn.ts): a
// result says covered; no result for an address whose email answer was
// deliverable says outside.
//
// Where what was learned disagrees, covered wins: a wrong "covered" costs
// nothing (a refused file is re-planned as multi checks, and an uncovered
// address in a multi check is free), while a wrong "outside" would leave the
// addresses the user wanted checked unchecked, for good; one missed answer
// must not do that. Only a refusal outweighs it: a bulk file refused for N
// addresses, whose multi checks then gave exactly N addresses no result,
// names their domains outside, over any provider or result kept for them
// before (the provider as kept is out of date, or was never covered).
import { AVATAR_PROVIDERS, sandboxProviderDomains } from '../../common/catalogs/providers';
import type { DomainFact, ProviderFact } from '../../memory/domain-facts';

export type Coverage = 'covered' | 'outside' | 'unknown';

/** The interface's codes for providers outside the avatar products, and its "other". */
const OUTSIDE_PROVIDERS: ReadonlySet<string> = new Set(
  [...Object.keys(sandboxProviderDomains), 'other'].filter(
    (code) => !(AVATAR_PROVIDERS as readonly string[]).includes(code),
  ),
);
const COVERED_PROVIDERS: ReadonlySet<string> = new Set(AVATAR_PROVIDERS);

/** What the rule reads about a domain. */
export interface Knowledge {
  /** What the account learned of a domain (memory/domain-facts.ts). */
  domain(name: string): DomainFact | null;
  /** What the account learned of a provider code. */
  provider(code: string): ProviderFact | null;
  /** The provider a fixed table gives the domain (the demo's sandbox), or null. */
  table(name: string): string | null;
}

/** The provider serving `domain`, as last answered, else as the table says; null when not known. */
export function providerOfDomain(domain: string, known: Knowledge): string | null {
  return known.domain(domain)?.provider ?? known.table(domain);
}

/** Where the avatar products stand on addresses at `domain`. */
export function coverageOf(domain: string, known: Knowledge): Coverage {
  const fact = known.domain(domain);
  if (fact && fact.refusedAt > 0 && fact.refusedAt >= Math.max(fact.providerAt, fact.coveredAt)) {
    return 'outside';
  }
  const provider = fact?.provider ?? known.table(domain);
  if (provider !== null) {
    if (COVERED_PROVIDERS.has(provider)) return 'covered';
    if (OUTSIDE_PROVIDERS.has(provider)) return 'outside';
  }
  const learned = provider === null ? null : known.provider(provider);
  if ((learned?.coveredAt ?? 0) > 0 || (fact?.coveredAt ?? 0) > 0) return 'covered';
  const outside = [learned?.outsideAt, fact?.outsideAt, fact?.refusedAt];
  if (outside.some((at) => (at ?? 0) > 0)) return 'outside';
  return 'unknown';
}

/** A table of providers and their domains as the rule reads it: domain → provider code. */
export function tableOf(
  providers: Readonly<Record<string, readonly string[]>> | undefined,
): (domain: string) => string | null {
  if (!providers) return () => null;
  const byDomain = new Map<string, string>();
  for (const [code, domains] of Object.entries(providers)) {
    for (const domain of domains) byDomain.set(domain.toLowerCase(), code);
  }
  return (domain) => byDomain.get(domain) ?? null;
}
