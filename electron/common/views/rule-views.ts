// The user's allow and block rules as every process sees them: the app's main
// side keeps them (rules/store.ts), the import's worker applies them
// (rules/match.ts), the window shows and edits them (Settings → Rules).
// Dependency-free, so the window may take these words too.

/** Block: never sent, row status `blocked`. Allow: never left out by a free check. */
export const RULE_ACTIONS = ['allow', 'block'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/**
 * What a rule's value is matched against: one whole address, one domain
 * exactly (not its sub-domains), a domain suffix (`.co.uk`: every domain
 * ending so, and `co.uk` itself), or a pattern where `*` stands for any run of
 * characters (`*@competitor.com`, `test*@*`).
 */
export const RULE_KINDS = ['address', 'domain', 'suffix', 'pattern'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export interface Rule {
  /** Short and stable: `list-cleaner rules remove <id>` and the window name a rule by it. */
  id: string;
  action: RuleAction;
  kind: RuleKind;
  /** As the user would type it, normalized: lower case; a suffix keeps its leading dot. */
  value: string;
  /** When the rule was added, or its action last changed (ISO 8601 UTC). */
  addedAt: string;
}

/** The longest rule accepted, in characters (an address is at most 254; a pattern a little more). */
export const MAX_RULE_CHARS = 320;

/** The most rules kept; each address of a list is judged against all of them. */
export const MAX_RULES = 10_000;

/** What adding rules did: the rules new, those whose action changed, those already there as asked. */
export interface RulesChangeView {
  added: Rule[];
  changed: Rule[];
  unchanged: Rule[];
  /** Every rule after the change. */
  rules: Rule[];
}
