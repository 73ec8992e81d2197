// Which rule decides an address: the most specific one that matches it.
//   1. an exact address rule;
//   2. a pattern: the one with the most literal (non-*) characters;
//   3. a domain rule (that domain exactly, not its sub-domains);
//   4. a suffix rule: the longest one the domain ends with (.co.uk before .uk).
// Between an allow and a block rule equally specific (the same value, or two
// patterns with as many literal characters), block wins: a block the user
// wrote is never undone by a rule no more precise, and an address wrongly
// left out costs a look at the review, where one wrongly sent costs money and
// may hurt the sender's reputation. Between two such rules of one action, the
// earlier in the list.
//
// It runs for every address of a list (a million in a few hundred
// milliseconds, test/bench/rules.bench.ts), so nothing here is tried rule by
// rule: addresses and domains are keys of maps; suffixes are found by walking
// up the domain's labels; a pattern whose domain part is literal
// (*@competitor.com) waits under that domain, one that ends in a literal with
// a dot (*.ru, test*@*.de) under its last label, one that starts with a
// literal (test*@*) under its first character; only patterns wild at both
// ends are tried for every address, the most specific first.
//
// Plain data and functions, importing nothing: the import's classify worker
// builds its own matcher from the Rule[] it is handed (compileRules).
import type { Rule } from '../common/rule-views';

export interface RuleMatcher {
  /**
   * The index, in the rules compiled, of the rule that decides `address`, or
   * -1 when none matches. The address is as the importer normalizes it
   * (lists/address.ts normalizeCell: lower case).
   */
  decide(address: string): number;
}

/** A pattern made ready: literal pieces around its stars, its rank among patterns. */
interface Glob {
  index: number;
  /** Literal characters × 2, + 1 for a block: higher decides first. */
  score: number;
  /** Literal start (may be '') and end (may be ''), and the pieces between stars. */
  head: string;
  tail: string;
  middle: string[];
  /** The fewest characters it matches. */
  least: number;
}

/** What one domain is a key for: its domain rule, its suffix rule, the patterns under it. */
interface DomainEntry {
  domain: number;
  suffix: number;
  patterns: Glob[];
}

/** The rule as the user would type it: `*@competitor.com`, `.co.uk`, `example.com`. */
export function describeRule(rule: Pick<Rule, 'value'>): string {
  return rule.value;
}

/** The specificity of a pattern among patterns: its literal characters, then block over allow. */
const scoreOf = (rule: Rule): number =>
  (rule.value.length - countStars(rule.value)) * 2 + (rule.action === 'block' ? 1 : 0);

function countStars(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) === 0x2a) n++;
  return n;
}

function globOf(pattern: string, index: number, score: number): Glob {
  const pieces = pattern.split('*');
  const head = pieces[0] ?? '';
  const tail = pieces.length > 1 ? (pieces[pieces.length - 1] ?? '') : '';
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  const least = head.length + tail.length + middle.reduce((n, p) => n + p.length, 0);
  return { index, score, head, tail, middle, least };
}

/** Whether `s` from `from` to `to` matches the glob (every piece in order, the ends anchored). */
function globMatches(g: Glob, s: string, from: number, to: number): boolean {
  if (to - from < g.least) return false;
  if (g.head !== '' && !s.startsWith(g.head, from)) return false;
  if (g.tail !== '' && !s.startsWith(g.tail, to - g.tail.length)) return false;
  // The leftmost place of each piece leaves the most room to those after it.
  let at = from + g.head.length;
  const end = to - g.tail.length;
  for (const piece of g.middle) {
    const found = s.indexOf(piece, at);
    if (found === -1 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/** The better of two rules for one key: block over allow, then the earlier. */
function better(rules: readonly Rule[], kept: number, other: number): number {
  if (kept === -1) return other;
  const a = rules[kept];
  const b = rules[other];
  if (a?.action === b?.action) return Math.min(kept, other);
  return b?.action === 'block' ? other : kept;
}

const byRank = (a: Glob, b: Glob): number => b.score - a.score || a.index - b.index;

function push<K>(map: Map<K, Glob[]>, key: K, glob: Glob): void {
  const list = map.get(key);
  if (list) list.push(glob);
  else map.set(key, [glob]);
}

/** The patterns a walk may meet, kept where an address finds them without trying the rest. */
interface Indexed {
  exact: Map<string, number>;
  domains: Map<string, DomainEntry>;
  byLastLabel: Map<string, Glob[]>;
  byFirstChar: Map<number, Glob[]>;
  wild: Glob[];
  suffixes: number;
}

function entryOf(domains: Map<string, DomainEntry>, key: string): DomainEntry {
  let entry = domains.get(key);
  if (!entry) {
    entry = { domain: -1, suffix: -1, patterns: [] };
    domains.set(key, entry);
  }
  return entry;
}

function indexPattern(ix: Indexed, rule: Rule, index: number): void {
  const score = scoreOf(rule);
  const at = rule.value.lastIndexOf('@');
  const domain = at === -1 ? '' : rule.value.slice(at + 1);
  if (at !== -1 && !domain.includes('*')) {
    // Only the local part is left to match, against the address's before its @.
    const glob = globOf(rule.value.slice(0, at), index, score);
    entryOf(ix.domains, domain).patterns.push(glob);
    return;
  }
  const glob = globOf(rule.value, index, score);
  const dot = glob.tail.lastIndexOf('.');
  if (dot !== -1 && dot < glob.tail.length - 1) {
    push(ix.byLastLabel, glob.tail.slice(dot + 1), glob);
  } else if (glob.head !== '') {
    push(ix.byFirstChar, glob.head.charCodeAt(0), glob);
  } else {
    ix.wild.push(glob);
  }
}

function indexRules(rules: readonly Rule[]): Indexed {
  const ix: Indexed = {
    exact: new Map(),
    domains: new Map(),
    byLastLabel: new Map(),
    byFirstChar: new Map(),
    wild: [],
    suffixes: 0,
  };
  rules.forEach((rule, index) => {
    if (rule.kind === 'address') {
      ix.exact.set(rule.value, better(rules, ix.exact.get(rule.value) ?? -1, index));
    } else if (rule.kind === 'domain') {
      const entry = entryOf(ix.domains, rule.value);
      entry.domain = better(rules, entry.domain, index);
    } else if (rule.kind === 'suffix') {
      const entry = entryOf(ix.domains, rule.value.replace(/^\./, ''));
      entry.suffix = better(rules, entry.suffix, index);
      ix.suffixes += 1;
    } else {
      indexPattern(ix, rule, index);
    }
  });
  for (const entry of ix.domains.values()) entry.patterns.sort(byRank);
  for (const list of ix.byLastLabel.values()) list.sort(byRank);
  for (const list of ix.byFirstChar.values()) list.sort(byRank);
  ix.wild.sort(byRank);
  return ix;
}

/** Builds the matcher for `rules`; decide answers with indexes into this very array. */
export function compileRules(rules: readonly Rule[]): RuleMatcher {
  const { exact, domains, byLastLabel, byFirstChar, wild, suffixes } = indexRules(rules);
  const scores = rules.map(scoreOf);

  /** The best of `list` (sorted by rank) matching s[from, to), if it beats `best`. */
  const bestOf = (
    list: readonly Glob[] | undefined,
    s: string,
    from: number,
    to: number,
    best: number,
  ): number => {
    if (!list) return best;
    const bestScore = best === -1 ? -1 : (scores[best] ?? -1);
    for (const g of list) {
      if (g.score < bestScore || (g.score === bestScore && g.index > best)) return best;
      if (globMatches(g, s, from, to)) return g.index;
    }
    return best;
  };

  const suffixOf = (domain: string): number => {
    for (let dot = domain.indexOf('.'); dot !== -1; dot = domain.indexOf('.', dot + 1)) {
      const entry = domains.get(domain.slice(dot + 1));
      if (entry !== undefined && entry.suffix !== -1) return entry.suffix;
    }
    return -1;
  };

  return {
    decide(address) {
      if (exact.size > 0) {
        const hit = exact.get(address);
        if (hit !== undefined) return hit;
      }
      const at = address.lastIndexOf('@');
      const domain = at === -1 ? '' : address.slice(at + 1);
      const entry = domains.size > 0 && domain !== '' ? domains.get(domain) : undefined;
      let best = -1;
      if (entry !== undefined && entry.patterns.length > 0) {
        best = bestOf(entry.patterns, address, 0, at, best);
      }
      const end = address.length;
      if (byLastLabel.size > 0) {
        const label = address.slice(address.lastIndexOf('.') + 1);
        best = bestOf(byLastLabel.get(label), address, 0, end, best);
      }
      if (byFirstChar.size > 0) {
        best = bestOf(byFirstChar.get(address.charCodeAt(0)), address, 0, end, best);
      }
      if (wild.length > 0) best = bestOf(wild, address, 0, end, best);
      if (best !== -1) return best;
      if (entry !== undefined) {
        if (entry.domain !== -1) return entry.domain;
        if (entry.suffix !== -1) return entry.suffix;
      }
      return suffixes > 0 && domain !== '' ? suffixOf(domain) : -1;
    },
  };
}
