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
// It runs for every address of a list (a million in 75 to 450 ms, as the
// rules are simple or many patterns, test/bench/rules.bench.ts), so nothing
// here is tried rule by rule, and nothing is allocated per address:
// - addresses, domains and suffixes are found in one walk back over the
//   address from its end, hashing as it goes (hash-index.ts): a probe at each
//   dot of its domain, at its @, and at its start for the whole address (the
//   local part walked only when an address rule is as long, and starts and
//   ends as it does: exactRules);
// - a pattern's @ stands at the address's @ (an address has one), so a pattern
//   is two globs, and waits where its literal ends put it: under its literal
//   domain (*@competitor.com), under the last label its domain ends with
//   (*@*.ru, test*@*.de), or under the character at the address's start, just
//   before its @ (*sales@*) or just after it (*@mail*); only patterns wild at
//   every end are tried for every address, the most specific first.
//
// Plain data and functions, importing nothing else: the import's classify
// worker builds its own matcher from the Rule[] it is handed (compileRules).
import type { Rule } from '../common/views/rule-views';
import { FNV_START, hashIndexOf, step } from './hash-index';

export interface RuleMatcher {
  /**
   * The index, in the rules compiled, of the rule that decides `address`, or
   * -1 when none matches. The address is as the importer normalizes it
   * (lib/addresses/address.ts normalizeCell: lower case); its last @ starts its domain.
   */
  decide(address: string): number;
  /** decide for the address `text[start, end)`: one line of a batch, with no string made for it. */
  decideIn(text: string, start: number, end: number): number;
}

/** A run of text with stars: literal pieces, the ends anchored unless a star is there. */
interface Glob {
  /** Literal start and end ('' for a star there), and the pieces between stars. */
  head: string;
  tail: string;
  middle: string[];
  /** The fewest characters it matches. */
  least: number;
  /** The head's first and the tail's last character, -1 for none: most addresses fail there. */
  first: number;
  last: number;
  /** No star in it: the text itself, all of the run. */
  exact: boolean;
}

/** A pattern made ready: its rank, and the globs for the address's parts. */
interface Pattern {
  index: number;
  /** Literal characters × 2, + 1 for a block: higher decides first. */
  score: number;
  /** With an @: before and after the address's @ (domain null when the map key says it). */
  local: Glob | null;
  domain: Glob | null;
  /** With no @: the whole address. */
  whole: Glob | null;
}

/**
 * What one domain, or the end of one, is a key for: its domain rule, its
 * suffix rule, the patterns of that literal domain, and the patterns whose
 * literal end has it as last label.
 */
interface DomainEntry {
  key: string;
  domain: number;
  suffix: number;
  patterns: Pattern[];
  endingPatterns: Pattern[];
  /** Those of them that start with a literal, by its first character. */
  endingByFirst: Map<number, Pattern[]>;
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

function globOf(text: string): Glob {
  const pieces = text.split('*');
  const head = pieces[0] ?? '';
  const tail = pieces.length > 1 ? (pieces[pieces.length - 1] ?? '') : '';
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  const least = head.length + tail.length + middle.reduce((n, p) => n + p.length, 0);
  const first = head === '' ? -1 : head.charCodeAt(0);
  const last = tail === '' ? -1 : tail.charCodeAt(tail.length - 1);
  return { head, tail, middle, least, first, last, exact: pieces.length === 1 };
}

/** Whether `s` from `from` to `to` matches the glob (every piece in order, the ends anchored). */
function globMatches(g: Glob, s: string, from: number, to: number): boolean {
  if (g.exact) return to - from === g.least && s.startsWith(g.head, from);
  if (to - from < g.least) return false;
  if (g.first !== -1 && (s.charCodeAt(from) !== g.first || !s.startsWith(g.head, from))) {
    return false;
  }
  if (
    g.last !== -1 &&
    (s.charCodeAt(to - 1) !== g.last || !s.startsWith(g.tail, to - g.tail.length))
  ) {
    return false;
  }
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

/** Whether the address `s[start, end)`, its @ at `at` (-1 for none), matches the pattern. */
function patternMatches(p: Pattern, s: string, start: number, at: number, end: number): boolean {
  if (p.whole !== null) return globMatches(p.whole, s, start, end);
  if (at === -1 || p.local === null) return false;
  if (!globMatches(p.local, s, start, at)) return false;
  return p.domain === null || globMatches(p.domain, s, at + 1, end);
}

/** The better of two rules for one key: block over allow, then the earlier. */
function better(rules: readonly Rule[], kept: number, other: number): number {
  if (kept === -1) return other;
  const a = rules[kept];
  const b = rules[other];
  if (a?.action === b?.action) return Math.min(kept, other);
  return b?.action === 'block' ? other : kept;
}

const byRank = (a: Pattern, b: Pattern): number => b.score - a.score || a.index - b.index;

/** The rules kept where an address finds them without trying the rest. */
interface Indexed {
  exact: Map<string, number>;
  /** What each domain, or domain's end, is a key for. */
  domains: Map<string, DomainEntry>;
  /** Patterns by a character of the address: its first, the one before its @, the one after. */
  byFirst: Map<number, Pattern[]>;
  beforeAt: Map<number, Pattern[]>;
  afterAt: Map<number, Pattern[]>;
  wild: Pattern[];
}

function entryOf(ix: Indexed, key: string): DomainEntry {
  let entry = ix.domains.get(key);
  if (!entry) {
    entry = {
      key,
      domain: -1,
      suffix: -1,
      patterns: [],
      endingPatterns: [],
      endingByFirst: new Map(),
    };
    ix.domains.set(key, entry);
  }
  return entry;
}

function push(map: Map<number, Pattern[]>, key: number, p: Pattern): void {
  const list = map.get(key);
  if (list) list.push(p);
  else map.set(key, [p]);
}

function addEnding(entry: DomainEntry, first: number, p: Pattern): void {
  if (first === -1) entry.endingPatterns.push(p);
  else push(entry.endingByFirst, first, p);
}

/** The label a literal end puts a pattern under (`*.co.uk` → uk), or null. */
function endingLabel(g: Glob): string | null {
  const dot = g.tail.lastIndexOf('.');
  return dot !== -1 && dot < g.tail.length - 1 ? g.tail.slice(dot + 1) : null;
}

function indexPattern(ix: Indexed, rule: Rule, index: number): void {
  const score = scoreOf(rule);
  const at = rule.value.indexOf('@');
  if (at === -1) {
    const whole = globOf(rule.value);
    const p: Pattern = { index, score, local: null, domain: null, whole };
    const label = endingLabel(whole);
    if (label !== null) addEnding(entryOf(ix, label), whole.first, p);
    else if (whole.first !== -1) push(ix.byFirst, whole.first, p);
    else ix.wild.push(p);
    return;
  }
  const localText = rule.value.slice(0, at);
  const domainText = rule.value.slice(at + 1);
  const local = globOf(localText);
  if (!domainText.includes('*')) {
    // Only the local part is left to match, against the address's before its @.
    entryOf(ix, domainText).patterns.push({ index, score, local, domain: null, whole: null });
    return;
  }
  const domain = globOf(domainText);
  const p: Pattern = { index, score, local, domain, whole: null };
  const label = endingLabel(domain);
  // (An empty local part matches no address; it is kept with the wild ones.)
  if (label !== null) addEnding(entryOf(ix, label), local.first, p);
  else if (local.first !== -1) push(ix.byFirst, local.first, p);
  else if (local.last !== -1) push(ix.beforeAt, local.last, p);
  else if (domain.first !== -1) push(ix.afterAt, domain.first, p);
  else ix.wild.push(p);
}

function indexRules(rules: readonly Rule[]): Indexed {
  const ix: Indexed = {
    exact: new Map(),
    domains: new Map(),
    byFirst: new Map(),
    beforeAt: new Map(),
    afterAt: new Map(),
    wild: [],
  };
  rules.forEach((rule, index) => {
    if (rule.kind === 'address') {
      ix.exact.set(rule.value, better(rules, ix.exact.get(rule.value) ?? -1, index));
    } else if (rule.kind === 'domain') {
      const entry = entryOf(ix, rule.value);
      entry.domain = better(rules, entry.domain, index);
    } else if (rule.kind === 'suffix') {
      const entry = entryOf(ix, rule.value.replace(/^\./, ''));
      entry.suffix = better(rules, entry.suffix, index);
    } else {
      indexPattern(ix, rule, index);
    }
  });
  for (const entry of ix.domains.values()) {
    entry.patterns.sort(byRank);
    entry.endingPatterns.sort(byRank);
    for (const byFirst of entry.endingByFirst.values()) byFirst.sort(byRank);
  }
  for (const map of [ix.byFirst, ix.beforeAt, ix.afterAt]) {
    for (const list of map.values()) list.sort(byRank);
  }
  ix.wild.sort(byRank);
  return ix;
}

/** Marks of exactRules: few enough to stay in the processor's cache. */
const MARKS = 4096;

/** An address's mark: its length, its first character and the one before its @, mixed. */
const markOf = (s: string, start: number, at: number, end: number): number =>
  (Math.imul(end - start, 0x9e3779b1) ^
    (s.charCodeAt(start) << 6) ^
    (at > start ? s.charCodeAt(at - 1) : 0)) &
  (MARKS - 1);

/**
 * The address rules, by the whole address's backward hash, and the marks of
 * their addresses: an address whose mark none has is no rule's, so its local
 * part need not be walked for that hash (most addresses of a list).
 */
function exactRules(exact: Map<string, number>) {
  const index = hashIndexOf([...exact].map(([key, rule]) => ({ key, index: rule })));
  const marks = new Uint8Array(MARKS);
  for (const key of exact.keys()) {
    const at = key.lastIndexOf('@');
    if (at !== -1) marks[markOf(key, 0, at, key.length)] = 1;
  }
  return {
    size: index.size,
    find: index.find,
    /** Whether the address `s[start, end)`, its @ at `at`, may be a rule's. */
    mayHold: (s: string, start: number, at: number, end: number): boolean =>
      index.size > 0 && marks[markOf(s, start, at, end)] === 1,
  };
}

/** Builds the matcher for `rules`; decide answers with indexes into this very array. */
export function compileRules(rules: readonly Rule[]): RuleMatcher {
  const ix = indexRules(rules);
  const { byFirst, beforeAt, afterAt, wild } = ix;
  const exact = exactRules(ix.exact);
  const domains = hashIndexOf(ix.domains.values());
  const scores = rules.map(scoreOf);

  /** The best of `list` (sorted by rank) matching the address, if it beats `best`. */
  const bestOf = (
    list: readonly Pattern[] | undefined,
    s: string,
    start: number,
    at: number,
    end: number,
    best: number,
  ) => {
    if (list === undefined) return best;
    const bestScore = best === -1 ? -1 : (scores[best] ?? -1);
    for (const p of list) {
      if (p.score < bestScore || (p.score === bestScore && p.index > best)) return best;
      if (patternMatches(p, s, start, at, end)) return p.index;
    }
    return best;
  };

  function decideIn(s: string, start: number, end: number): number {
    // Back from the end: at each dot, the domain's end so far; at the last @,
    // all of it; then on to the start for the whole address's hash.
    let h = FNV_START;
    let at = -1;
    let lastLabel = true;
    let ending: DomainEntry | undefined;
    let whole: DomainEntry | undefined;
    let suffix = -1;
    let walkedAll = true;
    for (let i = end - 1; i >= start; i--) {
      const c = s.charCodeAt(i);
      if (at === -1 && (c === 0x2e || c === 0x40)) {
        const entry = domains.size > 0 ? domains.find(h, s, i + 1, end) : undefined;
        if (entry !== undefined) {
          if (entry.suffix !== -1) suffix = entry.suffix;
          if (lastLabel) ending = entry;
          if (c === 0x40) whole = entry;
        }
        lastLabel = false;
        if (c === 0x40) {
          at = i;
          if (!exact.mayHold(s, start, at, end)) {
            walkedAll = false;
            break;
          }
        }
      }
      h = step(h, c);
    }
    if (walkedAll && exact.size > 0) {
      const hit = exact.find(h, s, start, end);
      if (hit !== undefined) return hit.index;
    }
    // With no @ there is no domain: what the walk met was not one.
    if (at === -1) {
      ending = undefined;
      suffix = -1;
    }
    const first = s.charCodeAt(start);
    let best = -1;
    if (ending !== undefined) {
      if (ending.endingByFirst.size > 0) {
        best = bestOf(ending.endingByFirst.get(first), s, start, at, end, best);
      }
      if (ending.endingPatterns.length > 0) {
        best = bestOf(ending.endingPatterns, s, start, at, end, best);
      }
    }
    if (whole !== undefined && whole.patterns.length > 0) {
      best = bestOf(whole.patterns, s, start, at, end, best);
    }
    if (byFirst.size > 0 && start < end) best = bestOf(byFirst.get(first), s, start, at, end, best);
    if (at > start && beforeAt.size > 0) {
      best = bestOf(beforeAt.get(s.charCodeAt(at - 1)), s, start, at, end, best);
    }
    if (at !== -1 && at + 1 < end && afterAt.size > 0) {
      best = bestOf(afterAt.get(s.charCodeAt(at + 1)), s, start, at, end, best);
    }
    if (wild.length > 0) best = bestOf(wild, s, start, at, end, best);
    if (best !== -1) return best;
    if (whole !== undefined && whole.domain !== -1) return whole.domain;
    return suffix;
  }

  return { decide: (address) => decideIn(address, 0, address.length), decideIn };
}
